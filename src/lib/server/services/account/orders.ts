/**
 * My account, orders and upcoming tickets (spec 2 §3, §7). Every read and write here is
 * the caller's own at this seller only (a logged-in user, or a guest identity with a session):
 * another identity's or another seller's order reads as 404 `not_found` and is never touched.
 *
 * - myOrders: GET my/ticket_order (optional id._in), newest first, with the order read's embeds
 *   plus the page's `payment_audit` and `scheduled_payment`.
 * - myOrderSessions: GET my/order_session, one row per (order, session) with its active tickets.
 * - emailMyOrder: POST ticket_order/{id}/email, the order confirmation mailed again.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { OrderSession, PaymentAuditItem } from "../../../api/account/schemas.ts";
import type { ScheduledPayment } from "../../../api/checkout/schemas.ts";
import {
  isCancelledTicket,
  isUpcoming,
  newestFirst,
  paymentAudit,
  soonestFirst,
} from "../../../domain/account/orders.ts";
import { formatMoney, toMoneyString } from "../../../domain/money.ts";
import { isDueToday, planInstalments, planState } from "../../../domain/payment-plan.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { mailLanguage } from "../../mail/mail-language.ts";
import { buildOrderConfirmation } from "../../mail/order-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { SellerRow } from "../catalogue/reads.ts";
import { loadOrderBundle, type OrderEmbed, type OrderRow, orderEnvelope } from "../checkout/orders.ts";
import { planOf } from "../checkout/plan.ts";
import { manageLinkForMail } from "../manage/link.ts";
import { ticketMailExtras } from "../ticket-cards/links.ts";

/** At most this many orders in one list answer (the page shows recent orders). */
export const MY_ORDERS_LIMIT = 100;
export const MY_ORDER_IDS_MAX = 50;

export type MyOrderEmbed = OrderEmbed | "payment_audit" | "scheduled_payment";
export const MY_ORDER_EMBEDS: readonly MyOrderEmbed[] = [
  "ticket",
  "ticket_type",
  "ticket_group",
  "event_template",
  "event_session",
  "venue",
  "seat",
  "membership",
  "payment_audit",
  "scheduled_payment",
];

export function parseMyOrderEmbeds(raw: string | undefined): Set<MyOrderEmbed> {
  const asked = (raw ?? "").split(",").map((x) => x.trim());
  return new Set(MY_ORDER_EMBEDS.filter((e) => asked.includes(e)));
}

interface Owner {
  sellerId: string;
  identityId: string;
}

/** The caller's own order, or 404 (never telling whether it exists for someone else). */
export async function ownOrder(ex: Executor, owner: Owner, orderId: string): Promise<OrderRow> {
  const [order] = await ex
    .select()
    .from(s.ticketOrder)
    .where(
      and(
        eq(s.ticketOrder.id, orderId),
        eq(s.ticketOrder.identityId, owner.identityId),
        eq(s.ticketOrder.sellerId, owner.sellerId),
      ),
    )
    .limit(1);
  if (!order) throw notFound("ticket_order", orderId);
  return order;
}

type Envelope = Record<string, { _count: number; _data: unknown[] }>;

/** GET my/ticket_order: the caller's orders (only those of `ids` when given), newest first. */
export async function myOrders(
  ex: Executor,
  owner: Owner,
  ids: readonly string[] | null,
  embeds: ReadonlySet<MyOrderEmbed>,
  now: Date,
): Promise<Envelope> {
  const conditions = [
    eq(s.ticketOrder.identityId, owner.identityId),
    eq(s.ticketOrder.sellerId, owner.sellerId),
  ];
  if (ids) conditions.push(inArray(s.ticketOrder.id, [...ids]));
  const rows = await ex
    .select({ id: s.ticketOrder.id })
    .from(s.ticketOrder)
    .where(and(...conditions))
    .orderBy(desc(s.ticketOrder.createdAt), desc(s.ticketOrder.id))
    .limit(MY_ORDERS_LIMIT);
  const bundle = await loadOrderBundle(
    ex,
    rows.map((r) => r.id),
  );
  const orders = newestFirst(bundle.orders);
  const out = orderEnvelope({ ...bundle, orders }, new Set([...embeds].filter(isOrderEmbed)));
  if (embeds.has("payment_audit") || embeds.has("scheduled_payment")) {
    const money = await orderMoney(ex, orders, now);
    if (embeds.has("payment_audit")) out.payment_audit = coll(money.audit);
    if (embeds.has("scheduled_payment")) out.scheduled_payment = coll(money.scheduled);
  }
  return out;
}

