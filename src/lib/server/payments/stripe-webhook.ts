/**
 * Stripe's webhook deliveries, read as the payment events the checkout acts on (DESIGN §6): the
 * signature is verified against the raw body with STRIPE_WEBHOOK_SECRET, within Stripe's default
 * tolerance, and a PaymentIntent event is reduced to which intent succeeded or failed. What the
 * shop then does lives with the checkout (services/checkout/stripe-events.ts).
 */
import type Stripe from "stripe";
import { stripeWebhooks } from "./stripe-config.ts";

/** Stripe signs deliveries with a timestamp; older ones are refused (Stripe's default tolerance). */
const TOLERANCE_SECONDS = 300;

export type StripePaymentEvent =
  | { type: "payment_intent.succeeded" | "payment_intent.payment_failed"; intentId: string }
  | { type: "other" };

/** The event a delivery carries; null when its signature is missing, bad or too old. */
export function verifiedStripeEvent(
  payload: string,
  signature: string,
  secret: string,
  now: Date,
): StripePaymentEvent | null {
  let event: Stripe.Event;
  try {
    event = stripeWebhooks().constructEvent(
      payload,
      signature,
      secret,
      TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    return null;
  }
  if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
    return { type: event.type, intentId: event.data.object.id };
  }
  return { type: "other" };
}
