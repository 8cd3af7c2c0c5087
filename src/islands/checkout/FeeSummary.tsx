/**
 * The fee lines next to the pay button (issue 11: "Show the fee lines wherever a total includes
 * fees"): the pay button and the footer's 'Total to pay' include the outside fees, so the page
 * shows what they are made of. Shown only when the cart has fees; the cart aside has the full totals.
 */
import type { CartEnvelope } from "../../lib/api/cart-schemas.ts";
import { cartTotals } from "../../lib/domain/cart-items.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./fee-summary.css";

interface FeeSummaryProps {
  envelope: CartEnvelope | null;
  tr: CheckoutTranslate;
  money: (minor: number) => string;
}

export function FeeSummary({ envelope, tr, money }: FeeSummaryProps) {
  const totals = envelope ? cartTotals(envelope) : null;
  if (!totals || totals.fees <= 0) return null;
  return (
    <dl className="checkout-fees" data-testid="checkout-fees">
      <div>
        <dt>{tr("checkout.summary.subtotal")}</dt>
        <dd>{money(totals.faceValue)}</dd>
      </div>
      <div>
        <dt>{tr("checkout.summary.fees")}</dt>
        <dd>{money(totals.fees)}</dd>
      </div>
      {totals.promoDiscount > 0 && (
        <div>
          <dt>{tr("checkout.summary.discount")}</dt>
          <dd>−{money(totals.promoDiscount)}</dd>
        </div>
      )}
      <div className="checkout-fees__total">
        <dt>{tr("checkout.summary.total")}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
