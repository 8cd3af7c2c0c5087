/**
 * An island's inputs are rendered on the server and
 * can be typed into (or autofilled by a password manager) in the 0.1–0.3 s before the island
 * hydrates. React keeps that text in the DOM while hydrating but not in its state, so the next
 * render writes the state back over it. Every island input (and select, ui/ChoiceInput.tsx) adopts,
 * once on mount, the value its DOM node already holds. A node rendered on the client holds the state's value, so this is a
 * no-op there.
 */
import { type Ref, type RefObject, useCallback, useLayoutEffect, useRef } from "react";

export function useTypedBeforeHydration(
  node: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  value: string | undefined,
  onChange: (value: string) => void,
): void {
  // Read in a layout effect: it runs in the hydration commit, before the browser paints or
  // dispatches the next input event, so no keystroke falls between reading and adopting.
  // A field without a value of its own (uncontrolled: undefined) keeps what it holds anyway.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, by design
  useLayoutEffect(() => {
    const current = node.current?.value;
    if (value !== undefined && current !== undefined && current !== value) onChange(current);
  }, []);
}

/** One ref callback feeding both the component's own ref and the one its parent forwarded. */
export function useJoinedRef<T>(
  forwarded: Ref<T> | undefined,
): [RefObject<T | null>, (node: T | null) => void] {
  const own = useRef<T | null>(null);
  const join = useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof forwarded === "function") forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
  return [own, join];
}
