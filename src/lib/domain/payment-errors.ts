/**
 * What a failed checkout, pay or gift-card call means for the checkout page (spec 2 §4, §8).
 * Errors arrive as the API's first `_data` entry (status, code, description, extra); a provider
 * error carries Stripe's error `type` and `message` in `_extra` (the test gateway answers in the
 * same shape). The domain returns message ids; the tenant's strings give the spec's words.
 */
import { type ApiFailure, serverText } from "./api-failure.ts";
import { type Message, msg, plain } from "./messages.ts";

export type { ApiFailure };

/** The payment and gift card messages, as tenant string ids (DESIGN §7); the words are in tenant/strings-messages.ts. */
export const PAYMENT_MESSAGE = {
  notCharged: "checkout.error.notCharged",
  notChargedUnexpected: "checkout.error.notChargedUnexpected",
  validation: "checkout.error.validation",
  paymentNotSupported: "checkout.error.paymentNotSupported",
  unexpected: "checkout.error.unexpected",
  stripeFailedToLoad: "checkout.stripe.loadFailed",
  giftCardDuplicate: "checkout.giftCard.duplicate",
  giftCardEmpty: "checkout.giftCard.empty",
  /**
   * "An inactive card shows 'Gift Card balance is $0'; it deserves its own message." Spec 2
   * §5 gives both cases the zero-balance text; we override it for the inactive card.
   */
  giftCardInactive: "checkout.giftCard.inactive",
  giftCardNotFound: "checkout.giftCard.notFound",
  giftCardTrouble: "checkout.giftCard.trouble",
  giftCardRequired: "checkout.giftCard.required",
  giftCardTooLong: "checkout.giftCard.tooLong",
  /** Spec 2 §5 "You cannot gift a membership to yourself", shown with a link to buy or renew. */
  giftToSelf: "checkout.error.giftToSelf",
} as const;
export type PaymentMessageId = (typeof PAYMENT_MESSAGE)[keyof typeof PAYMENT_MESSAGE];
export type PaymentMessage = Message<PaymentMessageId>;

