/**
 * The accessible modal every island uses: a native <dialog> opened with showModal(), so the rest
 * of the page is inert (focus stays inside), Escape closes it, and focus returns to the control
 * that was focused before it opened. Labelled by its title; described by its body when given.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  /** The close button's accessible name, a tenant string ("dialog.close"). */
  closeLabel: string;
  /** Escape, the close button, or a click on the backdrop. Omit to make the dialog undismissable. */
  onClose?: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  /** Full screen below 40em (description and seat dialogs). */
  fullScreenOnMobile?: boolean;
  testId?: string;
}

export function Dialog({
  open,
  title,
  closeLabel,
  onClose,
  children,
  actions,
  fullScreenOnMobile,
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = returnFocus.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    }
  }, [open]);

  // Closing on unmount too, so focus is never lost inside a removed dialog.
  useEffect(
    () => () => {
      const target = returnFocus.current;
      if (ref.current?.open && target instanceof HTMLElement && target.isConnected) target.focus();
    },
    [],
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the cancel event handles for keyboards.
    <dialog
      ref={ref}
      className={`dialog${fullScreenOnMobile ? " dialog--fullscreen-mobile" : ""}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose?.();
      }}
    >
      <div className="dialog__inner">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        {actions && <div className="dialog__actions">{actions}</div>}
      </div>
    </dialog>
  );
}
