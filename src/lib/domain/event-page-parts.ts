/**
 * Spec 1 §2 event detail variants: "membership purchase; one-ticket-only (gift card, donation);
 * ... single-event reserve; quantity-first reserve; date-first reserve". Which parts of the page
 * each variant shows: a donation, a gift card or a membership is no visit, so it has no 'Get
 * tickets' heading, no venue, and its own route name for content blocks (spec 1 §2: "Tenant content
 * blocks appear in named regions, shown or hidden by route name"), so visit notices such as a
 * cloakroom rule, enabled for the `event` routes, stay off these pages.
 */

export type EventPageVariant = "visit" | "one_ticket" | "membership";

/** Ticket group handlers that make an event a one-ticket purchase (donation; ledger is a gift card). */
const ONE_TICKET_HANDLERS: ReadonlySet<string> = new Set(["donation", "ledger"]);

export function eventPageVariant(
  reserveFlow: string,
  groupHandlers: readonly (string | null | undefined)[],
): EventPageVariant {
  if (reserveFlow === "membership") return "membership";
  if (reserveFlow === "one_ticket" || groupHandlers.some((h) => h != null && ONE_TICKET_HANDLERS.has(h)))
    return "one_ticket";
  return "visit";
}

export interface EventPageParts {
  /** The reserve section's 'Get tickets' heading. */
  ticketsHeading: boolean;
  /** The 'Venue: ...' line under the title. */
  venue: boolean;
  /** The route name content blocks are matched against (enabledRoutes, disabledRoutes). */
  route: string;
}

export function eventPageParts(variant: EventPageVariant, action: string | undefined): EventPageParts {
  if (variant === "membership") return { ticketsHeading: false, venue: false, route: "event-membership" };
  if (variant === "one_ticket") return { ticketsHeading: false, venue: false, route: "event-one-ticket" };
  return { ticketsHeading: true, venue: true, route: action ? "event-action" : "event" };
}

/**
 * Spec 1 §2 "The page also shows ... a membership promo": the invitation to join, on visit pages
 * only (a donation, a gift card or the membership itself is no visit to make free), when the
 * tenant turns it on, and never to a visitor who already holds a current membership. It also
 * stays away where the page already speaks of membership: the members-only notice (it has its own
 * 'Become a member' link) and the renewal notice.
 */
export interface MembershipPromoContext {
  /** The tenant's web.membership_promo switch. */
  enabled: boolean;
  variant: EventPageVariant;
  /** The logged-in visitor holds a current membership with the seller. */
  isMember: boolean;
  membersOnlyNotice: boolean;
  renewalNotice: boolean;
}

export function showsMembershipPromo(ctx: MembershipPromoContext): boolean {
  return (
    ctx.enabled && ctx.variant === "visit" && !ctx.isMember && !ctx.membersOnlyNotice && !ctx.renewalNotice
  );
}
