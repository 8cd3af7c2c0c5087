/**
 * Payment errors (spec 2 §8): provider errors keep Stripe's shape in _extra ({type, code,
 * decline_code?, message}) with HTTP 402 and _code the provider code, so the storefront can show
 * "Your card has not been charged." followed by the provider message.
 */
import { giftCardEmpty, PAYMENT_MESSAGE } from "../../domain/payment-errors.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t, tMessage } from "../../tenant/strings.ts";
import { type ApiError, fail, providerError } from "../errors/api-error.ts";

/** The tenant whose words an error's `_description` takes (its strings and locale); the defaults without one. */
export type WordsOf = (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined;

export function cardError(code: string, message: string, declineCode?: string): ApiError {
  return providerError("provider_card_error", code, {
    description: message,
    extra: { type: "card_error", code, ...(declineCode ? { decline_code: declineCode } : {}), message },
  });
}

export function requiresAction(paymentIntentId: string): ApiError {
  return fail("intent_requires_action", {
    extra: { type: "card_error", code: "intent_requires_action", payment_intent_id: paymentIntentId },
  });
}

export const paymentNotSupported = (extra: Record<string, unknown> = {}, tenant?: WordsOf) =>
  fail("payment_not_supported", { description: t(tenant, PAYMENT_MESSAGE.paymentNotSupported), extra });

export const gatewayNotAllowed = (description: string) => fail("gateway_not_allowed", { description });

/**
 * "Gift Card balance is $0" in the seller's currency and the tenant's locale and words (spec 2 §5),
 * whole units as the spec writes it.
 */
export function zeroBalanceText(currency: string, tenant?: WordsOf): string {
  return tMessage(tenant, giftCardEmpty({ currency, locale: tenant?.locale ?? "en-US" }));
}

export const ledgerEmpty = (currency: string, tenant?: WordsOf) =>
  fail("ledger_empty", { description: zeroBalanceText(currency, tenant) });

/**
 * An inactive card (it deserves its own message, not "Gift Card balance is $0"): spec 2
 * §5 folds it into the zero-balance text, but a blocked card with money on it is not empty.
 */
export const ledgerInactive = (tenant?: WordsOf) =>
  fail("ledger_inactive", { description: t(tenant, PAYMENT_MESSAGE.giftCardInactive) });

export const duplicateLedger = (tenant?: WordsOf) =>
  fail("duplicate_ledger", { description: t(tenant, PAYMENT_MESSAGE.giftCardDuplicate) });
