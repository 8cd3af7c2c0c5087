/**
 * The renewal job: renews memberships enrolled in auto-renew (`scheduled`) at term end.
 *
 * The memberships of one order and term (a Dual level's two cards) renew together, for one charge.
 * Each renewal runs in its own transaction, which first claims (membership_id, term_end) of the
 * group's primary card in `membership_renewal` (its primary key): on PostgreSQL a second server's
 * claim waits for the first transaction and then finds the row, so a term is charged once however
 * often and on however many servers the job runs. The saved method is charged off-session with a
 * key per (membership, term end), so a retry after a crash never charges twice either.
 * - Charged: a renewal order records it (a booked cart, a completed ticket order, one booked ticket
 *   per card as before at today's level price, the payment); every card gets its next term (same
 *   member ID, `renews_membership_id`, valid_from = the old valid_to, the group's duration by
 *   term.ts), still `scheduled` with the same card; the old term becomes `renewed`; the member is
 *   mailed. All in the claim's transaction.
 * - Declined: the renewal is `failed`, the memberships are left unrenewed (their state `failed`,
 *   shown as Not enrolled) and the member is mailed.
 * - Anything else (the provider unreachable) rolls the claim back: the next run tries again.
 * Terms that ended more than RENEWAL_GRACE_DAYS ago are not charged any more.
 */

import { randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { AUTO_RENEW_SCHEDULED } from "../../../domain/membership/auto-renew.ts";
import { membershipTerm } from "../../../domain/membership/term.ts";
import { roundToChargeStep } from "../../../domain/money.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { logger } from "../../log/logger.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { newScanCode } from "../checkout/convert.ts";
import { roleRank } from "./create.ts";
import { renewalFailedMail, renewedMail } from "./renewal-job-mails.ts";
import { chargeSavedMethod } from "./saved-payment.ts";

type MembershipRow = typeof s.membership.$inferSelect;

export const RENEWAL_INTERVAL_MS = 5 * 60_000;
export const RENEWAL_BATCH = 50;
export const RENEWAL_GRACE_DAYS = 30;

export type RenewalOutcome = "renewed" | "failed" | "skipped";
export interface RenewalRun {
  renewed: number;
  failed: number;
  skipped: number;
}

/**
 * Due: scheduled, term ended (within the grace), no renewal of that term recorded yet, and no
 * later term following it (a member who renewed by hand is not charged).
 */
async function dueMemberships(db: Db, now: Date, limit: number): Promise<MembershipRow[]> {
  const since = new Date(now.getTime() - RENEWAL_GRACE_DAYS * 86_400_000);
  return db
    .select()
    .from(s.membership)
    .where(
      and(
        eq(s.membership.autoRenewState, AUTO_RENEW_SCHEDULED),
        lte(s.membership.validTo, now),
        gt(s.membership.validTo, since),
        sql`not exists (select 1 from ${s.membershipRenewal} r where r.membership_id = ${s.membership.id} and r.term_end = ${s.membership.validTo})`,
        // Renewed by hand already (a renewal purchase with 'extend' follows this term): not charged again.
        sql`not exists (select 1 from membership n where n.renews_membership_id = ${s.membership.id})`,
      ),
    )
    .orderBy(asc(s.membership.validTo), asc(s.membership.id))
    .limit(limit);
}

/** The cards of one order and term renew together; the primary card (best role) keys the claim. */
export function renewalGroups(rows: readonly MembershipRow[]): MembershipRow[][] {
  const groups = new Map<string, MembershipRow[]>();
  for (const m of rows) {
    const key = `${m.ticketOrderId ?? m.id}|${m.validTo.toISOString()}`;
    const list = groups.get(key) ?? [];
    list.push(m);
    groups.set(key, list);
  }
  return [...groups.values()].map((list) =>
    [...list].sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.id.localeCompare(b.id)),
  );
}

/** The renewal's tickets: the old order's membership tickets at today's price (0 stays 0). */
async function renewalTickets(tx: Tx, primary: MembershipRow) {
  const old = primary.ticketOrderId
    ? await tx
        .select({ ticket: s.ticket, type: s.ticketType })
        .from(s.ticket)
        .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
        .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
        .where(
          and(
            eq(s.ticket.ticketOrderId, primary.ticketOrderId),
            eq(s.ticketGroup.handler, "membership"),
            ne(s.ticket.state, "cancelled"),
          ),
        )
        .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id))
    : [];
  if (old.length) {
    return old.map(({ ticket, type }) => ({
      ticketTypeId: ticket.ticketTypeId,
      ticketGroupId: ticket.ticketGroupId,
      eventTemplateId: ticket.eventTemplateId,
      partyRole: ticket.partyRole,
      admitName: ticket.admitName,
      admitEmail: ticket.admitEmail,
      faceValue: ticket.faceValue > 0 ? type.currencyAmount : 0,
      levelName: type.name,
    }));
  }
  // A membership without an order ticket (imported): one ticket of its level.
  if (!primary.ticketTypeId) return [];
  const [type] = await tx.select().from(s.ticketType).where(eq(s.ticketType.id, primary.ticketTypeId));
  if (!type) return [];
  return [
    {
      ticketTypeId: type.id,
      ticketGroupId: type.ticketGroupId,
      eventTemplateId: primary.eventTemplateId ?? "",
      partyRole: primary.role,
      admitName: primary.name,
      admitEmail: null,
      faceValue: type.currencyAmount,
      levelName: type.name,
    },
  ];
}

