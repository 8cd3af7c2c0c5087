/**
 * The "Manage your booking" link of order mails (issue 14): `{origin}/{seller}/manage/{orderId}?token=`
 * with a manage-link token for that order. The origin is a configured one (config/origins.ts), never a
 * request's Host. Orders with nothing to manage (no ticket for a session or a date: memberships, gift
 * cards, donations only) get no link.
 */
import { mailLinkOrigin } from "../../config/origins.ts";
import type { Executor } from "../../db/seed/helpers.ts";
import { issueManageToken } from "./token.ts";

/** The manage page's path with its token (links between manage pages carry it too). */
export function managePath(sellerSlug: string, orderId: string, token: string): string {
  return `/${encodeURIComponent(sellerSlug)}/manage/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
}

/** True when some ticket of the order has a session or a date: something /manage can show. */
export function hasManageableTickets(
  tickets: readonly { ticket: { eventSessionId: string | null; validFrom: Date | null } }[],
): boolean {
  return tickets.some((row) => row.ticket.eventSessionId !== null || row.ticket.validFrom !== null);
}

/**
 * The absolute manage link of an order. `origin` is the request's configured link origin when a
 * request is being answered; without one (checkout, webhooks) the first configured origin, or the
 * demo's own loopback origin.
 */
export async function manageLink(
  ex: Executor,
  order: { id: string },
  sellerSlug: string,
  now: Date,
  origin: string = mailLinkOrigin(""),
): Promise<string> {
  const token = await issueManageToken(ex, order.id, now);
  return `${origin}${managePath(sellerSlug, order.id, token)}`;
}

/** The link for a mail of this order, or null when the order has nothing to manage. */
export async function manageLinkForMail(
  ex: Executor,
  order: { id: string },
  sellerSlug: string,
  tickets: Parameters<typeof hasManageableTickets>[0],
  now: Date,
  origin?: string,
): Promise<string | null> {
  return hasManageableTickets(tickets) ? manageLink(ex, order, sellerSlug, now, origin) : null;
}
