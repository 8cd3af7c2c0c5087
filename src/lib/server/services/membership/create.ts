/**
 * A completed order of a membership ticket group creates its memberships, in the same
 * transaction as the order's completion. One membership per card holder: each member ticket
 * carries its party role (cart modify resolved it, reserve-rules.ts); named roles (named yes|other)
 * hold a card with the ticket's admit name (else the purchaser's), unnamed roles (guest, child)
 * hold none. When no ticket holds a card, the purchaser gets one membership as 'member'. The card
 * gets the program (ticket group), level (ticket type), event and the level's benefits (ticket
 * type meta `member_benefits`: {ticketTypeId: n, "*": n}) and per-event limit (ticket type meta
 * `member_event_purchase_limit`).
 *
 * A gift order (giftee set) creates none: the gift code's redemption does. A renewal with
 * 'extend' (cart option extendMembership) of a program the buyer holds, current or ended within
 * the grace days, starts at its valid_to and every card keeps the member ID of the same role
 * (renews_membership_id). Idempotent: an order that already has memberships gets none.
 */
import { randomInt, randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { mergeBenefits } from "../../../domain/membership/benefits.ts";
import { memberIdDigits } from "../../../domain/membership/member-id.ts";
import {
  holdsCard,
  type MemberRule,
  resolveMemberRoles,
  roleRank,
} from "../../../domain/membership/members.ts";
import { extendsTerm } from "../../../domain/membership/renewal.ts";
import { membershipTerm } from "../../../domain/membership/term.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { type OrderTicket, orderTicketsByHandler } from "../checkout/order-tickets.ts";
import { enrolOrderMemberships } from "./auto-renew.ts";
import { levelEventLimits } from "./event-limit.ts";
import { renewalConfigFor } from "./reserve-rules.ts";

type OrderLike = { id: string; sellerId: string; identityId: string };
export type MembershipRow = typeof s.membership.$inferSelect;

export { roleRank };

/** Member IDs look like the demo's (HM100001): the seller id's initials and 6 digits. */
export function memberIdPrefix(sellerId: string): string {
  const initials = sellerId
    .split(/[^a-z0-9]+/i)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return (initials || "M").slice(0, 3);
}

function splitName(full: string | null | undefined): { first: string; last: string } | null {
  const parts = (full ?? "").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return null;
  return { first: parts.slice(0, -1).join(" ") || parts[0] || "", last: parts[parts.length - 1] ?? "" };
}

interface Holder {
  ticketTypeId?: string;
  role: string;
  name: string;
  lastName: string;
}

/** The benefits configured on levels (ticket type meta `member_benefits`), by level id. */
async function levelBenefits(tx: Tx, levelIds: string[]): Promise<Map<string, Record<string, number>>> {
  if (!levelIds.length) return new Map();
  const rows = await tx
    .select()
    .from(s.meta)
    .where(and(eq(s.meta.resource, "ticket_type"), inArray(s.meta.resourceId, levelIds)));
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const raw = r.data.member_benefits;
    if (!raw || typeof raw !== "object") continue;
    const entries = Object.entries(raw as Record<string, unknown>).flatMap(([k, v]) =>
      typeof v === "number" ? [[k, v] as const] : [],
    );
    out.set(r.resourceId, mergeBenefits([Object.fromEntries(entries)]));
  }
  return out;
}

type MemberTicket = OrderTicket;

/** The order's tickets of membership groups that are not cancelled, in booking order. */
async function holdersOf(
  tx: Tx,
  tickets: readonly MemberTicket[],
  purchaser: Holder,
): Promise<{ groupId: string; holders: Holder[] }[]> {
  if (!tickets.length) return [];
  const typeIds = [...new Set(tickets.map((t) => t.ticket.ticketTypeId))];
  const rules: MemberRule[] = await tx
    .select()
    .from(s.membershipRule)
    .where(inArray(s.membershipRule.ticketTypeId, typeIds));
  const roles = resolveMemberRoles(
    tickets.map(({ ticket }) => ({ ticketTypeId: ticket.ticketTypeId, partyRole: ticket.partyRole })),
    rules,
  );
  const byGroup = new Map<string, Holder[]>();
  tickets.forEach(({ ticket }, i) => {
    const list = byGroup.get(ticket.ticketGroupId) ?? [];
    byGroup.set(ticket.ticketGroupId, list);
    const role = roles[i] ?? "member";
    const levelRules = rules.filter((r) => r.ticketTypeId === ticket.ticketTypeId);
    if (!holdsCard(role, levelRules)) return;
    if (list.some((h) => h.ticketTypeId === ticket.ticketTypeId && h.role === role)) return;
    const admit = splitName(ticket.admitName);
    const ticketTypeId = ticket.ticketTypeId;
    list.push(
      admit
        ? { ticketTypeId, role, name: ticket.admitName?.trim() ?? "", lastName: admit.last }
        : { ...purchaser, ticketTypeId, role },
    );
  });
  const firstLevel = new Map(tickets.map(({ ticket }) => [ticket.ticketGroupId, ticket.ticketTypeId]));
  return [...byGroup].map(([groupId, holders]) => ({
    groupId,
    holders: holders.length
      ? holders
      : [{ ...purchaser, ticketTypeId: firstLevel.get(groupId), role: "member" }],
  }));
}

