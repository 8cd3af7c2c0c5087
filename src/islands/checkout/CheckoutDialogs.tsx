/** The checkout's dialogs: the tenant's terms, and the bank's request to confirm a payment. */
import { Dialog } from "../ui/Dialog.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";

export function TermsDialog(props: {
  open: boolean;
  content: string;
  onClose: () => void;
  tr: CheckoutTranslate;
}) {
  const { tr } = props;
  return (
    <Dialog
      open={props.open}
      title={tr("checkout.terms.title")}
      closeLabel={tr("dialog.close")}
      onClose={props.onClose}
    >
      <p className="checkout-terms__content">{props.content}</p>
    </Dialog>
  );
}

export function ConfirmPaymentDialog(props: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  tr: CheckoutTranslate;
}) {
  const { tr } = props;
  return (
    <Dialog
      open={props.open}
      title={tr("checkout.confirm.title")}
      closeLabel={tr("dialog.close")}
      onClose={props.onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            {tr("checkout.confirm.cancel")}
          </button>
          <button type="button" className="button" onClick={props.onConfirm}>
            {tr("checkout.confirm.action")}
          </button>
        </>
      }
    >
      <p>{tr("checkout.confirm.body")}</p>
    </Dialog>
  );
}
