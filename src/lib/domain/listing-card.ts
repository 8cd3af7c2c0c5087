/**
 * How a listing card (spec doc 1 §2) presents its event: the button's words and how its image
 * loads. Pure, so the listing page and its tests share one rule.
 */

/** What the card's button offers: a visit's tickets, or what a donation, gift card or membership is. */
export type CardAction = "tickets" | "donate" | "giftCard" | "membership";

/**
 * A donation, a gift card (the `ledger` handler) or a membership is no visit, so its card does not
 * say 'Get tickets' (the same reading as domain/event-page-parts.ts eventPageVariant).
 */
export function cardAction(
  reserveFlow: string | undefined,
  groupHandlers: readonly (string | null | undefined)[],
): CardAction {
  if (reserveFlow === "membership" || groupHandlers.includes("membership")) return "membership";
  if (groupHandlers.includes("donation")) return "donate";
  if (groupHandlers.includes("ledger")) return "giftCard";
  return "tickets";
}

/** The tenant string of each action's button ("events.card.cta" is the spec's 'Get tickets'). */
export const CARD_CTA_KEYS = {
  tickets: "events.card.cta",
  donate: "events.card.cta.donate",
  giftCard: "events.card.cta.giftCard",
  membership: "events.card.cta.membership",
} as const satisfies Record<CardAction, string>;

/**
 * The cards whose images load at once: a listing's first screens on any viewport (two rows of two
 * on a desktop, the first cards on a phone) and the next scroll. Lazy images further down stay
 * blank in a full-page capture and, on a slow image, for a moment after a quick scroll; past this
 * many cards a long catalogue still loads its images only as they come near.
 */
export const EAGER_CARD_IMAGES = 8;
/** The cards of a desktop's first screen; the eager ones after them load at low priority. */
const FIRST_SCREEN_CARDS = 4;

export interface CardImageLoading {
  loading: "eager" | "lazy";
  /**
   * High for the first card (the listing's likely LCP element on a phone); low for the eager cards
   * below the first screen, so they never hold up the ones a visitor sees.
   */
  fetchpriority?: "high" | "low";
}

/**
 * `position` counts the shown cards from 0; a card rendered hidden (a link-only event, shown by the
 * upsell listing only) is always lazy, so its image is not fetched while it stays hidden.
 */
export function cardImageLoading(position: number, hidden: boolean): CardImageLoading {
  if (hidden || position >= EAGER_CARD_IMAGES) return { loading: "lazy" };
  if (position === 0) return { loading: "eager", fetchpriority: "high" };
  return position < FIRST_SCREEN_CARDS ? { loading: "eager" } : { loading: "eager", fetchpriority: "low" };
}
