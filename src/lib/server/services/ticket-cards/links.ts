/**
 * Where the tickets in hand live: the tickets page's path, and what a mail needs to
 * link a ticket's wallet passes and attach the order's calendar.
 *
 * The tickets page is `/{seller}/checkout/complete/tickets?orderIds=`: it reads its orders the
 * way the completion page does (a guest order by the holder of its id, a member's order by that
 * member). Wallet and calendar links carry the order's manage-link token (services/manage/token.ts),
 * the proof the wallet helper's routes accept from visitors without an account
 * (services/tickets/access.ts).
 */
import { orderCalendarLink, ticketLinks } from "../../../api/tickets/schemas.ts";
import type { TicketCard } from "../../../domain/tickets/ticket-cards.ts";
import type { Executor } from "../../db/executor.ts";
import { mailTenant, routeInLanguage } from "../../mail/mail-language.ts";
import type { MailAttachment } from "../../mail/outbox.ts";
import { mailOriginFor, storefrontUrl } from "../../tenant-hosts/links.ts";
import type { OrderTicketRow } from "../checkout/orders.ts";
import { issueManageToken } from "../manage/token.ts";
import { orderCalendar, sessionCalendar } from "../tickets/calendar.ts";
import { providerReady } from "../tickets/keys.ts";

/** The order a mail is for; `language` is the one it was bought in (null: the default). */
type MailOrder = { id: string; orderNumber: string; state: string; language?: string | null };

/** The tickets page of these orders under the router base (`/checkout/complete/tickets?orderIds=`). */
export function ticketsPageRoute(orderIds: readonly string[]): string {
  return `/checkout/complete/tickets?orderIds=${orderIds.map(encodeURIComponent).join(",")}`;
}

/** The tickets page of these orders (site-relative, under `/{seller}`). */
export function ticketsPagePath(sellerSlug: string, orderIds: readonly string[]): string {
  return `/${encodeURIComponent(sellerSlug)}${ticketsPageRoute(orderIds)}`;
}

export interface WalletButtons {
  apple: string | null;
  google: string | null;
}

/** What the confirmation mail adds to its ticket blocks. */
export interface TicketMailExtras {
  /** The order's state (a pending order's tickets have no pass yet) and the mail's "now" (Past Event). */
  orderState: string;
  now: Date;
  /** The absolute tickets page link. */
  ticketsUrl: string;
  /** The absolute wallet links of a card, null per provider when walletprecheck would say no. */
  wallet: (card: TicketCard) => WalletButtons;
  /** The order's calendar (.ics), or null when it has no session. */
  calendar: MailAttachment | null;
}

export const CALENDAR_CID = "calendar@foyer";

/**
 * The mail's extras for one order. The wallet links follow walletprecheck's own rule (services/tickets/
 * service.ts): the ticket can have a pass and the provider is configured, so the mail asks no
 * route per ticket inside the checkout's transaction.
 */
export async function ticketMailExtras(
  ex: Executor,
  order: MailOrder,
  sellerSlug: string,
  now: Date,
  // The mail links' one rule (tenant-hosts/links.ts): the tenant's own host name, else the configured origin.
  origin: string = mailOriginFor(sellerSlug),
  env: NodeJS.ProcessEnv = process.env,
): Promise<TicketMailExtras> {
  const ics = await sessionCalendar(ex, order.id, origin, now);
  return mailExtras(ex, order, sellerSlug, now, origin, env, ics);
}

/**
 * The same extras from the order's ticket rows already read (the checkout's confirmation mail has
 * them in its order bundle): the calendar is built from them instead of read again.
 */
export async function ticketMailExtrasOf(
  ex: Executor,
  order: MailOrder,
  seller: { slug: string; name: string },
  rows: readonly OrderTicketRow[],
  now: Date,
  origin: string = mailOriginFor(seller.slug),
  env: NodeJS.ProcessEnv = process.env,
): Promise<TicketMailExtras> {
  const sessionRows = rows.flatMap((row) =>
    row.session && row.ticket.ticketOrderId === order.id
      ? [{ state: row.ticket.state, session: row.session, event: row.event, venue: row.venue }]
      : [],
  );
  const ics = orderCalendar(order, seller, sessionRows, origin, now);
  return mailExtras(ex, order, seller.slug, now, origin, env, ics);
}

async function mailExtras(
  ex: Executor,
  order: MailOrder,
  sellerSlug: string,
  now: Date,
  origin: string,
  env: NodeJS.ProcessEnv,
  ics: string | null,
): Promise<TicketMailExtras> {
  const token = await issueManageToken(ex, order.id, now, "tickets");
  const ready = { apple: providerReady("apple", env), google: providerReady("google", env) };
  const safeNumber = order.orderNumber.replace(/[^A-Za-z0-9_-]/g, "");
  return {
    orderState: order.state,
    now,
    // The tickets page at the address of the order's language.
    ticketsUrl: storefrontUrl(
      origin,
      sellerSlug,
      routeInLanguage(mailTenant(sellerSlug, order.language), ticketsPageRoute([order.id])),
    ),
    wallet: (card) => {
      const links = ticketLinks(card.ticketId, token);
      return {
        apple: card.walletEligible && ready.apple ? `${origin}${links.pkpass}` : null,
        google: card.walletEligible && ready.google ? `${origin}${links.gwpass}` : null,
      };
    },
    calendar: ics
      ? {
          cid: CALENDAR_CID,
          filename: `order-${safeNumber || "tickets"}.ics`,
          contentType: "text/calendar; charset=utf-8",
          content: Buffer.from(ics, "utf8"),
        }
      : null,
  };
}

/** The calendar link of an order for a page (token appended). */
export function calendarPath(orderId: string, token: string): string {
  return orderCalendarLink(orderId, token);
}
