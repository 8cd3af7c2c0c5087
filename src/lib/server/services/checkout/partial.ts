/**
 * A partial payment (spec 2 §4, §5): pay's whole work, and checkout's when its `amount` is below
 * the outstanding total on a plan cart, so every gateway (test and stripe alike) takes the chosen
 * amount the same way. Gift cards take what they can; a card takes the amount asked, between the
 * card limits and, on a plan, between the due amount and the outstanding balance. The answer is
 * `partial` with the next due date. The first succeeded payment toward a plan lifts the cart's
 * expiry (plan.ts); a pending one (stripe processing) does so when its webhook arrives.
 */
import { randomUUID } from "node:crypto";
import type { CheckoutAnswer } from "../../../api/checkout/schemas.ts";
import { PAYMENT_MAX_MINOR, paymentMinMinor } from "../../../api/checkout/schemas.ts";
import { chargeStep, toMoneyString } from "../../../domain/money.ts";
import type { Tx } from "../../db/executor.ts";
import { insertShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { sequenced } from "../../db/sequenced.ts";
import { validationFailed } from "../../errors/api-error.ts";
import {
  duplicateLedger,
  gatewayNotAllowed,
  paymentNotSupported,
  type WordsOf,
} from "../../payments/errors.ts";
import { dataString, type GatewayData } from "../../payments/gateway.ts";
import type { ChargeOutcome, Gateway } from "../../payments/index.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { checkoutAnswerOf } from "./answer.ts";
import { cartPayments, type PaymentRow, paidAmount } from "./cart-state.ts";
import { cartPlanState, groupMetas, liftPlanExpiry } from "./plan.ts";

/**
 * Spec 2 §5: card payments between 0.50 (GBP 0.30) and 999999.99; in a three-decimal currency in
 * tens of minor units, as Stripe takes them (money.ts chargeStep: order totals and plan instalments
 * already are, so only an 'other' amount typed in single fils is refused).
 */
export function assertCardAmount(amount: number, currency: string, words?: WordsOf): void {
  const step = chargeStep(currency);
  if (amount % step !== 0) {
    throw validationFailed(
      `A card payment in ${currency} is a multiple of ${toMoneyString(step, currency)}.`,
      { field: "amount", step: toMoneyString(step, currency) },
      "payment",
    );
  }
  const min = paymentMinMinor(currency);
  if (amount < min || amount > PAYMENT_MAX_MINOR) {
    throw paymentNotSupported(
      { min: toMoneyString(min, currency), max: toMoneyString(PAYMENT_MAX_MINOR, currency), currency },
      words,
    );
  }
}

export function assertNewGiftCard(
  payments: readonly PaymentRow[],
  gateway: Gateway,
  data: GatewayData,
  words?: WordsOf,
) {
  if (gateway.id !== "ledger") return;
  const number = dataString(data, "number") ?? "";
  if (!number || number.length > 70)
    throw validationFailed("A gift card number is required (at most 70 characters).", { field: "number" });
  if (payments.some((p) => p.gatewayId === "ledger" && p.state === "succeeded" && p.cardNumber === number)) {
    throw duplicateLedger(words);
  }
}

export async function recordPayment(
  tx: Tx,
  cart: CartRow,
  gateway: Gateway,
  charge: ChargeOutcome,
  key: string | null,
  now: Date,
): Promise<PaymentRow> {
  const row: PaymentRow = {
    id: randomUUID(),
    sellerId: cart.sellerId,
    cartId: cart.id,
    gatewayId: gateway.id,
    state: charge.status,
    amount: charge.amount,
    occurredAt: now,
    cardNumber: charge.cardNumber,
    remainingBalance: charge.remainingBalance,
    providerReference: charge.reference,
    cardLast4: charge.cardLast4 ?? null,
    idempotencyKey: key,
    refundOfPaymentId: null,
  };
  // Nothing waits for its answer: it goes out with the booking's writes (db/sequenced.ts).
  await sequenced(tx, [() => insertShaped(tx, "payment_insert", s.payment, [row], false)]);
  return row;
}

export interface PartialPayment {
  cart: CartRow;
  currency: string;
  tickets: readonly TicketRow[];
  total: number;
  payments: readonly PaymentRow[];
  /** Minor units, > 0 and at most the outstanding total (the caller checked). */
  amount: number;
  gateway: Gateway;
  data: GatewayData;
  /** The call's idempotency key (stored on the payment), or null. */
  key: string | null;
  /** The key the gateway gets (the call's key, else one per cart and payment count). */
  chargeKey: string;
  now: Date;
  /** The seller's tenant, whose words the refusals take. */
  words?: WordsOf;
}

/** Takes the partial payment in the checkout's transaction and answers `partial`. */
export async function takePartialPayment(tx: Tx, p: PartialPayment): Promise<CheckoutAnswer> {
  const { cart, gateway, amount, now } = p;
  const paidBefore = paidAmount(p.payments);
  const outstanding = Math.max(0, p.total - paidBefore);
  if (gateway.id === "free") throw gatewayNotAllowed("A partial payment needs a gift card or a card.");
  if (gateway.cardLimits) assertCardAmount(amount, p.currency, p.words);
  // Spec §5: a card payment toward a plan lies between the due amount and the outstanding balance.
  const metas = await groupMetas(tx, cart.sellerId, p.tickets);
  const plan = cartPlanState(cart, p.tickets, metas, p.total, paidBefore, now, p.currency);
  if (plan && gateway.id !== "ledger" && amount < plan.due) {
    throw validationFailed("The amount is less than the amount due.", {
      field: "amount",
      amount_due: toMoneyString(plan.due, p.currency),
      total_outstanding: toMoneyString(outstanding, p.currency),
    });
  }
  assertNewGiftCard(p.payments, gateway, p.data, p.words);
  const charge = await gateway.charge(tx, {
    cartId: cart.id,
    sellerId: cart.sellerId,
    amount,
    currency: p.currency,
    data: p.data,
    idempotencyKey: p.chargeKey,
    now,
  });
  await recordPayment(tx, cart, gateway, charge, p.key, now);
  const paidNow = charge.status === "succeeded" ? charge.amount : 0;
  if (plan && paidNow > 0) await liftPlanExpiry(tx, cart.id);
  const after = plan
    ? cartPlanState(cart, p.tickets, metas, p.total, paidBefore + paidNow, now, p.currency)
    : null;
  return checkoutAnswerOf({
    cartId: cart.id,
    status: "partial",
    orders: [],
    payments: await cartPayments(tx, cart.id),
    amountPaid: charge.amount,
    outstanding: outstanding - paidNow,
    reference: charge.status === "pending" ? charge.reference : null,
    currency: p.currency,
    nextDueDate: after?.rows.find((row) => row.unpaid > 0)?.dueDate ?? null,
  });
}
