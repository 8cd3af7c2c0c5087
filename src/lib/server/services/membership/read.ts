/**
 * GET my/membership (spec 1 §7): only the caller's own memberships at the seller, newest
 * term first, with the spec's embeds — role (with its membership program, the level's ticket type),
 * identity_link, ticket (the order's member tickets, cancelled ones excluded; spec 1 §6) with
 * ticket_type, event_template and ticket_group, and ticket_order — plus what the membership form
 * and the reserve steppers need: the level, the last full day, the renewal window and the
 * benefits remaining in the current term.
 */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { MyMembershipEnvelope } from "../../../api/membership/schemas.ts";
import { remainingBenefits } from "../../../domain/membership/benefits.ts";
import { roleRank } from "../../../domain/membership/members.ts";
import { lastFullDay, renewalOpen, renewalOpensAt } from "../../../domain/membership/renewal.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { memberEventTicketCounts, remainingEventPurchases } from "./event-limit.ts";
import { memberTicketCounts, renewalConfigFor } from "./reserve-rules.ts";

const coll = <T>(items: T[]) => ({ _count: items.length, _data: items });

export async function myMemberships(
  db: Executor,
  sellerId: string,
  identityId: string,
  now?: Date,
): Promise<MyMembershipEnvelope> {
  const rows = await db
    .select()
    .from(s.membership)
    .where(and(eq(s.membership.sellerId, sellerId), eq(s.membership.identityId, identityId)))
    .orderBy(desc(s.membership.validTo), asc(s.membership.scanCode));
  const [seller] = await db.select().from(s.seller).where(eq(s.seller.id, sellerId));
  const orderIds = [...new Set(rows.flatMap((m) => (m.ticketOrderId ? [m.ticketOrderId] : [])))];
  const orders = orderIds.length
    ? await db.select().from(s.ticketOrder).where(inArray(s.ticketOrder.id, orderIds))
    : [];
  const tickets = orderIds.length
    ? await db
        .select({ ticket: s.ticket, type: s.ticketType, group: s.ticketGroup, event: s.eventTemplate })
        .from(s.ticket)
        .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
        .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
        .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticket.eventTemplateId))
        .where(
          and(
            inArray(s.ticket.ticketOrderId, orderIds),
            eq(s.ticketGroup.handler, "membership"),
            ne(s.ticket.state, "cancelled"),
          ),
        )
        .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id))
    : [];
  // A membership's level: its own ticket_type_id, else its order's first membership ticket.
  const firstOfOrder = new Map<string, (typeof tickets)[number]>();
  for (const t of tickets)
    if (t.ticket.ticketOrderId && !firstOfOrder.has(t.ticket.ticketOrderId))
      firstOfOrder.set(t.ticket.ticketOrderId, t);
  const levelIds = [
    ...new Set(
      rows.flatMap((m) => {
        const id =
          m.ticketTypeId ?? (m.ticketOrderId ? firstOfOrder.get(m.ticketOrderId)?.type.id : undefined);
        return id ? [id] : [];
      }),
    ),
  ];
  const levels = levelIds.length
    ? await db.select().from(s.ticketType).where(inArray(s.ticketType.id, levelIds))
    : [];
  const levelById = new Map(levels.map((l) => [l.id, l]));
  const tz = seller?.timezone ?? "UTC";
  const config = renewalConfigFor(seller?.slug ?? sellerId);
  const clock = now ?? null;
  const current = clock ? rows.filter((m) => m.validFrom <= clock && m.validTo > clock) : [];
  const termStart = current.length ? new Date(Math.min(...current.map((m) => m.validFrom.getTime()))) : null;
  const benefitKeys = [...new Set(current.flatMap((m) => Object.keys(m.benefits)).filter((k) => k !== "*"))];
  const counts =
    termStart && current.some((m) => Object.keys(m.benefits).length)
      ? await memberTicketCounts(db, identityId, sellerId, benefitKeys, termStart)
      : [];
  // member_event_purchase_limit: one query, only when a current membership has a limit.
  const eventCounts =
    termStart && current.some((m) => m.memberEventPurchaseLimit !== null)
      ? await memberEventTicketCounts(db, { identityId, sellerId, since: termStart })
      : [];

  const roles = new Map<string, MyMembershipEnvelope["role"]["_data"][number]>();
  const memberships = rows.map((m) => {
    const first = m.ticketOrderId ? firstOfOrder.get(m.ticketOrderId) : undefined;
    const levelId = m.ticketTypeId ?? first?.type.id ?? null;
    const groupId = m.ticketGroupId ?? first?.ticket.ticketGroupId ?? null;
    const roleId = levelId ? `${levelId}:${m.role}` : m.role;
    roles.set(roleId, {
      id: roleId,
      name: m.role,
      _rank: roleRank(m.role),
      membership_program_id: levelId,
    });
    const isCurrent = current.includes(m);
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
      membership_program_id: levelId,
      ticket_group_id: groupId,
      event_template_id: m.eventTemplateId ?? first?.ticket.eventTemplateId ?? null,
      ticket_order_id: m.ticketOrderId,
      ticket_type_id: levelId,
      valid_until: lastFullDay(m.validTo, tz),
      renews_membership_id: m.renewsMembershipId,
      member_event_purchase_limit: m.memberEventPurchaseLimit,
      benefits: m.benefits,
      remaining_benefits: isCurrent ? remainingBenefits(m.benefits, counts) : [],
      ...(isCurrent && m.memberEventPurchaseLimit !== null
        ? { remaining_event_purchases: remainingEventPurchases(m.memberEventPurchaseLimit, eventCounts) }
        : {}),
      ...(clock
        ? {
            renewal: {
              open: renewalOpen(m.validTo, clock, config.windowDays, tz),
              opens_at: renewalOpensAt(m.validTo, config.windowDays, tz).toISOString(),
              window_days: config.windowDays,
              ended: m.validTo.getTime() <= clock.getTime(),
            },
          }
        : {}),
    };
  });
  const groups = new Map(tickets.map((t) => [t.group.id, t.group]));
  const events = new Map(tickets.map((t) => [t.event.id, t.event]));
  const types = new Map([
    ...levels.map((l) => [l.id, l] as const),
    ...tickets.map((t) => [t.type.id, t.type] as const),
  ]);
  return {
    membership: coll(memberships),
    role: coll([...roles.values()]),
    membership_program: coll([...levelById.values()].map((p) => ({ id: p.id, name: p.name, _rank: p.rank }))),
    identity_link: coll(
      rows.map((m) => ({ id: `${m.identityId}:${m.id}`, identity_id: m.identityId, membership_id: m.id })),
    ),
    ticket: coll(
      tickets.map(({ ticket }) => ({
        id: ticket.id,
        ticket_order_id: ticket.ticketOrderId,
        ticket_type_id: ticket.ticketTypeId,
        ticket_group_id: ticket.ticketGroupId,
        event_template_id: ticket.eventTemplateId,
        party_role: ticket.partyRole,
        admit_name: ticket.admitName,
        state: ticket.state,
      })),
    ),
    ticket_type: coll(
      [...types.values()].map((t) => ({
        id: t.id,
        name: t.name,
        _rank: t.rank,
        ticket_group_id: t.ticketGroupId,
      })),
    ),
    ticket_group: coll(
      [...groups.values()].map((g) => ({
        id: g.id,
        name: g.name,
        event_template_id: g.eventTemplateId,
        handler: g.handler,
      })),
    ),
    event_template: coll([...events.values()].map((e) => ({ id: e.id, name: e.name }))),
    ticket_order: coll(orders.map((o) => ({ id: o.id, order_number: o.orderNumber, state: o.state }))),
  };
}
