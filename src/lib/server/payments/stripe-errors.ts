/**
 * Stripe's answers as API errors (spec 2 §8): a card error keeps Stripe's shape in _extra
 * ({type, code, decline_code?, message}) with HTTP 402 and _code the provider code; a request
 * Stripe refuses is 400 with type invalid_request_error; anything else (network, auth, rate limit,
 * Stripe's own failures) is a 502 with a generic text, logged without personal data.
 */
import Stripe from "stripe";
import { ApiError, fail, providerError } from "../errors/api-error.ts";
import { errorText } from "../errors/catalogue.ts";
import { logger } from "../log/logger.ts";

export const PROVIDER_FAILED_TEXT = errorText("payment_provider_error");

/** Stripe's raw error body fields we pass on (never the card or the customer). */
export interface StripeErrorShape {
  type: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
}

function extraOf(error: StripeErrorShape, code: string): Record<string, unknown> {
  return {
    type: error.type,
    code,
    ...(error.decline_code ? { decline_code: error.decline_code } : {}),
    message: error.message ?? "",
  };
}

/** A card error (a declined payment, a failed authentication): 402 with Stripe's message. */
export function stripeCardError(error: StripeErrorShape, fallbackCode = "card_declined"): ApiError {
  const code = error.code || fallbackCode;
  const message = error.message || "Your card was declined.";
  return providerError("provider_card_error", code, {
    description: message,
    extra: extraOf({ ...error, type: error.type || "card_error", message }, code),
  });
}

export function providerFailed(): ApiError {
  return fail("payment_provider_error");
}

/** Logs what identifies a provider failure: never a name, an e-mail, a card or a message body. */
function logProviderFailure(error: unknown): void {
  if (error instanceof Stripe.errors.StripeError) {
    logger.error(
      { type: error.type, code: error.code, status: error.statusCode, request_id: error.requestId },
      "stripe.provider_error",
    );
  } else {
    logger.error({ err: error }, "stripe.provider_error");
  }
}

/** Maps anything the SDK threw to the API error the checkout answers. */
export function fromStripeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return stripeCardError({
      type: error.rawType ?? "card_error",
      code: error.code,
      decline_code: error.decline_code,
      message: error.message,
    });
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    const type = error.rawType ?? "invalid_request_error";
    const code = error.code || type;
    return providerError("provider_request_error", code, {
      description: error.message,
      extra: extraOf({ type, code, decline_code: error.decline_code, message: error.message }, code),
    });
  }
  logProviderFailure(error);
  return providerFailed();
}
