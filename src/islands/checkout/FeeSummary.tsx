/**
 * The fee lines next to the pay button ("Show the fee lines wherever a total includes
 * fees"): the pay button and the footer's 'Total to pay' include the outside fees, so the page
 * shows what they are made of. Shown when the cart has fees (the shared rule in domain/fee-lines.ts)
 * or a payment already taken (a gift card): then 'Paid' and 'Remaining to pay' follow the total, so
 * the summary agrees with the pay button. An edit cart (paying for an order's changes) ends with
 * the new tickets' total less what the current tickets are worth: the total to pay, the pay button's
 * amount. The cart aside has the full totals.
 */
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { cartTotals } from "../../lib/domain/cart-items.ts";
import { paymentSummary } from "../../lib/domain/cart-payments.ts";
import { editFeeLines, feeLinesWithPayments } from "../../lib/domain/fee-lines.ts";
import { apiMoneyMinor } from "../../lib/domain/money.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./fee-summary.css";

interface FeeSummaryProps {
  envelope: CartEnvelope | null;
  tr: CheckoutTranslate;
  money: (minor: number) => string;
}

export function FeeSummary({ envelope, tr, money }: FeeSummaryProps) {
  const totals = envelope ? cartTotals(envelope) : null;
  const paid = envelope ? (paymentSummary(envelope)?.paid ?? 0) : 0;
  // An edit cart pays for an order's changes: its sum is what the change costs, less the credit
  // for the tickets given back, so the summary ends on the amount the button charges.
  const credit = envelope?.cart._data[0]?.edit_credit;
  const breakdown = totals && {
    faceValue: totals.faceValue,
    fees: totals.fees,
    discount: totals.promoDiscount,
    total: totals.total,
  };
  const lines = breakdown
    ? credit === undefined
      ? feeLinesWithPayments(breakdown, paid)
      : editFeeLines(breakdown, apiMoneyMinor(credit), paid)
    : [];
  if (!lines.length) return null;
  return (
    <dl className="checkout-fees" data-testid="checkout-fees">
      {lines.map((line) => (
        <div
          key={line.key}
          className={
            line.key === "total" && credit === undefined
              ? "checkout-fees__total"
              : line.key === "remaining" || line.key === "due"
                ? "checkout-fees__remaining"
                : undefined
          }
        >
          <dt>{tr(`checkout.summary.${line.key}`)}</dt>
          <dd>
            {line.key === "discount" || line.key === "paid" || line.key === "credit"
              ? `−${money(line.amount)}`
              : money(line.amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
