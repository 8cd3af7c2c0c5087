/**
 * Reading ticket orders (spec 2 §7): GET ticket_order?id._in=... and GET ticket_order/{id}, with
 * the embeds ticket, ticket_type, ticket_group, event_template, event_session, venue and seat. A guest
 * order (checked out through the public identity's cart) is readable by holders of its id (a
 * random UUID); a user's order only by that user.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderTicket, TicketOrder } from "../../../api/checkout/schemas.ts";
import { type FeeBreakdown, orderFeeBreakdown } from "../../../domain/fee-lines.ts";
import { toMoneyString } from "../../../domain/money.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import { placeholders, placeholderValues, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { forbidden } from "../cart/errors.ts";
import { serializeTicketSeat } from "../cart/seats.ts";
import {
  serializeEvent,
  serializeGroup,
  serializeMeta,
  serializeSession,
  serializeTicketType,
  serializeVenue,
} from "../catalogue/serialize.ts";
import type { Caller } from "../identity/identity.ts";
import { gifteeEmail } from "../membership/giftee.ts";

export type OrderRow = typeof s.ticketOrder.$inferSelect;
type TicketRow = typeof s.ticket.$inferSelect;

export const ORDER_EMBEDS = [
  "ticket",
  "ticket_type",
  "ticket_group",
  "event_template",
  "event_session",
  "venue",
  "seat",
  "membership",
  // The seller's meta (completed_* keys of the completion page, spec 2 §3).
  "meta",
] as const;
export type OrderEmbed = (typeof ORDER_EMBEDS)[number];

export interface OrderTicketRow {
  ticket: TicketRow;
  scanCode: string | null;
  type: typeof s.ticketType.$inferSelect;
  group: typeof s.ticketGroup.$inferSelect;
  event: typeof s.eventTemplate.$inferSelect;
  venue: typeof s.venue.$inferSelect;
  session: typeof s.eventSession.$inferSelect | null;
  /** The seat a seated ticket holds (shown on the completion page and in the e-mail). */
  seat: { id: string; name: string } | null;
}

export interface OrderBundle {
  orders: OrderRow[];
  tickets: OrderTicketRow[];
  /** Each order's seller's currency, by seller id: money strings have its places ("2.500" in KWD). */
  currencies: ReadonlyMap<string, string>;
  /**
   * Each order's cart's additional info (survey answers keyed by ticket group id), by cart id:
   * a gift card's recipient is shown with the order.
   */
  cartInfo?: ReadonlyMap<string, Record<string, Record<string, unknown>>>;
  /** The memberships the orders created (the completion page's member cards). */
  memberships?: ReadonlyArray<typeof s.membership.$inferSelect>;
  /** The recipients of gift orders, by giftee identity id (the completion page's gift variant). */
  giftees?: ReadonlyMap<string, { name: string; email: string | null }>;
  /** The meta rows of the orders' sellers (resource "seller"), for the `meta` embed. */
  sellerMetas?: ReadonlyArray<typeof s.meta.$inferSelect>;
}

/** The bundle with its sellers' meta rows (loaded only when `meta` is embedded). */
export async function withSellerMeta(ex: Executor, bundle: OrderBundle): Promise<OrderBundle> {
  const sellerIds = [...new Set(bundle.orders.map((o) => o.sellerId))];
  if (!sellerIds.length) return bundle;
  const sellerMetas = await ex
    .select()
    .from(s.meta)
    .where(and(eq(s.meta.resource, "seller"), inArray(s.meta.resourceId, sellerIds)));
  return { ...bundle, sellerMetas };
}

const coll = <T>(data: T[]) => ({ _count: data.length, _data: data });

/** What a reader may leave out of the bundle: `memberships: false` (then undefined) when it shows none (a mail). */
export interface BundleParts {
  memberships?: boolean;
}

/** Bundles of up to this many orders (a checkout's one, a gift's few) keep their queries built. */
const KEPT_BUNDLE_SHAPES = 4;

