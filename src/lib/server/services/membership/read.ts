/**
 * GET my/membership (spec 1 §7): only the caller's own memberships at the seller, newest term
 * first, with the role, membership program (the level's ticket type), order and ticket embeds.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { MyMembershipEnvelope } from "../../../api/membership-schemas.ts";
import * as s from "../../db/schema.ts";
import type { Executor } from "../cart/types.ts";
import { roleRank } from "./create.ts";

const coll = <T>(items: T[]) => ({ _count: items.length, _data: items });

export async function myMemberships(
  db: Executor,
  sellerId: string,
  identityId: string,
): Promise<MyMembershipEnvelope> {
  const rows = await db
    .select()
    .from(s.membership)
    .where(and(eq(s.membership.sellerId, sellerId), eq(s.membership.identityId, identityId)))
    .orderBy(desc(s.membership.validTo), asc(s.membership.scanCode));
  const orderIds = [...new Set(rows.flatMap((m) => (m.ticketOrderId ? [m.ticketOrderId] : [])))];
  const orders = orderIds.length
    ? await db.select().from(s.ticketOrder).where(inArray(s.ticketOrder.id, orderIds))
    : [];
  const tickets = orderIds.length
    ? await db
        .select({ ticket: s.ticket, type: s.ticketType })
        .from(s.ticket)
        .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
        .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
        .where(and(inArray(s.ticket.ticketOrderId, orderIds), eq(s.ticketGroup.handler, "membership")))
        .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id))
    : [];
  // The level of a membership is its order's first membership ticket (one level per order).
  const levelOf = new Map<string, (typeof tickets)[number]>();
  for (const t of tickets)
    if (t.ticket.ticketOrderId && !levelOf.has(t.ticket.ticketOrderId))
      levelOf.set(t.ticket.ticketOrderId, t);
  const roles = new Map<string, MyMembershipEnvelope["role"]["_data"][number]>();
  const memberships = rows.map((m) => {
    const level = m.ticketOrderId ? levelOf.get(m.ticketOrderId) : undefined;
    const programId = level?.type.id ?? null;
    const roleId = programId ? `${programId}:${m.role}` : m.role;
    roles.set(roleId, {
      id: roleId,
      name: m.role,
      _rank: roleRank(m.role),
      membership_program_id: programId,
    });
    return {
      id: m.id,
      scan_code: m.scanCode,
      role: m.role,
      role_id: roleId,
      name: m.name,
      last_name: m.lastName,
      auto_renew_state: m.autoRenewState,
      valid_from: m.validFrom.toISOString(),
      valid_to: m.validTo.toISOString(),
      membership_program_id: programId,
      ticket_group_id: level?.ticket.ticketGroupId ?? null,
      event_template_id: level?.ticket.eventTemplateId ?? null,
      ticket_order_id: m.ticketOrderId,
    };
  });
  const programs = [...new Map([...levelOf.values()].map((l) => [l.type.id, l.type])).values()];
  return {
    membership: coll(memberships),
    role: coll([...roles.values()]),
    membership_program: coll(programs.map((p) => ({ id: p.id, name: p.name, _rank: p.rank }))),
    ticket: coll(
      [...levelOf.values()].map(({ ticket }) => ({
        id: ticket.id,
        ticket_order_id: ticket.ticketOrderId,
        ticket_type_id: ticket.ticketTypeId,
        ticket_group_id: ticket.ticketGroupId,
        event_template_id: ticket.eventTemplateId,
      })),
    ),
    ticket_order: coll(orders.map((o) => ({ id: o.id, order_number: o.orderNumber, state: o.state }))),
  };
}
