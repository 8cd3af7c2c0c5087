/**
 * The membership form's footer: the cart (opens the mobile cart, with the ticket count), skip to
 * checkout, the total, back to the events, and the submit once the form has started.
 */
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { openMobileCart } from "../../lib/stores/ui.ts";
import type { FormText } from "./form-text.ts";

export interface MembershipFooterProps {
  cartTicketCount: number;
  levelChosen: boolean;
  total: string;
  base: string;
  /** The submit shows once the form has started. */
  showSubmit: boolean;
  canSubmit: boolean;
  submitting: boolean;
  /** A gift or a redeemed gift goes to checkout: its submit says so. */
  toCheckout: boolean;
  text: FormText;
}

export function MembershipFooter(props: MembershipFooterProps) {
  const { text } = props;
  const cartHasTickets = props.cartTicketCount > 0;
  return (
    <div className="reserve__submit">
      <div className="reserve-footer membership-footer">
        <button
          type="button"
          className="button button--secondary reserve-footer__cart"
          onClick={openMobileCart}
        >
          {text("membershipForm.footer.cart")}
          {cartHasTickets && (
            <span className="reserve-footer__badge"> ({badgeLabel(props.cartTicketCount)})</span>
          )}
        </button>
        {cartHasTickets && !props.levelChosen && (
          <a className="reserve-footer__skip" href={`${props.base}/checkout`}>
            {text("membershipForm.footer.skip")}
          </a>
        )}
        <p className="reserve-footer__total">
          <span>{text("membershipForm.total")}</span>{" "}
          <strong data-testid="membership-total">{props.total}</strong>
        </p>
        <a className="button button--secondary membership-footer__back" href={`${props.base}/events`}>
          {text("membershipForm.back")}
        </a>
        {props.showSubmit && (
          <button
            type="submit"
            className="button reserve-footer__submit"
            disabled={!props.canSubmit}
            aria-busy={props.submitting || undefined}
          >
            {props.submitting
              ? text("membershipForm.submitting")
              : props.toCheckout
                ? text("membershipForm.submit.gift")
                : text("membershipForm.submit")}
          </button>
        )}
      </div>
    </div>
  );
}
