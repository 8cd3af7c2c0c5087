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
export function serializePayment(p: PaymentRow): Payment {
  return {
    id: p.id,
    cart_id: p.cartId,
    gateway_id: p.gatewayId as Payment["gateway_id"],
    state: p.state,
    amount: toMoneyString(p.amount),
    occurred_at: p.occurredAt.toISOString(),
    card_number: p.cardNumber === null ? null : maskCardNumber(p.cardNumber),
    remaining_balance: p.remainingBalance === null ? null : toMoneyString(p.remainingBalance),
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
        amount_paid: toMoneyString(input.amountPaid),
        total_outstanding: toMoneyString(input.outstanding),
        next_due_date: input.nextDueDate?.toISOString() ?? null,
        reference: input.reference,
      },
    ]),
    ticket_order: coll(input.orders.map(serializeOrder)),
    payment: coll(input.payments.map(serializePayment)),
    ...(input.scheduled ? { scheduled_payment: coll(input.scheduled) } : {}),
  };
}
