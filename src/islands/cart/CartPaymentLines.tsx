/**
 * The paid and remaining lines under the cart's total ("Show the payments and the
 * remaining amount due"): one line per payment already taken (gift cards first, spec 2 §4), then
 * what is left to pay. Nothing before the first payment. The rules live in domain/cart-payments.ts.
 */
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { paymentSummary } from "../../lib/domain/cart-payments.ts";
import type { CartTranslate } from "./cart-strings.ts";

export interface CartPaymentLinesProps {
  envelope: CartEnvelope;
  tr: CartTranslate;
  money: (minor: number) => string;
}

export function CartPaymentLines({ envelope, tr, money }: CartPaymentLinesProps) {
  const summary = paymentSummary(envelope);
  if (!summary) return null;
  return (
    <dl className="cart-totals cart-totals--payments" data-testid="cart-payments">
      {summary.lines.map((line) => (
        <div key={line.paymentId}>
          <dt>
            {line.kind === "gift_card"
              ? tr("cart.paid.giftCard", { card: line.card ?? "" })
              : tr("cart.paid.card")}
          </dt>
          <dd>−{money(line.amount)}</dd>
        </div>
      ))}
      <div className="cart-totals__total">
        <dt>{tr("cart.remaining")}</dt>
        <dd>{money(summary.outstanding)}</dd>
      </div>
    </dl>
  );
}
