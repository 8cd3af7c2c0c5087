/**
 * Every form of an island (tests/unit/pages/island-forms.test.ts). Two rules live here, once:
 * - `method="post"`: a browser with no JavaScript at all sends the form as a POST, never as a GET
 *   with its fields (a card number, a password) in the address, the history and the logs.
 * - A submission, or a click on one of its other buttons, before the island is ready is not lost.
 *   Until this form has mounted, Base.astro's guard (ISLAND_GUARD_SCRIPT) stops both and holds the
 *   form's first one (a submission with its button, or the clicked button). Once mounted
 *   (hydrated), the form says it is ready and sends the held submission, or clicks the held
 *   button, again, after the fields' own adoption of the text typed before hydration
 *   (useTypedBeforeHydration, a layout effect whose update has been rendered by the time this task
 *   runs), so the island's handler sees what the shopper typed.
 */
import { type FormHTMLAttributes, type Ref, useLayoutEffect } from "react";
import { useJoinedRef } from "./useTypedBeforeHydration.ts";

/** What the guard shares with the forms: which forms are ready, the held submissions and clicks. */
export interface IslandFormRegistry {
  ready: WeakSet<HTMLFormElement>;
  /** A submission held, with its button (null: Enter in a field). */
  held: WeakMap<HTMLFormElement, HTMLElement | null>;
  /** A click held on one of the form's controls that does not submit. */
  clicked: WeakMap<HTMLFormElement, HTMLElement>;
  /** Clicks a held control again: at once, or once the island enables it (for up to 3 s). */
  click: (control: HTMLElement) => void;
}

declare global {
  interface Window {
    __foyerIslandForms?: IslandFormRegistry;
  }
}

type IslandFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action"> & {
  ref?: Ref<HTMLFormElement>;
};

export function IslandForm({ ref, children, ...rest }: IslandFormProps) {
  const [own, join] = useJoinedRef<HTMLFormElement>(ref);
  useLayoutEffect(() => {
    const form = own.current;
    const registry = typeof window === "undefined" ? undefined : window.__foyerIslandForms;
    if (!form || !registry) return;
    // Adding twice is harmless, and a held action is taken out once, so this may run again.
    registry.ready.add(form);
    const submission = registry.held.has(form) ? { submitter: registry.held.get(form) ?? null } : null;
    const clicked = registry.clicked.get(form) ?? null;
    registry.held.delete(form);
    registry.clicked.delete(form);
    if (!submission && !clicked) return;
    // A task later: the fields' adoption of the typed text (layout effects of this same commit) is
    // rendered by then, so the handler reads it.
    setTimeout(() => {
      if (!form.isConnected) return;
      if (submission) {
        const { submitter } = submission;
        form.requestSubmit(submitter?.isConnected && formOf(submitter) === form ? submitter : null);
      } else if (clicked && formOf(clicked) === form) {
        registry.click(clicked);
      }
    }, 0);
  }, [own]);
  return (
    // data-island-form: how the guard knows this form (rendered on the server and the client alike).
    <form {...rest} ref={join} method="post" data-island-form="">
      {children}
    </form>
  );
}

function formOf(element: HTMLElement): HTMLFormElement | null {
  return element instanceof HTMLButtonElement || element instanceof HTMLInputElement ? element.form : null;
}
