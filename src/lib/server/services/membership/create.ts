/**
 * Issue 12: a completed order of a membership ticket group creates its memberships, in the same
 * transaction as the order's completion. One membership per card holder: the k-th ticket of a
 * level takes the k-th named role of that level's rules (member, second-card, ...); tickets of
 * unnamed roles (guest, child) hold no card. When no ticket maps to a named role, the purchaser
 * gets one membership as 'member'. Idempotent: an order that already has memberships gets none.
 */
import { randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { membershipTerm } from "../../../domain/membership/term.ts";
import * as s from "../../db/schema.ts";
import type { Tx } from "../cart/types.ts";

type OrderLike = { id: string; sellerId: string; identityId: string };
export type MembershipRow = typeof s.membership.$inferSelect;

/** The spec's role labels in card order, so 'member' is always the first card of a level. */
const ROLE_ORDER = [
  "member",
  "second-card",
  "third-card",
  "additional-member",
  "youth-member",
  "child-member",
];
export const roleRank = (role: string) => {
  const i = ROLE_ORDER.indexOf(role);
  return i < 0 ? ROLE_ORDER.length : i;
};

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

async function holdersOf(
  tx: Tx,
  order: OrderLike,
  purchaser: Holder,
): Promise<{ groupId: string; holders: Holder[] }[]> {
  const tickets = await tx
    .select({ ticket: s.ticket, group: s.ticketGroup })
    .from(s.ticket)
    .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
    .where(
      and(
        eq(s.ticket.ticketOrderId, order.id),
        eq(s.ticketGroup.handler, "membership"),
        ne(s.ticket.state, "cancelled"),
      ),
    )
    .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id));
  if (!tickets.length) return [];
  const typeIds = [...new Set(tickets.map((t) => t.ticket.ticketTypeId))];
  const rules = await tx
    .select()
    .from(s.membershipRule)
    .where(inArray(s.membershipRule.ticketTypeId, typeIds));
  const byGroup = new Map<string, Holder[]>();
  const used = new Map<string, number>();
  for (const { ticket } of tickets) {
    const named = rules
      .filter((r) => r.ticketTypeId === ticket.ticketTypeId && r.named !== "no")
      .sort((a, b) => roleRank(a.partyRole) - roleRank(b.partyRole));
    const k = used.get(ticket.ticketTypeId) ?? 0;
    used.set(ticket.ticketTypeId, k + 1);
    const list = byGroup.get(ticket.ticketGroupId) ?? [];
    byGroup.set(ticket.ticketGroupId, list);
    // A level without rules is a one-card level; beyond its named roles a ticket holds no card.
    const role = named.length ? named[k]?.partyRole : k === 0 ? "member" : undefined;
    if (!role) continue;
    const admit = splitName(ticket.admitName);
    const ticketTypeId = ticket.ticketTypeId;
    list.push(
      admit
        ? { ticketTypeId, role, name: ticket.admitName?.trim() ?? "", lastName: admit.last }
        : { ...purchaser, ticketTypeId, role },
    );
  }
  return [...byGroup].map(([groupId, holders]) => ({
    groupId,
    holders: holders.length ? holders : [{ ...purchaser, role: "member" }],
  }));
}

/** Inserts one membership under a fresh member ID, drawing again on the rare collision. */
async function insertWithMemberId(tx: Tx, row: Omit<MembershipRow, "scanCode">): Promise<MembershipRow> {
  const prefix = memberIdPrefix(row.sellerId);
  for (;;) {
    const scanCode = `${prefix}${randomInt(100_000, 1_000_000)}`;
    const [created] = await tx
      .insert(s.membership)
      .values({ ...row, scanCode })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
}

export async function createOrderMemberships(tx: Tx, order: OrderLike, now: Date): Promise<MembershipRow[]> {
  const existing = await tx
    .select({ id: s.membership.id })
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, order.id))
    .limit(1);
  if (existing.length) return [];
  const [buyer] = await tx.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, order.sellerId));
  if (!buyer || !seller) return [];
  const purchaser: Holder = {
    role: "member",
    name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" ") || (buyer.email ?? ""),
    lastName: buyer.lastName ?? "",
  };
  const zip = buyer.additionalInfo?.zip_code ?? buyer.additionalInfo?.post_code;
  const created: MembershipRow[] = [];
  for (const { groupId, holders } of await holdersOf(tx, order, purchaser)) {
    const [group] = await tx.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, groupId));
    if (!group) continue;
    const term = membershipTerm({
      now,
      durationNew: group.durationNew,
      startPolicy: group.startPolicy,
      startPolicyDate: group.startPolicyDate,
      timeZone: seller.timezone,
    });
    for (const h of holders) {
      created.push(
        await insertWithMemberId(tx, {
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
          benefits: {},
          memberEventPurchaseLimit: null,
          savedPaymentMethodId: null,
          renewsMembershipId: null,
        }),
      );
    }
  }
  return created;
}
