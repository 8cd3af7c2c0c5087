/**
 * What a scanned code is, within one seller: a ticket (through its scan code) with its session,
 * event, type, holder, seat and admission, or a member card (a membership's member ID, the term
 * that covers now, else the latest). Another seller's code is not found, like an unknown one.
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { MemberCardFacts, TicketFacts } from "../../../domain/gate/verdict.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export async function ticketFactsByCode(
  ex: Executor,
  sellerId: string,
  code: string,
): Promise<TicketFacts | null> {
  const [row] = await ex
    .select({
      ticket: s.ticket,
      start: s.eventSession.startDatetime,
      typeName: s.ticketType.name,
      seat: s.seatTemplate.name,
      admission: s.ticketAdmission,
    })
    .from(s.ticketScan)
    .innerJoin(s.ticket, eq(s.ticket.id, s.ticketScan.ticketId))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .leftJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
    .leftJoin(s.seatTemplate, eq(s.seatTemplate.id, s.ticket.seatTemplateId))
    .leftJoin(s.ticketAdmission, eq(s.ticketAdmission.ticketId, s.ticket.id))
    .where(and(eq(s.ticketScan.scanCode, code), eq(s.ticket.sellerId, sellerId)))
    .limit(1);
  if (!row) return null;
  const t = row.ticket;
  return {
    kind: "ticket",
    ticketId: t.id,
    state: t.state,
    refunded: t.state === "cancelled" && t.ticketOrderId ? await orderHadRefund(ex, t.ticketOrderId) : false,
    sessionId: t.eventSessionId,
    eventId: t.eventTemplateId,
    sessionStart: row.start ?? t.validFrom,
    validUntil: t.eventSessionId ? null : t.validTo,
    ticketTypeName: row.typeName,
    holderName: t.admitName,
    seat: row.seat ? `Seat ${row.seat}` : null,
    admittedAt: row.admission?.admittedAt ?? null,
    admittedGate: row.admission?.gate ?? null,
  };
}

/** Whether any money of the order went back (a cancelled ticket of it then reads as refunded). */
async function orderHadRefund(ex: Executor, orderId: string): Promise<boolean> {
  const [found] = await ex
    .select({ id: s.payment.id })
    .from(s.payment)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.cartId, s.payment.cartId))
    .where(and(eq(s.ticketOrder.id, orderId), inArray(s.payment.state, ["refund", "refund_due", "refunded"])))
    .limit(1);
  return Boolean(found);
}

export async function memberCardFactsByCode(
  ex: Executor,
  sellerId: string,
  code: string,
  now: Date,
): Promise<MemberCardFacts | null> {
  const terms = await ex
    .select({ membership: s.membership, level: s.ticketType.name })
    .from(s.membership)
    .leftJoin(s.ticketType, eq(s.ticketType.id, s.membership.ticketTypeId))
    .where(
      and(
        eq(s.membership.sellerId, sellerId),
        eq(s.membership.scanCode, code),
        isNotNull(s.membership.validTo),
      ),
    )
    .orderBy(desc(s.membership.validTo));
  if (!terms.length) return null;
  // The term that covers now; else the latest (expired, or not yet begun).
  const covering = terms.find((t) => t.membership.validFrom <= now && now < t.membership.validTo);
  const term = covering ?? terms[0];
  if (!term) return null;
  const m = term.membership;
  return {
    kind: "member_card",
    membershipId: m.id,
    // The full name; last_name is kept apart for the member-ID lookup.
    memberName: m.name,
    levelName: term.level ?? m.role,
    validFrom: m.validFrom,
    validUntil: m.validTo,
  };
}
