/**
 * The submit area; below 40em it is the 80 px mobile reserve footer (spec §2): cart button,
 * 'Skip add-on' when the page allows skipping and no tickets are selected, submit, total.
 * Errors are announced (role=alert); the confirmation is a live status that takes focus.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { $cart } from "../../lib/stores/cart.ts";
import { openMobileCart } from "../../lib/stores/ui.ts";
import { useReserveEnv } from "./context.ts";

interface ReserveFooterProps {
  total: number;
  ticketCount: number;
  canSubmit: boolean;
  submitting: boolean;
  onSubmit: () => void;
  message: string | undefined;
  added: number;
}

export function ReserveFooter({
  total,
  ticketCount,
  canSubmit,
  submitting,
  onSubmit,
  message,
  added,
}: ReserveFooterProps) {
  const { props, text, money } = useReserveEnv();
  const cart = useStore($cart);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const inCart = cart?.envelope.ticket._data.length ?? 0;
  useEffect(() => {
    if (added > 0) confirmation.current?.focus();
  }, [added]);
  return (
    <div className="reserve__submit">
      {message && (
        <p className="notice notice--error reserve__error" role="alert">
          {message}
        </p>
      )}
      <p ref={confirmation} className="reserve__added" role="status" tabIndex={-1}>
        {added > 0 ? text("reserve.added") : ""}
      </p>
      <div className="reserve-footer">
        <button
          type="button"
          className="button button--secondary reserve-footer__cart"
          onClick={openMobileCart}
        >
          {text("reserve.footer.cart")}
          {inCart > 0 && <span className="reserve-footer__badge"> ({badgeLabel(inCart)})</span>}
        </button>
        {props.skipHref && ticketCount === 0 && inCart > 0 && (
          <a className="reserve-footer__skip" href={props.skipHref}>
            {text("reserve.footer.skip")}
          </a>
        )}
        <p className="reserve-footer__total">
          <span>{text("reserve.total")}</span> <strong data-testid="reserve-total">{money(total)}</strong>
        </p>
        <button
          type="button"
          className="button reserve-footer__submit"
          disabled={!canSubmit || submitting}
          aria-busy={submitting || undefined}
          onClick={onSubmit}
        >
          {submitting ? text("reserve.submitting") : text("reserve.submit")}
        </button>
      </div>
    </div>
  );
}