/** A booked cart and a completed ticket order recording the renewal (cart number = order number). */
async function insertRenewalOrder(
  tx: Tx,
  input: {
    sellerId: string;
    identityId: string;
    guest: boolean;
    total: number;
    now: Date;
    /** The renewed membership's order's language: the renewal's order keeps it. */
    language: string | null;
  },
) {
  for (let attempt = 0; ; attempt++) {
    const cartId = randomUUID();
    const orderId = randomUUID();
    const cartNumber = String(randomInt(100_000_000, 999_999_999));
    const [cart] = await tx
      .insert(s.cart)
      .values({
        id: cartId,
        sellerId: input.sellerId,
        cartNumber,
        state: "booked",
        identityId: input.identityId,
        createdAt: input.now,
        expiresAt: null,
        ticketOrderId: orderId,
        membershipOptions: { autoRenewMembership: true },
        language: input.language,
      })
      .onConflictDoNothing()
      .returning();
    if (!cart) {
      if (attempt > 5) throw new Error("no free cart number for a renewal");
      continue;
    }
    const order = {
      id: orderId,
      sellerId: input.sellerId,
      orderNumber: cartNumber,
      identityId: input.identityId,
      cartId,
      state: "completed",
      guest: input.guest,
      createdAt: input.now,
      total: input.total,
      gifteeIdentityId: null,
      language: input.language,
    };
    await tx.insert(s.ticketOrder).values(order);
    return order;
  }
}

/**
 * The whole group of a due card: every card of its order and term, whatever its state, so the
 * primary (the claim's key) is the same however a batch cut the group.
 */
async function wholeGroup(tx: Tx, due: MembershipRow): Promise<MembershipRow[]> {
  if (!due.ticketOrderId) return [due];
  const rows = await tx
    .select()
    .from(s.membership)
    .where(and(eq(s.membership.ticketOrderId, due.ticketOrderId), eq(s.membership.validTo, due.validTo)));
  return renewalGroups(rows)[0] ?? [due];
}

