/**
 * An order as staff see it: the buyer, its tickets (type, session, seat, holder, state, scan code),
 * its memberships, the payments that took money and the refunds that gave some back (refund rows
 * name the payment they refund; a payment given back whole is `refunded` itself), what is left to
 * refund, the e-mails sent about it (the outbox rows related to it) and its audit trail. Only the
 * actor's seller's orders: any other id is 404.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { refundableLeft, ticketPrice } from "../../../../domain/admin/refunds.ts";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { toMoneyString } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { orderRefundables } from "../../../payments/refund.ts";
import { loadOrderBundle } from "../../checkout/orders.ts";
import { auditTrail } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { sellerOrder } from "./access.ts";
import { type OrderDetail, type OrderDetailInput, orderDetailInput } from "./schemas.ts";
import { buyerName } from "./search.ts";

export async function orderDetail(
  db: Executor,
  actor: StaffActor,
  input: OrderDetailInput | string,
): Promise<OrderDetail> {
  assertAllowed(actor, "orders.read");
  const { orderId } = parseInput(orderDetailInput, typeof input === "string" ? { orderId: input } : input);
  const order = await sellerOrder(db, actor, orderId);
  const seller = await actorSeller(db, actor);
  const money = (minor: number) => toMoneyString(minor, seller.currencyCode);
  const [buyer] = await db.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const bundle = await loadOrderBundle(db, [order.id]);
  // The order's own cart and its edits' carts hold its payments and refunds (payments/refund.ts).
  const { rows: paymentRows, paid, refunded } = await orderRefundables(db, order);
  const takers = paymentRows.filter((p) => !p.refundOfPaymentId);
  const givers = paymentRows.filter((p) => p.refundOfPaymentId);
  const emails = await db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.sellerId, actor.sellerId), eq(s.outbox.relatedId, order.id)))
    .orderBy(asc(s.outbox.createdAt), asc(s.outbox.id));
  const ticketIds = bundle.tickets.map((t) => t.ticket.id);
  const audit = await auditTrail(db, actor.sellerId, "ticket_order", order.id, {
    resource: "ticket",
    ids: ticketIds,
  });
  const admissions = ticketIds.length
    ? await db.select().from(s.ticketAdmission).where(inArray(s.ticketAdmission.ticketId, ticketIds))
    : [];
  const admissionOf = new Map(admissions.map((a) => [a.ticketId, a]));
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      state: order.state,
      createdAt: order.createdAt.toISOString(),
      total: money(order.total),
      currency: seller.currencyCode,
      guest: order.guest,
      buyer: {
        name: buyerName(buyer?.firstName ?? null, buyer?.lastName ?? null),
        email: buyer?.email ?? null,
      },
    },
    tickets: bundle.tickets.map((row) => ({
      id: row.ticket.id,
      state: row.ticket.state,
      ticketType: { id: row.type.id, name: row.type.name },
      event: { id: row.event.id, name: row.event.name },
      sessionId: row.session?.id ?? null,
      sessionStart: row.session?.startDatetime.toISOString() ?? null,
      seatName: row.seat?.name ?? null,
      holderName: row.ticket.admitName,
      scanCode: row.scanCode,
      price: money(ticketPrice(row.ticket)),
      admission: admissionView(admissionOf.get(row.ticket.id)),
    })),
    memberships: (bundle.memberships ?? []).map((m) => ({
      id: m.id,
      scanCode: m.scanCode,
      // The card holder's full name (last_name is kept apart for the member-ID lookup).
      name: m.name,
      role: m.role,
      validFrom: m.validFrom.toISOString(),
      validTo: m.validTo.toISOString(),
    })),
    payments: takers.map((p) => ({
      id: p.id,
      gateway: p.gatewayId,
      amount: money(p.amount),
      state: p.state,
      cardLast4: p.cardLast4,
      giftCardNumber: p.gatewayId === "ledger" ? p.cardNumber : null,
      occurredAt: p.occurredAt.toISOString(),
    })),
    refunds: givers.map((p) => ({
      id: p.id,
      refundOfPaymentId: p.refundOfPaymentId ?? "",
      gateway: p.gatewayId,
      amount: money(p.amount),
      state: p.state,
      occurredAt: p.occurredAt.toISOString(),
    })),
    paid: money(paid),
    refunded: money(refunded),
    refundable: money(refundableLeft(paid, refunded)),
    emails: emails.map((m) => ({
      id: m.id,
      kind: m.kind,
      subject: m.subject,
      to: m.toAddress,
      state: m.state,
      createdAt: m.createdAt.toISOString(),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      actorKind: a.actorKind,
      actorName: a.actorName,
      action: a.action,
      reason: a.reason,
      details: a.details,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

function admissionView(a: typeof s.ticketAdmission.$inferSelect | undefined) {
  return a ? { admittedAt: a.admittedAt.toISOString(), gate: a.gate, overridden: a.overridden } : null;
}
