/** The checkout and pay answer (checkoutAnswer): checkout_result, ticket_order and payment. */
import type {
  CheckoutAnswer,
  CheckoutResult,
  Payment,
  ScheduledPayment,
} from "../../../api/checkout/schemas.ts";
import { maskCardNumber } from "../../../domain/card-mask.ts";
import { toMoneyString } from "../../../domain/money.ts";
import type { PaymentRow } from "./cart-state.ts";
import { type OrderRow, serializeOrder } from "./orders.ts";

const coll = <T>(data: T[]) => ({ _count: data.length, _data: data });

/** A payment as every answer shows it: a gift card's number masked to its last 4 (card-mask.ts). */
export function serializePayment(p: PaymentRow, currency: string): Payment {
  return {
    id: p.id,
    cart_id: p.cartId,
    gateway_id: p.gatewayId as Payment["gateway_id"],
    state: p.state,
    amount: toMoneyString(p.amount, currency),
    occurred_at: p.occurredAt.toISOString(),
    card_number: p.cardNumber === null ? null : maskCardNumber(p.cardNumber),
    remaining_balance: p.remainingBalance === null ? null : toMoneyString(p.remainingBalance, currency),
  };
}

export function checkoutAnswerOf(input: {
  cartId: string;
  status: CheckoutResult["status"];
  orders: OrderRow[];
  payments: PaymentRow[];
  amountPaid: number;
  outstanding: number;
  reference: string | null;
  /** The seller's currency: the answer's money strings have its places ("2.500" in KWD). */
  currency: string;
  /** Partial payments toward a plan: the next instalment's date. */
  nextDueDate?: Date | null;
  /** A plan order just booked (plan-order.ts): its schedule after this payment. */
  scheduled?: ScheduledPayment[];
}): CheckoutAnswer {
  return {
    checkout_result: coll([
      {
        cart_id: input.cartId,
        status: input.status,
        ticket_order_ids: input.orders.map((o) => o.id),
        amount_paid: toMoneyString(input.amountPaid, input.currency),
        total_outstanding: toMoneyString(input.outstanding, input.currency),
        next_due_date: input.nextDueDate?.toISOString() ?? null,
        reference: input.reference,
      },
    ]),
    ticket_order: coll(input.orders.map((o) => serializeOrder(o, input.currency))),
    payment: coll(input.payments.map((p) => serializePayment(p, input.currency))),
    ...(input.scheduled ? { scheduled_payment: coll(input.scheduled) } : {}),
  };
}
