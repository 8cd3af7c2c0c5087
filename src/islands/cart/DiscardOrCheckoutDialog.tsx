/**
 * The discard-cart-or-checkout modal (spec 1 §2 "Modals"): the shopper must act on the current
 * cart first. Any island opens it with requestDiscardOrCheckout() from src/lib/stores/ui.ts; the
 * cart widget renders it.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { deleteCart } from "../../lib/stores/cart.ts";
import { $discardPrompt, settleDiscardPrompt } from "../../lib/stores/ui.ts";
import { Dialog } from "../ui/Dialog.tsx";
import type { CartTranslate } from "./cart-strings.ts";

interface DiscardOrCheckoutDialogProps {
  checkoutHref: string | null;
  tr: CartTranslate;
}

export function DiscardOrCheckoutDialog({ checkoutHref, tr }: DiscardOrCheckoutDialogProps) {
  const prompt = useStore($discardPrompt);
  const [discarding, setDiscarding] = useState(false);
  const [error, setError] = useState("");

  async function discard() {
    setDiscarding(true);
    setError("");
    try {
      await deleteCart();
      settleDiscardPrompt("discarded");
    } catch {
      setError(tr("cart.error"));
    } finally {
      setDiscarding(false);
    }
  }

  function checkout() {
    settleDiscardPrompt("checkout");
    if (checkoutHref) window.location.assign(checkoutHref);
  }

  return (
    <Dialog
      open={prompt !== null}
      title={prompt?.title ?? tr("cart.discard.title")}
      closeLabel={tr("dialog.close")}
      onClose={() => settleDiscardPrompt("dismissed")}
      testId="discard-or-checkout-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={discard} disabled={discarding}>
            {tr("cart.discard.discard")}
          </button>
          <button type="button" className="button" onClick={checkout} disabled={!checkoutHref}>
            {tr("cart.discard.checkout")}
          </button>
        </>
      }
    >
      <p>{prompt?.message ?? tr("cart.discard.body")}</p>
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}