export async function loadOrderBundle(
  ex: Executor,
  ids: readonly string[],
  parts: BundleParts = {},
): Promise<OrderBundle> {
  if (!ids.length) return { orders: [], tickets: [], currencies: new Map() };
  // The orders (with their carts' additional info and their sellers' currencies), their tickets and
  // their memberships, all keyed by the ids asked: three reads sent at once, one round trip.
  // Built once per number of orders, up to a few (db/query-shape.ts): the tickets' read joins
  // seven tables.
  const values = placeholderValues("o", ids);
  const keep = ids.length <= KEPT_BUNDLE_SHAPES;
  const [orderRows, rows, memberships] = await Promise.all([
    runShaped(
      ex,
      `order_bundle_orders:${ids.length}`,
      () =>
        ex
          .select({ order: s.ticketOrder, cartInfo: s.cart.additionalInfo, currency: s.seller.currencyCode })
          .from(s.ticketOrder)
          .innerJoin(s.seller, eq(s.seller.id, s.ticketOrder.sellerId))
          .leftJoin(s.cart, eq(s.cart.id, s.ticketOrder.cartId))
          .where(inArray(s.ticketOrder.id, placeholders("o", ids.length)))
          .orderBy(asc(s.ticketOrder.createdAt), asc(s.ticketOrder.id)),
      values,
      keep,
    ),
    runShaped(
      ex,
      `order_bundle_tickets:${ids.length}`,
      () =>
        ex
          .select({
            ticket: s.ticket,
            scanCode: s.ticketScan.scanCode,
            type: s.ticketType,
            group: s.ticketGroup,
            event: s.eventTemplate,
            venue: s.venue,
            session: s.eventSession,
            seat: { id: s.seatTemplate.id, name: s.seatTemplate.name },
          })
          .from(s.ticket)
          .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
          .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
          .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticket.eventTemplateId))
          .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
          .leftJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
          .leftJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
          .leftJoin(s.seatTemplate, eq(s.seatTemplate.id, s.ticket.seatTemplateId))
          .where(inArray(s.ticket.ticketOrderId, placeholders("o", ids.length)))
          .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id)),
      values,
      keep,
    ),
    parts.memberships === false
      ? undefined
      : ex
          .select()
          .from(s.membership)
          .where(inArray(s.membership.ticketOrderId, [...ids]))
          .orderBy(asc(s.membership.scanCode)),
  ]);
  const orders = orderRows.map((row) => row.order);
  const currencies = new Map(orderRows.map((row) => [row.order.sellerId, row.currency]));
  if (!orders.length) return { orders, tickets: [], currencies };
  const gifteeIds = orders.flatMap((o) => (o.gifteeIdentityId ? [o.gifteeIdentityId] : []));
  const giftees = gifteeIds.length
    ? await ex.select().from(s.identity).where(inArray(s.identity.id, gifteeIds))
    : [];
  return {
    orders,
    tickets: rows,
    currencies,
    cartInfo: new Map(
      orderRows.flatMap((row) => (row.cartInfo === null ? [] : [[row.order.cartId, row.cartInfo] as const])),
    ),
    memberships,
    giftees: new Map(
      giftees.map((g) => [
        g.id,
        { name: [g.firstName, g.lastName].filter(Boolean).join(" "), email: gifteeEmail(g) },
      ]),
    ),
  };
}

/** 403 unless the caller may read the order (see the file comment). */
export function assertCanReadOrder(order: OrderRow, caller: Caller): void {
  if (order.guest) return;
  if (caller.identityId !== order.identityId) throw forbidden("You are not allowed to see this order.");
}

export function serializeOrder(order: OrderRow, currency: string): TicketOrder {
  return {
    id: order.id,
    seller_id: order.sellerId,
    order_number: order.orderNumber,
    identity_id: order.identityId,
    cart_id: order.cartId,
    created_at: order.createdAt.toISOString(),
    state: order.state,
    ticket_order_fees: { total_after_fees_price: toMoneyString(order.total, currency) },
  };
}

export function serializeOrderTicket(row: OrderTicketRow, currency: string): OrderTicket {
  const t = row.ticket;
  return {
    id: t.id,
    state: t.state,
    ticket_type_id: t.ticketTypeId,
    ticket_group_id: t.ticketGroupId,
    event_template_id: t.eventTemplateId,
    event_session_id: t.eventSessionId,
    ticket_order_id: t.ticketOrderId,
    face_value: toMoneyString(t.faceValue, currency),
    adjusted_value: toMoneyString(t.faceValue, currency),
    admit_name: t.admitName,
    admit_email: t.admitEmail,
    seat_template_id: t.seatTemplateId,
    scan_code: row.scanCode,
    start_datetime: row.session?.startDatetime.toISOString() ?? t.validFrom?.toISOString() ?? null,
    // A ticket without a session (any-day, dated without a session row) ends with its validity.
    valid_to: t.validTo?.toISOString() ?? null,
    timezone: row.venue.timezone,
  };
}

/** An order's total with its fee lines, from its booked tickets' face values and fees. */
export function orderFeesOf(
  order: OrderRow,
  rows: readonly OrderTicketRow[],
  currency: string,
): TicketOrder["ticket_order_fees"] {
  const b = orderBreakdown(order, rows, currency);
  return {
    total_after_fees_price: toMoneyString(b.total, currency),
    subtotal_price: toMoneyString(b.faceValue, currency),
    fees_price: toMoneyString(b.fees, currency),
    discount_price: toMoneyString(b.discount, currency),
  };
}

/** The fee breakdown of one order (its tickets are picked from the bundle's rows). */
export function orderBreakdown(
  order: OrderRow,
  rows: readonly OrderTicketRow[],
  currency: string,
): FeeBreakdown {
  const tickets = rows.filter((r) => r.ticket.ticketOrderId === order.id).map((r) => r.ticket);
  return orderFeeBreakdown(tickets, order.total, currency);
}

/** The currency of a seller of the bundle's orders (every bundle reads its sellers' currencies). */
export function bundleCurrency(bundle: Pick<OrderBundle, "currencies">, sellerId: string): string {
  const currency = bundle.currencies.get(sellerId);
  if (!currency) throw new Error(`no currency read for seller ${sellerId}`);
  return currency;
}

