/**
 * Payment errors (spec 2 §8): provider errors keep Stripe's shape in _extra ({type, code,
 * decline_code?, message}) with HTTP 402 and _code the provider code, so the storefront can show
 * "Your card has not been charged." followed by the provider message.
 */
import { giftCardEmpty, PAYMENT_MESSAGE } from "../../domain/payment-errors.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t, tMessage } from "../../tenant/strings.ts";
import { ApiError } from "../http/errors.ts";

/** The tenant whose words an error's `_description` takes (its strings and locale); the defaults without one. */
export type WordsOf = Pick<Tenant, "strings" | "locale"> | undefined;

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

export const paymentNotSupported = (extra: Record<string, unknown> = {}, tenant?: WordsOf) =>
  new ApiError(400, "payment_not_supported", t(tenant, PAYMENT_MESSAGE.paymentNotSupported), {
    context: "payment",
    extra,
  });

export const gatewayNotAllowed = (description: string) =>
  new ApiError(400, "gateway_not_allowed", description, { context: "payment" });

/**
 * "Gift Card balance is $0" in the seller's currency and the tenant's locale and words (spec 2 §5),
 * whole units as the spec writes it.
 */
export function zeroBalanceText(currency: string, tenant?: WordsOf): string {
  return tMessage(tenant, giftCardEmpty({ currency, locale: tenant?.locale ?? "en-US" }));
}

export const ledgerEmpty = (currency: string, tenant?: WordsOf) =>
  new ApiError(422, "ledger_empty", zeroBalanceText(currency, tenant), { context: "ledger" });

/**
 * An inactive card (issue 11: it deserves its own message, not "Gift Card balance is $0"): spec 2
 * §5 folds it into the zero-balance text, but a blocked card with money on it is not empty.
 */
export const ledgerInactive = (tenant?: WordsOf) =>
  new ApiError(422, "ledger_inactive", t(tenant, PAYMENT_MESSAGE.giftCardInactive), { context: "ledger" });

export const duplicateLedger = (tenant?: WordsOf) =>
  new ApiError(409, "duplicate_ledger", t(tenant, PAYMENT_MESSAGE.giftCardDuplicate), { context: "ledger" });
