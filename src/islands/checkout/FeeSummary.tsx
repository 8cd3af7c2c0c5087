/**
 * The fee lines next to the pay button (issue 11: "Show the fee lines wherever a total includes
 * fees"): the pay button and the footer's 'Total to pay' include the outside fees, so the page
 * shows what they are made of. Shown when the cart has fees (the shared rule in domain/fee-lines.ts)
 * or a payment already taken (a gift card): then 'Paid' and 'Remaining to pay' follow the total, so
 * the summary agrees with the pay button. The cart aside has the full totals.
 */
import type { CartEnvelope } from "../../lib/api/cart-schemas.ts";
import { cartTotals } from "../../lib/domain/cart-items.ts";
import { paymentSummary } from "../../lib/domain/cart-payments.ts";
import { feeLinesWithPayments } from "../../lib/domain/fee-lines.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./fee-summary.css";

interface FeeSummaryProps {
  envelope: CartEnvelope | null;
  tr: CheckoutTranslate;
  money: (minor: number) => string;
}

export function FeeSummary({ envelope, tr, money }: FeeSummaryProps) {
  const totals = envelope ? cartTotals(envelope) : null;
  const lines = totals
    ? feeLinesWithPayments(
        {
          faceValue: totals.faceValue,
          fees: totals.fees,
          discount: totals.promoDiscount,
          total: totals.total,
        },
        envelope ? (paymentSummary(envelope)?.paid ?? 0) : 0,
      )
    : [];
  if (!lines.length) return null;
  return (
    <dl className="checkout-fees" data-testid="checkout-fees">
      {lines.map((line) => (
        <div
          key={line.key}
          className={
            line.key === "total"
              ? "checkout-fees__total"
              : line.key === "remaining"
                ? "checkout-fees__remaining"
                : undefined
          }
        >
          <dt>{tr(`checkout.summary.${line.key}`)}</dt>
          <dd>
            {line.key === "discount" || line.key === "paid" ? `−${money(line.amount)}` : money(line.amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