const coll = <T>(data: T[]) => ({ _count: data.length, _data: data });
const isOrderEmbed = (e: MyOrderEmbed): e is OrderEmbed => e !== "payment_audit" && e !== "scheduled_payment";

/**
 * The payment audit of the orders (from their carts' payment rows, spec 2 §3) and their scheduled
 * payments: the plan of the order's ticket group (meta `payment_plan`) over the order total, the
 * succeeded payments covering it in order (domain/payment-plan.ts); none without a plan.
 */
async function orderMoney(
  ex: Executor,
  orders: readonly OrderRow[],
  now: Date,
): Promise<{ audit: PaymentAuditItem[]; scheduled: ScheduledPayment[] }> {
  if (!orders.length) return { audit: [], scheduled: [] };
  const cartIds = orders.map((o) => o.cartId);
  // An order's edit carts hold the payments (and partial refunds) of its changes.
  const editCarts = await ex
    .select({ id: s.cart.id, orderId: s.cart.editsTicketOrderId })
    .from(s.cart)
    .where(
      inArray(
        s.cart.editsTicketOrderId,
        orders.map((o) => o.id),
      ),
    );
  const orderOfCart = new Map<string, string | null>([
    ...orders.map((o): [string, string] => [o.cartId, o.id]),
    ...editCarts.map((c): [string, string | null] => [c.id, c.orderId]),
  ]);
  const payments = await ex
    .select()
    .from(s.payment)
    .where(inArray(s.payment.cartId, [...orderOfCart.keys()]));
  const carts = await ex.select().from(s.cart).where(inArray(s.cart.id, cartIds));
  const tickets = await ex
    .select({ ticketGroupId: s.ticket.ticketGroupId, ticketOrderId: s.ticket.ticketOrderId })
    .from(s.ticket)
    .where(
      inArray(
        s.ticket.ticketOrderId,
        orders.map((o) => o.id),
      ),
    );
  const groupIds = [...new Set(tickets.map((t) => t.ticketGroupId))];
  const metas = groupIds.length
    ? await ex
        .select()
        .from(s.meta)
        .where(and(eq(s.meta.resource, "ticket_group"), inArray(s.meta.resourceId, groupIds)))
    : [];
  // 'Due today' is a day of the seller's calendar (isDueToday); amounts have its currency's places.
  const sellers = new Map(
    (
      await ex
        .select({ id: s.seller.id, timezone: s.seller.timezone, currency: s.seller.currencyCode })
        .from(s.seller)
        .where(inArray(s.seller.id, [...new Set(orders.map((o) => o.sellerId))]))
    ).map((row) => [row.id, row]),
  );
  const audit: PaymentAuditItem[] = [];
  const scheduled: ScheduledPayment[] = [];
  for (const order of orders) {
    const seller = sellers.get(order.sellerId);
    if (!seller) throw new Error(`seller ${order.sellerId} missing`);
    const { currency } = seller;
    const own = payments.filter((p) => orderOfCart.get(p.cartId) === order.id);
    for (const entry of paymentAudit(own)) {
      audit.push({
        id: entry.id,
        ticket_order_id: order.id,
        action: entry.action,
        amount: toMoneyString(entry.amount, currency),
        occurred_on: entry.occurredOn.toISOString(),
        gateway_id: entry.gatewayId,
      });
    }
    const plan = planOf(
      tickets.filter((t) => t.ticketOrderId === order.id),
      metas.filter((m) => m.sellerId === order.sellerId),
    );
    const cart = carts.find((c) => c.id === order.cartId);
    if (!plan || !cart) continue;
    const paid = own.filter((p) => p.state === "succeeded").reduce((sum, p) => sum + p.amount, 0);
    const state = planState(planInstalments(order.total, plan, cart.createdAt, currency), paid, now);
    for (const row of state.rows) {
      scheduled.push({
        id: `${order.id}-instalment-${row.index}`,
        cart_id: order.cartId,
        due_date: row.dueDate.toISOString(),
        amount: toMoneyString(row.status === "Paid" ? row.amount : row.unpaid, currency),
        status: row.status,
        due_today: isDueToday(row, now, seller.timezone),
      });
    }
  }
  return { audit, scheduled };
}

export interface OrderSessionFilter {
  when: "upcoming" | "past" | "all";
  sessionIds: readonly string[] | null;
}

/**
 * GET my/order_session: one row per (order, session) of the caller's orders, with the number of
 * its tickets that are not cancelled; rows whose tickets are all cancelled are left out. Upcoming
 * (default): sessions not started yet, soonest first; past: most recent first; all: soonest first.
 */
