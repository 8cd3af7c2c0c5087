/**
 * The remove-item confirmation (spec 1 §4 "Remove item"): removing a dependency item or the only
 * item deletes the whole cart, otherwise only that item's tickets go (rule: cart-items.ts).
 */
import { useState } from "react";
import { shopperMessage } from "../../lib/api/errors.ts";
import { type CartItem, removePlan } from "../../lib/domain/cart-items.ts";
import { deleteCart, removeTickets } from "../../lib/stores/cart.ts";
import { Dialog } from "../ui/Dialog.tsx";
import type { CartTranslate } from "./cart-strings.ts";

interface RemoveItemDialogProps {
  item: CartItem | null;
  items: CartItem[];
  onClose: () => void;
  tr: CartTranslate;
}

export function RemoveItemDialog({ item, items, onClose, tr }: RemoveItemDialogProps) {
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState("");
  const plan = item ? removePlan(items, item.id) : null;

  async function confirm() {
    if (!plan) return;
    setRemoving(true);
    setError("");
    try {
      if (plan.kind === "delete_cart") await deleteCart();
      else await removeTickets(plan.ticketIds);
      onClose();
    } catch (failure) {
      setError(shopperMessage(failure, tr("cart.error")));
    } finally {
      setRemoving(false);
    }
  }

  const close = () => {
    setError("");
    onClose();
  };
  const name = item?.name ?? "";
  return (
    <Dialog
      open={item !== null}
      title={tr("cart.remove.title")}
      closeLabel={tr("dialog.close")}
      onClose={close}
      testId="remove-item-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {tr("cart.cancel")}
          </button>
          <button type="button" className="button" onClick={confirm} disabled={removing}>
            {tr("cart.remove.confirm")}
          </button>
        </>
      }
    >
      <p>
        {plan?.kind === "delete_cart" && items.length > 1
          ? tr("cart.remove.bodyAll", { name })
          : tr("cart.remove.body", { name })}
      </p>
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}
