/**
 * Who may read a ticket or an order's calendar, on every ticket route:
 * - the order's owner: the logged-in identity (the session cookie) the order belongs to, the same
 *   rule as GET ticket/{id}/qrcode and my/ticket_order (services/account/orders.ts); or
 * - the holder of the order's manage-link token (`?token=`, services/manage/token.ts), so the
 *   links in a guest's confirmation mail and on the completion page work without an account.
 * Anything else (unknown id, another identity's or another seller's ticket, a missing, forged or
 * other order's token) is the same 404, so a stranger learns nothing about which ids exist.
 */

import { and, eq } from "drizzle-orm";
import { ticketRowIn } from "../../../domain/content-language.ts";
import { languageOf } from "../../../tenant/languages.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { tenantIn } from "../../mail/mail-language.ts";
import { resolveCaller } from "../identity/identity.ts";
import { verifyManageToken } from "../manage/token.ts";

export interface TicketCaller {
  /** The session cookie's token, if any. */
  sessionToken: string | undefined;
  /** The manage-link token from `?token=`, if any. */
  manageToken: string | undefined;
  /** `_seller` when the call names one: a ticket of another seller is then 404. */
  sellerSlug?: string | undefined;
  now: Date;
}

type OrderRow = typeof s.ticketOrder.$inferSelect;
type SellerRow = typeof s.seller.$inferSelect;

/** True when the caller owns the order, or holds its tickets token (or its manage token: the buyer's mail). */
async function mayRead(
  ex: Executor,
  order: OrderRow,
  seller: SellerRow,
  who: TicketCaller,
): Promise<boolean> {
  if (who.sellerSlug && who.sellerSlug !== seller.slug) return false;
  if (who.manageToken) {
    for (const purpose of ["tickets", "manage"] as const) {
      if (await verifyManageToken(ex, order.id, who.manageToken, who.now, purpose)) return true;
    }
  }
  const caller = await resolveCaller(ex, who.sessionToken, who.now);
  return (
    caller.identityId !== null && caller.sellerId === order.sellerId && caller.identityId === order.identityId
  );
}

/** The order (and its seller and tenant locale) the caller may read, else 404. */
export async function readableTicketOrder(ex: Executor, orderId: string, who: TicketCaller) {
  const [row] = await ex
    .select({ order: s.ticketOrder, seller: s.seller })
    .from(s.ticketOrder)
    .innerJoin(s.seller, eq(s.seller.id, s.ticketOrder.sellerId))
    .where(eq(s.ticketOrder.id, orderId))
    .limit(1);
  if (!row || !(await mayRead(ex, row.order, row.seller, who))) throw notFound("ticket_order", orderId);
  return { ...row, tenant: tenantIn(getTenant(row.seller.slug), row.order.language) };
}

/** The ticket with everything a pass shows, if the caller may read it; else 404. */
export async function readableTicket(ex: Executor, ticketId: string, who: TicketCaller) {
  const [row] = await ex
    .select({
      ticket: s.ticket,
      order: s.ticketOrder,
      seller: s.seller,
      scanCode: s.ticketScan.scanCode,
      group: s.ticketGroup,
      type: s.ticketType,
      event: s.eventTemplate,
      venue: s.venue,
      session: s.eventSession,
      seatName: s.seatTemplate.name,
    })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .innerJoin(s.seller, eq(s.seller.id, s.ticket.sellerId))
    .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticket.eventTemplateId))
    .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
    .leftJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
    .leftJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
    .leftJoin(s.seatTemplate, eq(s.seatTemplate.id, s.ticket.seatTemplateId))
    .where(and(eq(s.ticket.id, ticketId), eq(s.ticketOrder.sellerId, s.ticket.sellerId)))
    .limit(1);
  if (!row || !(await mayRead(ex, row.order, row.seller, who))) throw notFound("ticket", ticketId);
  // The tenant in the order's language: the pass speaks the language the order was bought in, and
  // names the event, ticket and venue as that language does.
  const tenant = tenantIn(getTenant(row.seller.slug), row.order.language);
  return { ...ticketRowIn(row, tenant ? languageOf(tenant) : row.order.language), tenant };
}

export type ReadableTicket = Awaited<ReturnType<typeof readableTicket>>;