const uniqueBy = <T>(rows: T[], id: (row: T) => string) => [...new Map(rows.map((r) => [id(r), r])).values()];

/** The read answer: ticket_order plus the asked embeds as sibling collections. */
export function orderEnvelope(
  bundle: OrderBundle,
  embeds: ReadonlySet<OrderEmbed>,
  /** The call's catalogue language (http/content-language.ts); null: the default language's. */
  language: string | null = null,
): Record<string, { _count: number; _data: unknown[] }> {
  const t = bundle.tickets;
  const currencyOf = (sellerId: string) => bundleCurrency(bundle, sellerId);
  const out: Record<string, { _count: number; _data: unknown[] }> = {
    ticket_order: coll(
      bundle.orders.map((o) => ({
        ...serializeOrder(o, currencyOf(o.sellerId)),
        ticket_order_fees: orderFeesOf(o, t, currencyOf(o.sellerId)),
        additional_info: bundle.cartInfo?.get(o.cartId) ?? {},
        giftee: (o.gifteeIdentityId && bundle.giftees?.get(o.gifteeIdentityId)) || null,
      })),
    ),
  };
  if (embeds.has("ticket")) {
    out.ticket = coll(t.map((r) => serializeOrderTicket(r, currencyOf(r.event.sellerId))));
  }
  if (embeds.has("ticket_type")) {
    out.ticket_type = coll(
      uniqueBy(t, (r) => r.type.id).map((r) =>
        serializeTicketType(r.type, { currency: currencyOf(r.event.sellerId), language }),
      ),
    );
  }
  if (embeds.has("ticket_group"))
    out.ticket_group = coll(uniqueBy(t, (r) => r.group.id).map((r) => serializeGroup(r.group, { language })));
  if (embeds.has("event_template"))
    out.event_template = coll(
      uniqueBy(t, (r) => r.event.id).map((r) => serializeEvent(r.event, { language })),
    );
  if (embeds.has("event_session")) {
    const sessions = t.flatMap((r) => (r.session ? [r.session] : []));
    out.event_session = coll(uniqueBy(sessions, (r) => r.id).map((r) => serializeSession(r)));
  }
  if (embeds.has("venue"))
    out.venue = coll(uniqueBy(t, (r) => r.venue.id).map((r) => serializeVenue(r.venue)));
  if (embeds.has("seat")) {
    const seats = t.flatMap((r) => (r.seat ? [r.seat] : []));
    out.seat = coll(uniqueBy(seats, (r) => r.id).map(serializeTicketSeat));
  }
  if (embeds.has("meta"))
    out.meta = coll((bundle.sellerMetas ?? []).flatMap((m) => serializeMeta(m, { language })));
  if (embeds.has("membership"))
    out.membership = coll(
      (bundle.memberships ?? []).map((m) => ({
        id: m.id,
        ticket_order_id: m.ticketOrderId,
        scan_code: m.scanCode,
        role: m.role,
        name: m.name,
        last_name: m.lastName,
        valid_from: m.validFrom.toISOString(),
        valid_to: m.validTo.toISOString(),
        // Spec 2 §3: scheduled (Enrolled), cancelled (Cancelled), else Not enrolled.
        auto_renew_state: m.autoRenewState,
      })),
    );
  return out;
}

/** `_embed` (comma list; ticket.event_session counts as event_session); unknown names are ignored. */
export function parseOrderEmbeds(raw: string | undefined): Set<OrderEmbed> {
  const out = new Set<OrderEmbed>();
  for (const part of (raw ?? "").split(",")) {
    const name = part.trim().split(".").pop() ?? "";
    if ((ORDER_EMBEDS as readonly string[]).includes(name)) out.add(name as OrderEmbed);
  }
  return out;
}

/** One order for the caller: 404 unknown, 403 not theirs. */
export async function readableOrder(ex: Executor, id: string, caller: Caller): Promise<OrderRow> {
  const [order] = await ex.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, id));
  if (!order) throw notFound("ticket_order", id);
  assertCanReadOrder(order, caller);
  return order;
}

/**
 * Locks an order's row (FOR UPDATE), then its tickets' rows in id order, and answers the order
 * read under the lock; null when there is none (at this seller, when one is named). Everyone who
 * changes an order's tickets takes the locks in this order (the self-service cancel, staff
 * refunds and cancels), so two changes of one order run one after the other.
 */
export async function lockOrderAndTickets(
  tx: Tx,
  orderId: string,
  sellerId?: string,
): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(s.ticketOrder)
    .where(
      sellerId
        ? and(eq(s.ticketOrder.id, orderId), eq(s.ticketOrder.sellerId, sellerId))
        : eq(s.ticketOrder.id, orderId),
    )
    .for("update");
  if (!order) return null;
  await tx
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(eq(s.ticket.ticketOrderId, orderId))
    .orderBy(asc(s.ticket.id))
    .for("update");
  return order;
}
