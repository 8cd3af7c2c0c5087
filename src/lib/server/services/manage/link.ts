/**
 * The "Manage your booking" link of order mails: `{origin}/{seller}/manage/{orderId}?token=`
 * (`/{seller}/{lang}/manage/…` for an order bought in a language other than the default)
 * with a manage-link token for that order. The origin is a configured one (config/origins.ts), never a
 * request's Host; the tenant's own host name when it lists one (tenant-hosts/links.ts). Orders with
 * nothing to manage (no ticket for a session or a date: memberships, gift cards, donations only) get
 * no link.
 */
import type { Executor } from "../../db/executor.ts";
import { mailTenant, routeInLanguage } from "../../mail/mail-language.ts";
import { mailOriginFor, storefrontUrl } from "../../tenant-hosts/links.ts";
import { issueManageToken } from "./token.ts";

/** The manage page's path under the router base, with its token (links between manage pages carry it too). */
export function managePath(orderId: string, token: string): string {
  return `/manage/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
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
  order: { id: string; language?: string | null },
  sellerSlug: string,
  now: Date,
  origin: string = mailOriginFor(sellerSlug),
): Promise<string> {
  const token = await issueManageToken(ex, order.id, now);
  // Under the router base of that origin (`/` on the tenant's own host name), at the address of
  // the order's language.
  const route = routeInLanguage(mailTenant(sellerSlug, order.language), managePath(order.id, token));
  return storefrontUrl(origin, sellerSlug, route);
}

/** The link for a mail of this order, or null when the order has nothing to manage. */
export async function manageLinkForMail(
  ex: Executor,
  order: { id: string; language?: string | null },
  sellerSlug: string,
  tickets: Parameters<typeof hasManageableTickets>[0],
  now: Date,
  origin?: string,
): Promise<string | null> {
  return hasManageableTickets(tickets) ? manageLink(ex, order, sellerSlug, now, origin) : null;
}
