/**
 * A staff action's two steps (the button that asks, then the confirmation): focus goes to the
 * confirmation's first control when it opens, and back to the asking button when staff step back,
 * so a keyboard or screen-reader user never loses their place.
 */
import { useEffect, useRef, useState } from "react";

export function useConfirmStep<First extends HTMLElement = HTMLButtonElement>() {
  const [confirming, setConfirming] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  /** The button that opens the confirmation. */
  const askRef = useRef<HTMLButtonElement>(null);
  /** The confirmation's first control. */
  const firstRef = useRef<First>(null);

  useEffect(() => {
    if (confirming) firstRef.current?.focus();
    else if (returnFocus) askRef.current?.focus();
  }, [confirming, returnFocus]);

  return {
    confirming,
    askRef,
    firstRef,
    /** Opens the confirmation. */
    ask: () => setConfirming(true),
    /** Steps back: the asking button takes the focus again. */
    stepBack: () => {
      setConfirming(false);
      setReturnFocus(true);
    },
    /** Closes it once the action is done (what follows decides where the focus goes). */
    close: () => setConfirming(false),
  };
}
