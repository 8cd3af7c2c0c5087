/**
 * The mobile cart modal (spec 1 §2 "Mobile footers"): the cart widget, the amount due by card,
 * proceed to checkout (hidden when already on checkout) and 'more events' to the listing.
 */
import type { ReactNode } from "react";
import { Dialog } from "../ui/Dialog.tsx";
import type { CartTranslate } from "./cart-strings.ts";

interface MobileCartDialogProps {
  open: boolean;
  onClose: () => void;
  tr: CartTranslate;
  amountDue: string;
  checkoutHref: string | null;
  eventsHref: string;
  children: ReactNode;
}

export function MobileCartDialog(props: MobileCartDialogProps) {
  const { open, onClose, tr, amountDue, checkoutHref, eventsHref, children } = props;
  return (
    <Dialog
      open={open}
      title={tr("cart.title")}
      closeLabel={tr("dialog.close")}
      onClose={onClose}
      fullScreenOnMobile
      testId="mobile-cart-dialog"
      actions={
        <>
          <a className="button button--secondary" href={eventsHref}>
            {tr("cart.moreEvents")}
          </a>
          {checkoutHref && (
            <a className="button" href={checkoutHref}>
              {tr("cart.checkout")}
            </a>
          )}
        </>
      }
    >
      {open && (
        <div className="mobile-cart">
          {children}
          <p className="mobile-cart__due">
            <span>{tr("cart.amountDue")}</span> <strong>{amountDue}</strong>
          </p>
        </div>
      )}
    </Dialog>
  );
}
