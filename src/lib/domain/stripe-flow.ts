/**
 * The stripe gateway's card payment sequence on the checkout page (DESIGN §6, spec 2 §4, §8):
 * elements.submit() → stripe.createPaymentMethod({elements}) → checkout with {payment_method_id};
 * a 402 intent_requires_action (its _extra carries client_secret) → stripe.handleNextAction →
 * checkout again with {payment_intent_id}. Stripe.js and the API are passed in, so the sequence is
 * tested with fakes; the island routes the outcome (answer, API error, message).
 */
import { msg } from "./messages.ts";
import {
  type ApiFailure,
  checkoutFailure,
  PAYMENT_MESSAGE,
  type PaymentMessage,
  providerMessage,
} from "./payment-errors.ts";

/** Stripe.js's error shape (type and message), as far as the page needs it. */
export interface StripeJsError {
  type?: string | undefined;
  message?: string | undefined;
}

/** The Stripe.js calls the flow makes (the Payment Element's elements group and the stripe instance). */
export interface StripePort {
  submit(): Promise<{ error?: StripeJsError | undefined }>;
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: StripeJsError }>;
  handleNextAction(clientSecret: string): Promise<{ error?: StripeJsError | undefined }>;
}

export type StripeGatewayData = { payment_method_id: string } | { payment_intent_id: string };

export type StripeOutcome<A> =
  /** The checkout answered (completed, pending or partial): the island routes it. */
  | { kind: "answer"; answer: A }
  /** The checkout failed: the island's usual failure handling. */
  | { kind: "error"; error: unknown }
  /** A message from the card step; `refreshCart` after provider errors (spec §8). */
  | { kind: "message"; message: PaymentMessage; refreshCart: boolean };

const stripeMessage = (error: StripeJsError) =>
  providerMessage(error.type ?? null, error.message?.trim() ? error.message.trim() : null);

/**
 * Runs one payment attempt. `checkout` sends the guest checkout with the given gateway_data and
 * throws the API error; `readFailure` reads a thrown error as the API's failure shape.
 */
export async function runStripePayment<A>(
  port: StripePort,
  checkout: (gatewayData: StripeGatewayData) => Promise<A>,
  readFailure: (error: unknown) => ApiFailure,
): Promise<StripeOutcome<A>> {
  const submitted = await port.submit();
  // The Payment Element shows its own field errors; the page shows the validation message.
  if (submitted.error)
    return { kind: "message", message: msg(PAYMENT_MESSAGE.validation), refreshCart: false };
  const method = await port.createPaymentMethod();
  if ("error" in method) return { kind: "message", message: stripeMessage(method.error), refreshCart: true };
  try {
    return { kind: "answer", answer: await checkout({ payment_method_id: method.paymentMethodId }) };
  } catch (error) {
    const failure = readFailure(error);
    const read = checkoutFailure(failure);
    const secret = failure.extra.client_secret;
    if (read.kind !== "requires_action" || typeof secret !== "string" || !secret)
      return { kind: "error", error };
    const action = await port.handleNextAction(secret);
    if (action.error) return { kind: "message", message: stripeMessage(action.error), refreshCart: true };
    try {
      return { kind: "answer", answer: await checkout({ payment_intent_id: read.paymentIntentId }) };
    } catch (again) {
      return { kind: "error", error: again };
    }
  }
}
