/**
 * A scan at the gate: find what the code is (lookup.ts), decide (domain/gate/verdict.ts), and admit
 * a ticket at most once. The admission is a conditional update (booked → redeemed): of two gates
 * scanning one ticket at the same moment, one updates the row and the other, waiting on its lock,
 * finds it redeemed and answers "already admitted". A ticket cancelled meanwhile is not admitted
 * either. Every scan is a gate_scan row keyed by the gate's scan id, so a retried or re-synced scan
 * answers again without admitting or counting twice.
 */
import { and, eq, sql } from "drizzle-orm";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import { type ScanFacts, type Verdict, verdictOf, verdictWords } from "../../../domain/gate/verdict.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../admin/permit.ts";
import { memberCardFactsByCode, ticketFactsByCode } from "./lookup.ts";
import { type ScanAnswer, type ScanInput, scanInput } from "./schemas.ts";

export interface ScanOptions {
  /**
   * A scan an offline gate made earlier, synced now: decided at its own time. `admitted`: the gate
   * let the visitor in; if the server had already admitted the ticket from another scan, that is a
   * conflict for the back office.
   */
  offline?: { scannedAt: Date; admitted: boolean };
}

export async function scanCode(
  db: Executor,
  actor: StaffActor,
  input: ScanInput,
  now: Date,
  options: ScanOptions = {},
): Promise<ScanAnswer> {
  assertAllowed(actor, "gate.scan");
  const scan = parseInput(scanInput, input);
  const seller = await actorSeller(db, actor);
  const scannedAt = options.offline?.scannedAt ?? now;
  return db.transaction(async (tx) => {
    const facts = await factsOf(tx, actor.sellerId, scan.code, scannedAt);
    const [prior] = await tx
      .select()
      .from(s.gateScan)
      .where(and(eq(s.gateScan.id, scan.scanId), eq(s.gateScan.sellerId, actor.sellerId)));
    const ctx = { scope: scan.scope, now: scannedAt, timeZone: seller.timezone, override: scan.override };
    if (prior) return answerOf(replayed(prior, facts, ctx), scan.scanId, seller.timezone, prior.conflict);

    let verdict = verdictOf(facts, ctx);
    if (verdict.kind === "admitted") {
      const admitted = await admit(tx, actor, verdict, { ...scan, scannedAt });
      // Another gate (or a refund) got there first: say what the ticket is now.
      if (!admitted) verdict = verdictOf(await factsOf(tx, actor.sellerId, scan.code, scannedAt), ctx);
    }
    const conflict = Boolean(options.offline?.admitted) && verdict.kind === "already_admitted";
    await tx
      .insert(s.gateScan)
      .values({
        id: scan.scanId,
        sellerId: actor.sellerId,
        actorKind: actor.kind,
        actorId: actor.id,
        actorName: actor.name,
        gate: scan.gate,
        ticketId: facts?.kind === "ticket" ? facts.ticketId : null,
        membershipId: facts?.kind === "member_card" ? facts.membershipId : null,
        verdict: verdict.kind,
        light: verdict.light,
        scannedAt,
        recordedAt: now,
        offline: Boolean(options.offline),
        conflict,
      })
      .onConflictDoNothing();
    return answerOf(verdict, scan.scanId, seller.timezone, conflict);
  });
}

async function factsOf(tx: Executor, sellerId: string, code: string, at: Date): Promise<ScanFacts> {
  return (
    (await ticketFactsByCode(tx, sellerId, code)) ?? (await memberCardFactsByCode(tx, sellerId, code, at))
  );
}

/** A scan sent again: an admission it made reads as admitted, anything else is decided afresh. */
function replayed(
  prior: typeof s.gateScan.$inferSelect,
  facts: ScanFacts,
  ctx: Parameters<typeof verdictOf>[1],
): Verdict {
  if (prior.verdict === "admitted" && facts?.kind === "ticket") {
    return { light: "green", kind: "admitted", ticket: facts, overridden: false };
  }
  return verdictOf(facts, ctx);
}

/** Admits the ticket once; false when it was no longer booked (admitted or cancelled meanwhile). */
async function admit(
  tx: Tx,
  actor: StaffActor,
  verdict: Extract<Verdict, { kind: "admitted" }>,
  scan: { scanId: string; gate: string; scannedAt: Date; reason?: string | undefined },
): Promise<boolean> {
  const ticket = verdict.ticket;
  const updated = await tx
    .update(s.ticket)
    .set({ state: "redeemed" })
    .where(and(eq(s.ticket.id, ticket.ticketId), eq(s.ticket.state, "booked")))
    .returning({ id: s.ticket.id });
  if (!updated.length) return false;
  await tx.insert(s.ticketAdmission).values({
    ticketId: ticket.ticketId,
    sellerId: actor.sellerId,
    eventSessionId: ticket.sessionId,
    admittedAt: scan.scannedAt,
    gate: scan.gate,
    actorKind: actor.kind,
    actorId: actor.id,
    scanId: scan.scanId,
    overridden: verdict.overridden,
  });
  if (ticket.sessionId) {
    await tx
      .update(s.eventSession)
      .set({ redeemedCount: sql`${s.eventSession.redeemedCount} + 1` })
      .where(eq(s.eventSession.id, ticket.sessionId));
  }
  if (verdict.overridden) {
    await recordAudit(
      tx,
      actor,
      {
        action: "admit_override",
        resource: "ticket",
        resourceId: ticket.ticketId,
        reason: scan.reason ?? null,
        details: { gate: scan.gate, session: ticket.sessionId },
      },
      scan.scannedAt,
    );
  }
  return true;
}

export function answerOf(verdict: Verdict, scanId: string, timeZone: string, conflict: boolean): ScanAnswer {
  const words = verdictWords(verdict, timeZone);
  return {
    scanId,
    light: verdict.light,
    kind: verdict.kind,
    headline: words.headline,
    detail: words.detail,
    ticketId: "ticket" in verdict ? verdict.ticket.ticketId : null,
    membershipId: "card" in verdict ? verdict.card.membershipId : null,
    canOverride: verdict.light === "amber",
    conflict,
  };
}
