/**
 * Payment errors (spec 2 §8): provider errors keep Stripe's shape in _extra ({type, code,
 * decline_code?, message}) with HTTP 402 and _code the provider code, so the storefront can show
 * "Your card has not been charged." followed by the provider message.
 */
import { GIFT_CARD_INACTIVE } from "../../domain/payment-errors.ts";
import { ApiError } from "../http/errors.ts";

export const PAYMENT_NOT_SUPPORTED_TEXT = "Payment is not supported for this amount.";
export const DUPLICATE_LEDGER_TEXT = "Oops! You already applied this gift card";

export function cardError(code: string, message: string, declineCode?: string): ApiError {
  return new ApiError(402, code, message, {
    context: "payment",
    extra: { type: "card_error", code, ...(declineCode ? { decline_code: declineCode } : {}), message },
  });
}

export function requiresAction(paymentIntentId: string): ApiError {
  return new ApiError(402, "intent_requires_action", "This payment requires additional authentication.", {
    context: "payment",
    extra: { type: "card_error", code: "intent_requires_action", payment_intent_id: paymentIntentId },
  });
}

export const paymentNotSupported = (extra: Record<string, unknown> = {}) =>
  new ApiError(400, "payment_not_supported", PAYMENT_NOT_SUPPORTED_TEXT, { context: "payment", extra });

export const gatewayNotAllowed = (description: string) =>
  new ApiError(400, "gateway_not_allowed", description, { context: "payment" });

/** "Gift Card balance is $0" in the seller's currency symbol (spec 2 §5), whole units as the spec writes it. */
export function zeroBalanceText(currency: string): string {
  const zero = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(0);
  return `Gift Card balance is ${zero}`;
}

export const ledgerEmpty = (currency: string) =>
  new ApiError(422, "ledger_empty", zeroBalanceText(currency), { context: "ledger" });

/**
 * An inactive card (issue 11: it deserves its own message, not "Gift Card balance is $0"): spec 2
 * §5 folds it into the zero-balance text, but a blocked card with money on it is not empty.
 */
export const ledgerInactive = () =>
  new ApiError(422, "ledger_inactive", GIFT_CARD_INACTIVE, { context: "ledger" });

export const duplicateLedger = () =>
  new ApiError(409, "duplicate_ledger", DUPLICATE_LEDGER_TEXT, { context: "ledger" });
