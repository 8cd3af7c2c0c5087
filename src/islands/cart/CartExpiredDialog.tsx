/** The cart-expired modal (spec 1 §4 "Timer"): shown once the time is up; the cart is already cleared. */
import { Dialog } from "../ui/Dialog.tsx";
import type { CartTranslate } from "./cart-strings.ts";

interface CartExpiredDialogProps {
  open: boolean;
  onClose: () => void;
  tr: CartTranslate;
}

export function CartExpiredDialog({ open, onClose, tr }: CartExpiredDialogProps) {
  return (
    <Dialog
      open={open}
      title={tr("cart.expired.title")}
      closeLabel={tr("dialog.close")}
      onClose={onClose}
      testId="cart-expired-dialog"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {tr("cart.expired.ok")}
        </button>
      }
    >
      <p>{tr("cart.expired.body")}</p>
    </Dialog>
  );
}