async function renewGroup(db: Db, due: MembershipRow, now: Date): Promise<RenewalOutcome> {
  return db.transaction(async (tx): Promise<RenewalOutcome> => {
    const group = await wholeGroup(tx, due);
    const first = group[0];
    if (!first) return "skipped";
    const termEnd = first.validTo;
    const [claim] = await tx
      .insert(s.membershipRenewal)
      .values({ membershipId: first.id, termEnd, state: "claimed", createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claim) return "skipped";
    const claimKey = and(
      eq(s.membershipRenewal.membershipId, first.id),
      eq(s.membershipRenewal.termEnd, termEnd),
    );
    // Locked against a cancel in flight (auto-renew.ts locks them too); only still-scheduled cards renew.
    const locked = await tx
      .select()
      .from(s.membership)
      .where(
        inArray(
          s.membership.id,
          group.map((m) => m.id),
        ),
      )
      .for("update");
    const cards = group.flatMap((m) => {
      const row = locked.find((l) => l.id === m.id);
      return row && row.autoRenewState === AUTO_RENEW_SCHEDULED && row.validTo.getTime() === termEnd.getTime()
        ? [row]
        : [];
    });
    const primary = cards[0];
    if (!primary) {
      await tx.update(s.membershipRenewal).set({ state: "skipped", detail: "not_scheduled" }).where(claimKey);
      return "skipped";
    }
    const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, primary.sellerId));
    const [buyer] = await tx.select().from(s.identity).where(eq(s.identity.id, primary.identityId));
    const [oldOrder] = primary.ticketOrderId
      ? await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, primary.ticketOrderId))
      : [];
    const [method] = primary.savedPaymentMethodId
      ? await tx
          .select()
          .from(s.savedPaymentMethod)
          .where(eq(s.savedPaymentMethod.id, primary.savedPaymentMethodId))
      : [];
    if (!seller || !buyer) throw new Error(`membership ${primary.id} has no seller or identity`);
    const tickets = await renewalTickets(tx, primary);
    // Charged as every order in the seller's currency is: tens of fils in KWD (money.ts chargeStep).
    const total = roundToChargeStep(
      tickets.reduce((sum, t) => sum + t.faceValue, 0),
      seller.currencyCode,
    );
    const others = cards.slice(1);
    const recordOthers = (state: string, detail: string | null, ids: Map<string, string> = new Map()) =>
      others.length
        ? tx
            .insert(s.membershipRenewal)
            .values(
              others.map((m) => ({
                membershipId: m.id,
                termEnd,
                state,
                detail,
                newMembershipId: ids.get(m.id) ?? null,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
        : Promise.resolve();
    const mailBase = {
      seller,
      to: buyer.email ?? "",
      firstName: buyer.firstName,
      level: tickets[0]?.levelName ?? null,
      memberIds: [...new Set(cards.map((m) => m.scanCode))],
      card: method?.identifier ?? null,
      // The mails speak the language the membership's order was bought in.
      language: oldOrder?.language ?? null,
    };
    const key = `${primary.id}:${termEnd.toISOString()}`;
    const charge =
      !tickets.length || !method
        ? ({ ok: false, code: "no_saved_method", message: "Nothing can be charged." } as const)
        : total === 0
          ? ({ ok: true, reference: null } as const)
          : await chargeSavedMethod(method, {
              amount: total,
              currency: seller.currencyCode,
              sellerId: seller.id,
              idempotencyKey: key,
              metadata: { membership_id: primary.id, term_end: termEnd.toISOString() },
            });
    const cardIds = cards.map((m) => m.id);
    if (!charge.ok) {
      await tx.update(s.membershipRenewal).set({ state: "failed", detail: charge.code }).where(claimKey);
      await recordOthers("failed", charge.code);
      await tx
        .update(s.membership)
        .set({ autoRenewState: "failed" })
        .where(inArray(s.membership.id, cardIds));
      if (buyer.email) await enqueueMail(tx, renewalFailedMail({ ...mailBase, validTo: termEnd }), now);
      logger.info({ membership_id: primary.id, code: charge.code }, "membership.renewal_failed");
      return "failed";
    }
    const order = await insertRenewalOrder(tx, {
      sellerId: seller.id,
      identityId: primary.identityId,
      guest: oldOrder?.guest ?? false,
      total,
      now,
      language: oldOrder?.language ?? null,
    });
    const ticketRows = tickets.map((t) => ({
      id: randomUUID(),
      sellerId: seller.id,
      cartId: order.cartId,
      state: "booked",
      ticketTypeId: t.ticketTypeId,
      ticketGroupId: t.ticketGroupId,
      eventTemplateId: t.eventTemplateId,
      eventSessionId: null,
      countsAgainstSession: false,
      faceValue: t.faceValue,
      admitName: t.admitName,
      admitEmail: t.admitEmail,
      partyRole: t.partyRole,
      createdAt: now,
      ticketOrderId: order.id,
    }));
    await tx.insert(s.ticket).values(ticketRows);
    await tx
      .insert(s.ticketScan)
      .values(ticketRows.map((t) => ({ ticketId: t.id, ticketOrderId: order.id, scanCode: newScanCode() })));
    if (total > 0 && method) {
      await tx.insert(s.payment).values({
        id: randomUUID(),
        sellerId: seller.id,
        cartId: order.cartId,
        gatewayId: method.gatewayId,
        state: "succeeded",
        amount: total,
        occurredAt: now,
        providerReference: charge.reference,
        idempotencyKey: `renew:${key}`,
      });
    }
    const groupId = primary.ticketGroupId ?? tickets[0]?.ticketGroupId;
    const [program] = groupId
      ? await tx.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, groupId))
      : [];
    const term = membershipTerm({
      now: termEnd,
      durationNew: program?.durationNew ?? null,
      startPolicy: null,
      startPolicyDate: null,
      timeZone: seller.timezone,
    });
    const newIds = new Map(cards.map((m) => [m.id, randomUUID()]));
    await tx.insert(s.membership).values(
      cards.map((m) => ({
        ...m,
        id: newIds.get(m.id) ?? randomUUID(),
        validFrom: term.validFrom,
        validTo: term.validTo,
        ticketOrderId: order.id,
        autoRenewState: AUTO_RENEW_SCHEDULED,
        renewsMembershipId: m.id,
      })),
    );
    await tx.update(s.membership).set({ autoRenewState: "renewed" }).where(inArray(s.membership.id, cardIds));
    await tx
      .update(s.membershipRenewal)
      .set({
        state: "renewed",
        paymentReference: charge.reference,
        newMembershipId: newIds.get(primary.id) ?? null,
        ticketOrderId: order.id,
      })
      .where(claimKey);
    await recordOthers("renewed", null, newIds);
    if (buyer.email) {
      await enqueueMail(
        tx,
        renewedMail({ ...mailBase, orderNumber: order.orderNumber, amount: total, validTo: term.validTo }),
        now,
      );
    }
    logger.info({ membership_id: primary.id, ticket_order_id: order.id }, "membership.renewed");
    return "renewed";
  });
}

/** One pass: renews every due group (at most `limit` cards), each in its own transaction. */
export async function runRenewals(db: Db, now: Date, limit = RENEWAL_BATCH): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, failed: 0, skipped: 0 };
  for (const group of renewalGroups(await dueMemberships(db, now, limit))) {
    const due = group[0];
    if (due) run[await renewGroup(db, due, now)] += 1;
  }
  return run;
}
