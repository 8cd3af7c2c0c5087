/**
 * The rule "Islands must adopt the values already in the server-rendered fields", for
 * choices. A box ticked, a radio button chosen or an option selected in an island's server HTML
 * before it hydrates stays in the page: React keeps what the node holds while hydrating. But the
 * island's state does not know it, and the next render put the state back over it. Checkout's
 * 'I agree to the terms and conditions' was unticked, and Pay then said the terms were not
 * accepted. Its donation amount went back to the first one.
 *
 * Every checkbox, radio button and select of an island is one of these
 * (tests/unit/pages/island-forms.test.ts). Once, on mount (a layout effect: in the hydration commit,
 * before the next event), each reports what its node holds through its own `onChange` when that
 * differs from its props:
 * - a checkbox ticked or unticked;
 * - the radio button chosen (the others are left alone);
 * - a select's chosen value.
 * A node rendered on the client holds its props, so this is a no-op there. An uncontrolled control
 * (no `checked` or `value`) keeps what it holds anyway and is left alone.
 */
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  useLayoutEffect,
} from "react";
import { useJoinedRef, useTypedBeforeHydration } from "./useTypedBeforeHydration.ts";

type ChoiceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  type: "checkbox" | "radio";
  ref?: Ref<HTMLInputElement>;
};

export function ChoiceInput({ ref, ...props }: ChoiceInputProps) {
  const [own, join] = useJoinedRef<HTMLInputElement>(ref);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, by design
  useLayoutEffect(() => {
    const node = own.current;
    if (!node || !props.onChange || props.checked === undefined) return;
    const taken = props.type === "radio" ? node.checked && !props.checked : node.checked !== props.checked;
    if (taken) props.onChange(changeOf(node));
  }, []);
  return <input {...props} ref={join} />;
}

type ChoiceSelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/** A select adopts its chosen value as a text field does its text (useTypedBeforeHydration). */
export function ChoiceSelect({ ref, ...props }: ChoiceSelectProps) {
  const [own, join] = useJoinedRef<HTMLSelectElement>(ref);
  const { value, multiple, onChange } = props;
  useTypedBeforeHydration(own, value === undefined || multiple ? undefined : String(value), () => {
    if (own.current && onChange) onChange(changeOf(own.current));
  });
  return <select {...props} ref={join} />;
}

/** What the islands' change handlers read of an event: the node, as target and current target. */
function changeOf<T extends HTMLInputElement | HTMLSelectElement>(node: T): ChangeEvent<T> {
  return { target: node, currentTarget: node } as unknown as ChangeEvent<T>;
}
