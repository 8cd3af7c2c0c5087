/**
 * One stripe payment attempt from the checkout island: the prepared guest-checkout body sent with
 * the flow's gateway_data ({payment_method_id}, then {payment_intent_id} after authentication, with
 * a fresh idempotency key since it is a new request body). The sequence is src/lib/domain/stripe-flow.ts.
 */
import type { CheckoutAnswer, CheckoutBody } from "../../lib/api/checkout/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import { runStripePayment, type StripeOutcome, type StripePort } from "../../lib/domain/stripe-flow.ts";
import { idempotencyKey, paymentCalls } from "./checkout-calls.ts";

export function payWithStripe(
  port: StripePort,
  cartId: string,
  body: CheckoutBody,
  member: boolean,
): Promise<StripeOutcome<CheckoutAnswer>> {
  const checkout = async (data: { payment_method_id: string } | { payment_intent_id: string }) =>
    (await paymentCalls(member)).checkout(cartId, {
      ...body,
      gateway_id: "stripe",
      gateway_data: data,
      idempotency_key: "payment_intent_id" in data ? idempotencyKey() : body.idempotency_key,
    });
  return runStripePayment(port, checkout, failureOf);
}