/** Inserts one membership under a fresh member ID, drawing again on a collision. */
async function insertWithMemberId(tx: Tx, row: Omit<MembershipRow, "scanCode">): Promise<MembershipRow> {
  const prefix = memberIdPrefix(row.sellerId);
  for (let attempt = 0; ; attempt += 1) {
    const digits = memberIdDigits(attempt);
    if (digits === null)
      throw new Error(`no free member ID for seller ${row.sellerId} after ${attempt} draws`);
    const scanCode = `${prefix}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
    const [created] = await tx
      .insert(s.membership)
      .values({ ...row, scanCode })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
}

/**
 * The term a renewal with 'extend' follows: the buyer's latest membership of the program, when it
 * is current or ended within the grace days; with its cards of that term by role.
 */
async function extendedTerm(
  tx: Tx,
  identityId: string,
  groupId: string,
  now: Date,
  graceDays: number,
  timeZone: string,
): Promise<{ validTo: Date; byRole: Map<string, MembershipRow> } | null> {
  const rows = await tx
    .select()
    .from(s.membership)
    .where(and(eq(s.membership.identityId, identityId), eq(s.membership.ticketGroupId, groupId)))
    .orderBy(desc(s.membership.validTo), asc(s.membership.id));
  const latest = rows[0];
  if (!latest || !extendsTerm(latest.validTo, now, graceDays, timeZone)) return null;
  const byRole = new Map<string, MembershipRow>();
  for (const m of rows)
    if (m.validTo.getTime() === latest.validTo.getTime() && !byRole.has(m.role)) byRole.set(m.role, m);
  return { validTo: latest.validTo, byRole };
}

export async function createOrderMemberships(
  tx: Tx,
  order: OrderLike,
  now: Date,
  /** The order's live membership tickets (checkout/order-tickets.ts); read here when not given. */
  given?: readonly MemberTicket[],
): Promise<MembershipRow[]> {
  // Most orders hold no membership ticket: one query settles them, before the reads a member needs.
  const memberTickets = given ?? (await orderTicketsByHandler(tx, order.id, ["membership"])).membership;
  if (!memberTickets.length) return [];
  const existing = await tx
    .select({ id: s.membership.id })
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, order.id))
    .limit(1);
  if (existing.length) return [];
  const [stored] = await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, order.id));
  // A gift of membership: the giftee's membership comes with the gift code's redemption.
  if (stored?.gifteeIdentityId) return [];
  const [cart] = stored ? await tx.select().from(s.cart).where(eq(s.cart.id, stored.cartId)) : [];
  const extend = cart?.membershipOptions.extendMembership === true;
  const [buyer] = await tx.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, order.sellerId));
  if (!buyer || !seller) return [];
  const purchaser: Holder = {
    role: "member",
    name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" ") || (buyer.email ?? ""),
    lastName: buyer.lastName ?? "",
  };
  const zip = buyer.additionalInfo?.zip_code ?? buyer.additionalInfo?.post_code;
  const groups = await holdersOf(tx, memberTickets, purchaser);
  const levelIds = [
    ...new Set(groups.flatMap((g) => g.holders.flatMap((h) => (h.ticketTypeId ? [h.ticketTypeId] : [])))),
  ];
  const benefits = await levelBenefits(tx, levelIds);
  // The level's per-event limit (ticket type meta member_event_purchase_limit; event-limit.ts).
  const eventLimits = await levelEventLimits(tx, levelIds);
  const { graceDays } = renewalConfigFor(seller.slug);
  const created: MembershipRow[] = [];
  for (const { groupId, holders } of groups) {
    const [group] = await tx.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, groupId));
    if (!group) continue;
    const previous = extend
      ? await extendedTerm(tx, order.identityId, group.id, now, graceDays, seller.timezone)
      : null;
    const term = membershipTerm({
      now,
      durationNew: group.durationNew,
      startPolicy: group.startPolicy,
      startPolicyDate: group.startPolicyDate,
      timeZone: seller.timezone,
      extendFrom: previous?.validTo ?? null,
    });
    for (const h of holders) {
      const row: Omit<MembershipRow, "scanCode"> = {
        id: randomUUID(),
        sellerId: order.sellerId,
        identityId: order.identityId,
        role: h.role,
        name: h.name,
        lastName: h.lastName,
        zipCode: typeof zip === "string" && zip.trim() ? zip.trim() : null,
        validFrom: term.validFrom,
        validTo: term.validTo,
        ticketOrderId: order.id,
        autoRenewState: null,
        ticketGroupId: group.id,
        ticketTypeId: h.ticketTypeId ?? null,
        eventTemplateId: group.eventTemplateId,
        benefits: (h.ticketTypeId && benefits.get(h.ticketTypeId)) || {},
        memberEventPurchaseLimit: h.ticketTypeId ? (eventLimits.get(h.ticketTypeId) ?? null) : null,
        savedPaymentMethodId: null,
        renewsMembershipId: null,
      };
      const renewed = previous?.byRole.get(h.role);
      if (renewed) {
        // The renewed card keeps its member ID (and the ZIP code it logs in with).
        const [card] = await tx
          .insert(s.membership)
          .values({
            ...row,
            scanCode: renewed.scanCode,
            zipCode: row.zipCode ?? renewed.zipCode,
            renewsMembershipId: renewed.id,
          })
          .returning();
        if (card) created.push(card);
      } else {
        created.push(await insertWithMemberId(tx, row));
      }
    }
  }
  // A checkout that kept a card for auto-renew enrols these memberships (auto-renew.ts).
  return enrolOrderMemberships(tx, order.id, created);
}