export async function myOrderSessions(
  ex: Executor,
  owner: Owner,
  filter: OrderSessionFilter,
  now: Date,
): Promise<OrderSession[]> {
  const rows = await ex
    .select({
      ticketState: s.ticket.state,
      orderId: s.ticketOrder.id,
      orderNumber: s.ticketOrder.orderNumber,
      purchasedOn: s.ticketOrder.createdAt,
      sessionId: s.eventSession.id,
      start: s.eventSession.startDatetime,
      eventId: s.eventTemplate.id,
      eventName: s.eventTemplate.name,
      timezone: s.venue.timezone,
    })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .innerJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
    .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
    .where(
      and(
        eq(s.ticketOrder.identityId, owner.identityId),
        eq(s.ticketOrder.sellerId, owner.sellerId),
        filter.sessionIds ? inArray(s.eventSession.id, [...filter.sessionIds]) : undefined,
      ),
    );
  const grouped = new Map<string, OrderSession & { start: Date; orderNumber: string; sessionId: string }>();
  for (const r of rows) {
    if (isCancelledTicket(r.ticketState) || r.ticketState === "held") continue;
    const key = `${r.orderId}:${r.sessionId}`;
    const found = grouped.get(key);
    if (found) {
      found.num_tickets += 1;
      continue;
    }
    grouped.set(key, {
      id: key,
      ticket_order_id: r.orderId,
      order_number: r.orderNumber,
      purchased_on: r.purchasedOn.toISOString(),
      num_tickets: 1,
      event_name: r.eventName,
      event_template_id: r.eventId,
      event_session_id: r.sessionId,
      start_datetime: r.start.toISOString(),
      timezone: r.timezone,
      start: r.start,
      orderNumber: r.orderNumber,
      sessionId: r.sessionId,
    });
  }
  let list = soonestFirst([...grouped.values()]);
  if (filter.when === "upcoming") list = list.filter((r) => isUpcoming(r.start, now));
  if (filter.when === "past") list = list.filter((r) => !isUpcoming(r.start, now)).reverse();
  return list.map(({ start: _s, orderNumber: _o, sessionId: _i, ...row }) => row);
}

/**
 * POST ticket_order/{id}/email: the caller's own order's confirmation mailed again to the
 * caller's e-mail (kind `resend`, or the log context order_update / order_cancel). 404 for an order
 * that is not the caller's; nothing is sent without an e-mail address.
 */
export async function emailMyOrder(
  ex: Executor,
  seller: SellerRow,
  owner: Owner,
  orderId: string,
  logContext: "order_update" | "order_cancel" | undefined,
  now: Date,
): Promise<void> {
  const order = await ownOrder(ex, owner, orderId);
  const [identity] = await ex.select().from(s.identity).where(eq(s.identity.id, owner.identityId));
  if (!identity?.email) return;
  const bundle = await loadOrderBundle(ex, [order.id]);
  // In the language the order was bought in (mail/mail-language.ts).
  const language = mailLanguage(seller.slug, order.language);
  const mail = await buildOrderConfirmation({
    sellerId: order.sellerId,
    sellerName: language.sellerName(seller.name),
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalText: formatMoney(order.total, seller.currencyCode, language.moneyLocale),
    to: identity.email,
    firstName: identity.firstName,
    tickets: bundle.tickets.filter((t) => !isCancelledTicket(t.ticket.state)),
    locale: language.locale,
    tenant: language.tenant,
    additionalInfo: bundle.cartInfo?.get(order.cartId),
    manageUrl: await manageLinkForMail(ex, order, seller.slug, bundle.tickets, now),
    // The tickets page, wallet links and calendar attachment.
    inHand: await ticketMailExtras(ex, order, seller.slug, now),
  });
  await enqueueMail(ex, { ...mail, kind: logContext ?? "resend", relatedId: order.id }, now);
}

/** The scan code of one of the caller's own booked tickets (its QR code on /my/upcoming/session), or 404. */
export async function ownTicketScanCode(ex: Executor, owner: Owner, ticketId: string): Promise<string> {
  const [row] = await ex
    .select({ scanCode: s.ticketScan.scanCode, state: s.ticket.state })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .innerJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
    .where(
      and(
        eq(s.ticket.id, ticketId),
        eq(s.ticketOrder.identityId, owner.identityId),
        eq(s.ticketOrder.sellerId, owner.sellerId),
      ),
    )
    .limit(1);
  if (!row || isCancelledTicket(row.state)) throw notFound("ticket", ticketId);
  return row.scanCode;
}
