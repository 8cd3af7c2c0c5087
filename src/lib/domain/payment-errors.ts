/**
 * What a failed checkout, pay or gift-card call means for the checkout page (spec 2 §4, §8).
 * Errors arrive as the API's first `_data` entry (status, code, description, extra); a provider
 * error carries Stripe's error `type` and `message` in `_extra` (the test gateway answers in the
 * same shape). Texts are the spec's, exactly.
 */
export const NOT_CHARGED = "Your card has not been charged.";
export const VALIDATION_ERROR =
  "There were errors found in the information you submitted. Please address the errors and re-submit the form.";
export const PAYMENT_NOT_SUPPORTED = "Payment is not supported for this amount.";
export const UNEXPECTED = "Sorry, something unexpected happened. Please try again later.";
export const STRIPE_FAILED_TO_LOAD =
  "Credit card payment can not be processed because Stripe was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.";
export const GIFT_CARD_DUPLICATE = "Oops! You already applied this gift card";
export const GIFT_CARD_EMPTY = "Gift Card balance is $0";
/**
 * Issue 11: "An inactive card shows 'Gift Card balance is $0'; it deserves its own message." Spec 2
 * §5 gives both cases the zero-balance text; the issue overrides it for the inactive card.
 */
export const GIFT_CARD_INACTIVE = "This gift card is not active. Please contact us for help.";
export const GIFT_CARD_NOT_FOUND =
  "Sorry, we could not find that gift card. Please check the number and try again.";
export const GIFT_CARD_TROUBLE = "We are having trouble with that sorry. Please try again later.";
export const cartBookedMessage = (orderId: string) => `Cart with order ID ${orderId} has been booked.`;

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

export interface ApiFailure {
  status: number;
  code: string;
  description: string;
  extra: Record<string, unknown>;
}

export type CheckoutFailure =
  /** 402 intent_requires_action: confirm the card, then check out again with the intent id. */
  | { kind: "requires_action"; paymentIntentId: string }
  /** Already ordered: go to the completion page. */
  | { kind: "booked"; orderId: string }
  /** The cart ended: the expiry modal clears it. */
  | { kind: "expired" }
  /** A message on the page; `refreshCart` after provider errors (spec §8). */
  | { kind: "message"; message: string; refreshCart: boolean };

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

/** Spec §8: "Your card has not been charged." plus the provider message, only for card_error and invalid_request_error. */
export function providerMessage(type: string | null, message: string | null): string {
  const usable = (type === "card_error" || type === "invalid_request_error") && message;
  return `${NOT_CHARGED} ${usable ? message : UNEXPECTED}`;
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
  if (code === "payment_not_supported")
    return { kind: "message", message: PAYMENT_NOT_SUPPORTED, refreshCart: false };
  if (code === "validation_failed") return { kind: "message", message: VALIDATION_ERROR, refreshCart: false };
  if (status === 402 || providerType(failure) !== null) {
    const message = providerMessage(providerType(failure), text(extra.message) ?? text(failure.description));
    return { kind: "message", message, refreshCart: true };
  }
  // Spec §8: 400-499 show the first _data item's _description.
  if (status >= 400 && status < 500 && text(failure.description)) {
    return { kind: "message", message: text(failure.description) ?? UNEXPECTED, refreshCart: false };
  }
  return { kind: "message", message: UNEXPECTED, refreshCart: false };
}

/** A failed gift-card look-up or gift-card payment (spec §5, §8). */
export function giftCardFailure(failure: ApiFailure): string {
  if (failure.code === "duplicate_ledger") return GIFT_CARD_DUPLICATE;
  if (failure.code === "ledger_empty") return GIFT_CARD_EMPTY;
  if (failure.code === "ledger_inactive") return GIFT_CARD_INACTIVE;
  if (failure.status === 404 || failure.code === "not_found") return GIFT_CARD_NOT_FOUND;
  return GIFT_CARD_TROUBLE;
}

export const GIFT_CARD_REQUIRED = "Please enter a gift card number.";
export const GIFT_CARD_TOO_LONG = "A gift card number has at most 70 characters.";

/** Spec §5: the gift card number is required, max 70 (trimmed). Returns the refusal or null. */
export function giftCardNumberProblem(number: string, max = 70): string | null {
  const value = number.trim();
  if (value.length === 0) return GIFT_CARD_REQUIRED;
  return value.length > max ? GIFT_CARD_TOO_LONG : null;
}

/**
 * Spec §5 on a looked-up card: a number already applied gives the duplicate message (case and
 * spaces ignored); a balance of 0 gives "Gift Card balance is $0"; an inactive card its own text
 * (issue 11).
 */
export function giftCardProblem(
  card: { number: string; state: string; balanceMinor: number },
  applied: readonly string[],
): string | null {
  const key = (n: string) => n.replace(/\s+/g, "").toUpperCase();
  if (applied.some((n) => key(n) === key(card.number))) return GIFT_CARD_DUPLICATE;
  if (card.state !== "active") return GIFT_CARD_INACTIVE;
  if (card.balanceMinor <= 0) return GIFT_CARD_EMPTY;
  return null;
}
