/**
 * One membership as the desk sees it: the member and the account it belongs to, its program and
 * level, its term dates, the cards bought with it (every membership of the same order: the member,
 * a second card, children ...), each card's terms (a renewal keeps the member ID and adds a term),
 * the automatic renewals tried (membership_renewal), and the auto-renew state with the card it
 * charges.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { notFound } from "../../../errors/api-error.ts";
import { gifteeEmail } from "../../membership/giftee.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { type MembershipRefInput, membershipRefInput } from "./schemas.ts";

export type MembershipRow = typeof s.membership.$inferSelect;

export interface MemberCard {
  membershipId: string;
  scanCode: string;
  role: string;
  name: string;
  lastName: string;
  validFrom: string;
  validTo: string;
  autoRenewState: string | null;
  program: string | null;
  level: string | null;
}

export interface MemberTerm {
  membershipId: string;
  scanCode: string;
  validFrom: string;
  validTo: string;
  ticketOrderId: string | null;
  renewsMembershipId: string | null;
}

export interface MemberRenewal {
  membershipId: string;
  termEnd: string;
  /** claimed | renewed | failed */
  state: string;
  newMembershipId: string | null;
  ticketOrderId: string | null;
  detail: string | null;
  createdAt: string;
}

export interface MemberDetail {
  membership: MemberCard;
  account: {
    identityId: string;
    kind: string;
    firstName: string | null;
    lastName: string | null;
    /** Where the membership mail goes (a gift's recipient address for a giftee). */
    email: string | null;
  };
  order: { id: string; orderNumber: string; createdAt: string; total: number } | null;
  cards: MemberCard[];
  terms: MemberTerm[];
  renewals: MemberRenewal[];
  autoRenew: { state: string | null; paymentMethod: string | null };
}

/** The actor's seller's membership, or not found (another seller's is not found too). */
export async function membershipOfActor(
  db: Executor,
  actor: StaffActor,
  membershipId: string,
): Promise<MembershipRow> {
  const [row] = await db
    .select()
    .from(s.membership)
    .where(and(eq(s.membership.id, membershipId), eq(s.membership.sellerId, actor.sellerId)));
  if (!row) throw notFound("membership", membershipId);
  return row;
}

/** The memberships bought with it: the same order's, else itself alone. */
export async function cardsOf(db: Executor, membership: MembershipRow): Promise<MembershipRow[]> {
  if (!membership.ticketOrderId) return [membership];
  return db
    .select()
    .from(s.membership)
    .where(
      and(
        eq(s.membership.sellerId, membership.sellerId),
        eq(s.membership.ticketOrderId, membership.ticketOrderId),
      ),
    )
    .orderBy(asc(s.membership.validFrom), asc(s.membership.scanCode), asc(s.membership.id));
}

/** Where the membership mail goes: the account's e-mail, or a gift's recipient address. */
export function memberEmail(identity: typeof s.identity.$inferSelect): string | null {
  return identity.email ?? gifteeEmail(identity);
}

/** The membership with its cards, terms, renewals and auto-renew. Roles: members.read. */
export async function memberDetail(
  db: Executor,
  actor: StaffActor,
  input: MembershipRefInput,
  _now: Date,
): Promise<MemberDetail> {
  assertAllowed(actor, "members.read");
  const { membershipId } = parseInput(membershipRefInput, input);
  const membership = await membershipOfActor(db, actor, membershipId);
  const cards = await cardsOf(db, membership);
  const scanCodes = [...new Set(cards.map((c) => c.scanCode))];
  const [[identity], orders, terms, groups, types, methods] = await Promise.all([
    db.select().from(s.identity).where(eq(s.identity.id, membership.identityId)),
    membership.ticketOrderId
      ? db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, membership.ticketOrderId))
      : Promise.resolve([]),
    db
      .select()
      .from(s.membership)
      .where(and(eq(s.membership.sellerId, actor.sellerId), inArray(s.membership.scanCode, scanCodes)))
      .orderBy(asc(s.membership.scanCode), asc(s.membership.validFrom), asc(s.membership.id)),
    db
      .select({ id: s.ticketGroup.id, name: s.ticketGroup.name })
      .from(s.ticketGroup)
      .where(eq(s.ticketGroup.sellerId, actor.sellerId)),
    db
      .select({ id: s.ticketType.id, name: s.ticketType.name })
      .from(s.ticketType)
      .where(eq(s.ticketType.sellerId, actor.sellerId)),
    membership.savedPaymentMethodId
      ? db
          .select({ identifier: s.savedPaymentMethod.identifier })
          .from(s.savedPaymentMethod)
          .where(eq(s.savedPaymentMethod.id, membership.savedPaymentMethodId))
      : Promise.resolve([]),
  ]);
  if (!identity) throw notFound("membership", membershipId);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const card = (m: MembershipRow): MemberCard => ({
    membershipId: m.id,
    scanCode: m.scanCode,
    role: m.role,
    name: m.name,
    lastName: m.lastName,
    validFrom: m.validFrom.toISOString(),
    validTo: m.validTo.toISOString(),
    autoRenewState: m.autoRenewState,
    program: (m.ticketGroupId && groupName.get(m.ticketGroupId)) || null,
    level: (m.ticketTypeId && typeName.get(m.ticketTypeId)) || null,
  });
  const renewals = terms.length
    ? await db
        .select()
        .from(s.membershipRenewal)
        .where(
          inArray(
            s.membershipRenewal.membershipId,
            terms.map((t) => t.id),
          ),
        )
        .orderBy(desc(s.membershipRenewal.termEnd), asc(s.membershipRenewal.membershipId))
    : [];
  const order = orders[0];
  return {
    membership: card(membership),
    account: {
      identityId: identity.id,
      kind: identity.kind,
      firstName: identity.firstName,
      lastName: identity.lastName,
      email: memberEmail(identity),
    },
    order: order
      ? {
          id: order.id,
          orderNumber: order.orderNumber,
          createdAt: order.createdAt.toISOString(),
          total: order.total,
        }
      : null,
    cards: cards.map(card),
    terms: terms.map((t) => ({
      membershipId: t.id,
      scanCode: t.scanCode,
      validFrom: t.validFrom.toISOString(),
      validTo: t.validTo.toISOString(),
      ticketOrderId: t.ticketOrderId,
      renewsMembershipId: t.renewsMembershipId,
    })),
    renewals: renewals.map((r) => ({
      membershipId: r.membershipId,
      termEnd: r.termEnd.toISOString(),
      state: r.state,
      newMembershipId: r.newMembershipId,
      ticketOrderId: r.ticketOrderId,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
    })),
    autoRenew: { state: membership.autoRenewState, paymentMethod: methods[0]?.identifier ?? null },
  };
}
