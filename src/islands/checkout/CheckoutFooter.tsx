/** The checkout's mobile footer: the cart button, the total to pay and a second pay button. */
import { CartButtonView } from "../cart/CartButton.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";

export function CheckoutFooter(props: {
  ticketCount: number;
  total: string;
  payLabel: string;
  disabled: boolean;
  tr: CheckoutTranslate;
}) {
  const { tr } = props;
  return (
    <div className="checkout-footer">
      <CartButtonView
        count={props.ticketCount}
        label={tr("checkout.footer.cart")}
        countText={(badge) => tr("checkout.footer.cart.count", { count: badge })}
      />
      <p className="checkout-footer__total">
        <span>{tr("checkout.totalToPay")}</span> <strong>{props.total}</strong>
      </p>
      <button
        type="submit"
        form="checkout-form"
        className="button"
        disabled={props.disabled}
        tabIndex={-1}
        aria-hidden="true"
      >
        {props.payLabel}
      </button>
    </div>
  );
}
