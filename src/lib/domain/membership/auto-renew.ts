/**
 * Automatic renewal of a membership (spec 2 §3, §4, §8). Pure rules, no I/O:
 * - the state shown: `scheduled` is Enrolled, `cancelled` is Cancelled, anything else (null, a
 *   renewal that failed, ...) is Not enrolled;
 * - cancelling is possible only from `scheduled`, and moves it to `cancelled`;
 * - who may enrol at checkout: a card payment (test or stripe gateway) that is not a gift.
 */

export const AUTO_RENEW_SCHEDULED = "scheduled";
export const AUTO_RENEW_CANCELLED = "cancelled";

/** Spec 2 §8, the refusal of a cancel when the membership is not enrolled. */
export const NOT_ENROLLED_TEXT = "This membership does not appear to be enrolled in automatic renewal.";

export type AutoRenewStatus = "enrolled" | "cancelled" | "notEnrolled";

/** Spec 2 §4: scheduled → Enrolled, cancelled → Cancelled, anything else → Not enrolled. */
export function autoRenewStatus(state: string | null | undefined): AutoRenewStatus {
  if (state === AUTO_RENEW_SCHEDULED) return "enrolled";
  if (state === AUTO_RENEW_CANCELLED) return "cancelled";
  return "notEnrolled";
}

/** Spec 2 §4: "Cancelling is only possible when the state is scheduled". */
export function canCancelAutoRenew(state: string | null | undefined): boolean {
  return state === AUTO_RENEW_SCHEDULED;
}

/** An order's memberships can be cancelled when at least one of them is enrolled. */
export function canCancelAny(states: ReadonlyArray<string | null | undefined>): boolean {
  return states.some(canCancelAutoRenew);
}

/** The gateways that can keep a card for later: the buyer's card is charged again at term end. */
export const SAVING_GATEWAYS = ["test", "stripe"] as const;

/**
 * Whether a checkout enrols its memberships in automatic renewal: the buyer asked for it
 * (cart option autoRenewMembership), pays the last payment by card on a gateway that can keep the
 * card, and the order is not a gift (a giftee's membership is not charged to the buyer's card).
 * A zero total (free gateway) or a gift card paying everything leaves nothing to charge later: the
 * memberships are created without enrolment.
 */
export function shouldEnrolAutoRenew(input: {
  autoRenewMembership: boolean | undefined;
  gift: boolean;
  gatewayId: string;
}): boolean {
  return (
    input.autoRenewMembership === true &&
    !input.gift &&
    (SAVING_GATEWAYS as readonly string[]).includes(input.gatewayId)
  );
}

/** A card's brand from its number's first digits (the common brands; "Card" otherwise). */
export function cardBrand(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^6(011|5)/.test(digits)) return "Discover";
  return "Card";
}

/** How a saved card is shown, "Visa ending 4242": never more than its last four digits. */
export function savedCardIdentifier(brand: string, last4: string): string {
  return `${brand} ending ${last4.replace(/\D/g, "").slice(-4)}`;
}

/** The tenant string keys of the three states (spec 2 §4). */
export const AUTO_RENEW_STATUS_KEYS = {
  enrolled: "autoRenew.enrolled",
  cancelled: "autoRenew.cancelled",
  notEnrolled: "autoRenew.notEnrolledState",
} as const satisfies Record<AutoRenewStatus, string>;

/** What the cancel page shows after a failed cancel: the not-enrolled text, else a generic one. */
export function cancelProblem(failure: {
  status: number;
  code: string;
}): "notEnrolled" | "login" | "notFound" | "failed" {
  if (failure.code === "not_enrolled") return "notEnrolled";
  if (failure.status === 401) return "login";
  if (failure.status === 403 || failure.status === 404) return "notFound";
  return "failed";
}
