/**
 * The payment gateway seam (DESIGN §6). A gateway takes one charge inside the checkout's
 * transaction and answers succeeded or pending, or throws an ApiError (402 for provider errors).
 * `test` is the offline default; `free` pays zero totals; `ledger` debits gift cards. A `stripe`
 * gateway implements the same interface (PaymentIntents with the idempotency key given here).
 * `refund` gives a taken payment back in full (refund.ts decides when and records it).
 */
import type { z } from "zod";
import type { gatewayData, gatewayId } from "../../api/checkout/schemas.ts";
import type { Tx } from "../db/executor.ts";

export type GatewayId = z.infer<typeof gatewayId>;
export type GatewayData = z.infer<typeof gatewayData>;

export interface ChargeRequest {
  cartId: string;
  sellerId: string;
  /** Minor units, > 0 except for the free gateway. */
  amount: number;
  currency: string;
  data: GatewayData;
  /** Stable per cart and call: a provider must not charge twice for the same key. */
  idempotencyKey: string;
  now: Date;
  /**
   * Auto-renew: keep the payment method for later off-session charges (Stripe's
   * `setup_future_usage: "off_session"`); the outcome then carries `savedMethod`.
   */
  saveForLater?: boolean;
}

export interface ChargeOutcome {
  status: "succeeded" | "pending";
  /** What was actually taken (a gift card may pay less than asked). */
  amount: number;
  reference: string | null;
  /** Gift cards only. */
  cardNumber: string | null;
  remainingBalance: number | null;
  /** The method kept for later (saveForLater), as the provider knows it and as it is shown. */
  savedMethod?: { reference: string; identifier: string } | null;
  /** A bank card's last four digits, when the provider tells them (staff search orders by them). */
  cardLast4?: string | null;
}

export interface RefundRequest {
  /** The payment row's id: the provider's idempotency key derives from it, so a retry refunds once. */
  paymentId: string;
  cartId: string;
  /** Minor units: the whole payment. */
  amount: number;
  /** The charge's provider reference (payment intent id, gift card ledger id). */
  reference: string | null;
}

export interface Gateway {
  readonly id: GatewayId;
  /** Card gateways enforce the amount limits of spec 2 §5; gift cards and free do not. */
  readonly cardLimits: boolean;
  charge(tx: Tx, request: ChargeRequest): Promise<ChargeOutcome>;
  /** Gives the payment back; answers the provider's refund reference (null when it has none). Throws on failure. */
  refund(tx: Tx, request: RefundRequest): Promise<string | null>;
}

/**
 * The payment method a card gateway charges: `payment_method_id`, or `source` as clients of the
 * API family send it (a Stripe PaymentMethod, card or compatible Source id).
 */
export function paymentMethodOf(data: GatewayData): string | undefined {
  return dataString(data, "payment_method_id") || dataString(data, "source") || undefined;
}

/** A string field of gateway_data, trimmed; undefined when absent or not a string. */
export function dataString(data: GatewayData, key: string): string | undefined {
  const value = data[key];
  if (typeof value === "number") return String(value);
  return typeof value === "string" ? value.trim() : undefined;
}