/** The tenant's money format: nothing in its currency reads as "$0" or "£0" (spec 2 §5). */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** "$0" in en-US dollars, "£0" in en-GB pounds: whole units, as the spec writes "Gift Card balance is $0". */
export function zeroAmount(format: MoneyFormat): string {
  return new Intl.NumberFormat(format.locale, {
    style: "currency",
    currency: format.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(0);
}

/** Spec 2 §5 "Gift Card balance is $0", in the tenant's currency. */
export const giftCardEmpty = (format: MoneyFormat): PaymentMessage =>
  msg(PAYMENT_MESSAGE.giftCardEmpty, { zero: zeroAmount(format) });

/** The provider codes spec §8 expects (a card_error when the provider gives no type). */
export const EXPECTED_PROVIDER_CODES = [
  "card_declined",
  "incorrect_zip",
  "incorrect_cvc",
  "invalid_cvc",
  "expired_card",
  "incorrect_number",
  "processing_error",
  "payment_intent_authentication_failure",
  "invalid_bank_account",
  "invalid_bank_account_number",
] as const;

export type CheckoutFailure =
  /** 402 intent_requires_action: confirm the card, then check out again with the intent id. */
  | { kind: "requires_action"; paymentIntentId: string }
  /** Already ordered: go to the completion page. */
  | { kind: "booked"; orderId: string }
  /** The cart ended: the expiry modal clears it. */
  | { kind: "expired" }
  /** Spec 2 §5: a gift of membership to the buyer's own e-mail; the message links to buy or renew. */
  | { kind: "giftToSelf"; message: PaymentMessage }
  /** A message on the page; `refreshCart` after provider errors (spec §8). */
  | { kind: "message"; message: PaymentMessage; refreshCart: boolean };

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

/** Spec §8: "Your card has not been charged." plus the provider message, only for card_error and invalid_request_error. */
export function providerMessage(type: string | null, message: string | null): PaymentMessage {
  const usable = (type === "card_error" || type === "invalid_request_error") && message;
  return usable
    ? msg(PAYMENT_MESSAGE.notCharged, { detail: message })
    : msg(PAYMENT_MESSAGE.notChargedUnexpected);
}

function providerType(failure: ApiFailure): string | null {
  const type = text(failure.extra.type);
  if (type) return type;
  return (EXPECTED_PROVIDER_CODES as readonly string[]).includes(failure.code) ? "card_error" : null;
}

/** A failed guest_checkout or pay call. */
export function checkoutFailure(failure: ApiFailure): CheckoutFailure {
  const { status, code, extra } = failure;
  if (code === "intent_requires_action") {
    const id = text(extra.payment_intent_id);
    if (id) return { kind: "requires_action", paymentIntentId: id };
  }
  if (code === "cart_booked" || (status === 409 && text(extra.ticket_order_id))) {
    const orderId = text(extra.ticket_order_id);
    if (orderId) return { kind: "booked", orderId };
  }
  if (code === "cart_expired" || status === 410) return { kind: "expired" };
  if (code === "validate_not_email") return { kind: "giftToSelf", message: msg(PAYMENT_MESSAGE.giftToSelf) };
  if (code === "payment_not_supported")
    return { kind: "message", message: msg(PAYMENT_MESSAGE.paymentNotSupported), refreshCart: false };
  if (code === "validation_failed")
    return { kind: "message", message: msg(PAYMENT_MESSAGE.validation), refreshCart: false };
  if (status === 402 || providerType(failure) !== null) {
    const message = providerMessage(providerType(failure), text(extra.message) ?? text(failure.description));
    return { kind: "message", message, refreshCart: true };
  }
  // Spec §8: 400-499 show the first _data item's _description.
  const described = serverText(failure);
  if (described !== null) return { kind: "message", message: plain(described), refreshCart: false };
  return { kind: "message", message: msg(PAYMENT_MESSAGE.unexpected), refreshCart: false };
}

/** A failed gift-card look-up or gift-card payment (spec §5, §8), amounts in the tenant's `format`. */
export function giftCardFailure(failure: ApiFailure, format: MoneyFormat): PaymentMessage {
  if (failure.code === "duplicate_ledger") return msg(PAYMENT_MESSAGE.giftCardDuplicate);
  if (failure.code === "ledger_empty") return giftCardEmpty(format);
  if (failure.code === "ledger_inactive") return msg(PAYMENT_MESSAGE.giftCardInactive);
  if (failure.status === 404 || failure.code === "not_found") return msg(PAYMENT_MESSAGE.giftCardNotFound);
  return msg(PAYMENT_MESSAGE.giftCardTrouble);
}

/** Spec §5: the gift card number is required, max 70 (trimmed). Returns the refusal or null. */
export function giftCardNumberProblem(number: string, max = 70): PaymentMessage | null {
  const value = number.trim();
  if (value.length === 0) return msg(PAYMENT_MESSAGE.giftCardRequired);
  return value.length > max ? msg(PAYMENT_MESSAGE.giftCardTooLong, { max }) : null;
}

/**
 * Spec §5 on a looked-up card: a number already applied gives the duplicate message (case and
 * spaces ignored); a balance of 0 gives "Gift Card balance is $0"; an inactive card its own text.
 */
export function giftCardProblem(
  card: { number: string; state: string; balanceMinor: number },
  applied: readonly string[],
  format: MoneyFormat,
): PaymentMessage | null {
  const key = (n: string) => n.replace(/\s+/g, "").toUpperCase();
  if (applied.some((n) => key(n) === key(card.number))) return msg(PAYMENT_MESSAGE.giftCardDuplicate);
  if (card.state !== "active") return msg(PAYMENT_MESSAGE.giftCardInactive);
  if (card.balanceMinor <= 0) return giftCardEmpty(format);
  return null;
}
