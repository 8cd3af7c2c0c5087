/**
 * The submit area; below 40em it is the 80 px mobile reserve footer (spec §2): cart button,
 * 'Skip add-on' when the page allows skipping and no tickets are selected, submit, total. A total
 * with outside fees has the subtotal and fee lines above it.
 * Errors are announced (role=alert); the confirmation is a live status that takes focus. It also
 * holds the code-required dialog of the submitter, so every flow handles §8 the same way.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { $cart } from "../../lib/stores/cart.ts";
import { openMobileCart } from "../../lib/stores/ui.ts";
import { CodeRequiredDialog } from "./CodeRequiredDialog.tsx";
import { useReserveEnv } from "./context.ts";
import type { ReserveSubmit } from "./useReserveSubmit.ts";

interface ReserveFooterProps {
  total: number;
  /** The outside fees inside `total`: shown as their own line with the subtotal. */
  fees?: number;
  ticketCount: number;
  canSubmit: boolean;
  onSubmit: () => void;
  submitter: ReserveSubmit;
}

export function ReserveFooter({
  total,
  fees = 0,
  ticketCount,
  canSubmit,
  onSubmit,
  submitter,
}: ReserveFooterProps) {
  const { submitting, message, added } = submitter;
  const { props, text, money } = useReserveEnv();
  const cart = useStore($cart);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const inCart = cart?.envelope.ticket._data.length ?? 0;
  // 'Added to your cart.' speaks of the cart it was added to: once that cart is empty or gone
  // (expired, emptied, checked out in another tab) the confirmation is stale and goes.
  const [showAdded, setShowAdded] = useState(false);
  useEffect(() => setShowAdded(added > 0), [added]);
  useEffect(() => {
    if (inCart === 0) setShowAdded(false);
  }, [inCart]);
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
        {showAdded ? text("reserve.added") : ""}
      </p>
      {fees > 0 && (
        <dl className="reserve-breakdown" data-testid="reserve-breakdown">
          <div>
            <dt>{text("reserve.subtotal")}</dt>
            <dd>{money(total - fees)}</dd>
          </div>
          <div>
            <dt>{text("reserve.fees")}</dt>
            <dd>{money(fees)}</dd>
          </div>
        </dl>
      )}
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
      <CodeRequiredDialog
        state={submitter.codeDialog}
        onApply={(c) => void submitter.applyCode(c)}
        onClose={submitter.closeCodeDialog}
      />
    </div>
  );
}
