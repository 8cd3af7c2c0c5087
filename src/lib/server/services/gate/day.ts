/**
 * A gate's day: the venue-local day's sessions with their events, sold and checked-in counts, for
 * the staff member to choose what the gate checks (an event, a session, or everything today), and
 * the day's codes for a gate that goes offline: only what it needs to decide (the SHA-256 of each
 * scan code, the ticket type, the session and its start, and whether it is still to admit), never
 * a name or an e-mail.
 */
import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";
import { SOLD_TICKET_STATES } from "../../../domain/account/orders.ts";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import { addDays, localDate, startOfLocalDay } from "../../../domain/calendar.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { countedSessions } from "../admin/figures/session-counts.ts";
import { actorSeller, assertAllowed } from "../admin/permit.ts";

export interface GateDay {
  date: string;
  timezone: string;
  sessions: {
    id: string;
    eventId: string;
    eventName: string;
    start: Date;
    end: Date;
    sold: number;
    checkedIn: number;
  }[];
}

export async function gateDay(db: Executor, actor: StaffActor, now: Date): Promise<GateDay> {
  assertAllowed(actor, "gate.scan");
  const seller = await actorSeller(db, actor);
  const date = localDate(now, seller.timezone);
  const start = startOfLocalDay(date, seller.timezone);
  const end = startOfLocalDay(addDays(date, 1), seller.timezone);
  const sessions = (await countedSessions(db, actor.sellerId, start, end)).filter((x) => !x.retired);
  return {
    date,
    timezone: seller.timezone,
    sessions: sessions.map((x) => ({
      id: x.id,
      eventId: x.eventTemplateId,
      eventName: x.eventName,
      start: x.start,
      end: x.end,
      sold: x.sold,
      checkedIn: x.checkedIn,
    })),
  };
}

/** The hash an offline gate compares a scanned code with. */
export function scanCodeHash(code: string): string {
  return createHash("sha256").update(code.trim()).digest("hex");
}

export interface GateCode {
  hash: string;
  ticketTypeName: string;
  sessionId: string | null;
  eventId: string;
  start: Date | null;
  /** booked (still to admit) or redeemed (admitted). */
  state: string;
}

/** The day's codes of the venue's sessions today, and of passes valid today. */
export async function gateCodes(
  db: Executor,
  actor: StaffActor,
  now: Date,
): Promise<{ date: string; codes: GateCode[] }> {
  assertAllowed(actor, "gate.scan");
  const seller = await actorSeller(db, actor);
  const date = localDate(now, seller.timezone);
  const start = startOfLocalDay(date, seller.timezone);
  const end = startOfLocalDay(addDays(date, 1), seller.timezone);
  const rows = await db
    .select({
      code: s.ticketScan.scanCode,
      typeName: s.ticketType.name,
      sessionId: s.ticket.eventSessionId,
      eventId: s.ticket.eventTemplateId,
      start: s.eventSession.startDatetime,
      validFrom: s.ticket.validFrom,
      state: s.ticket.state,
    })
    .from(s.ticket)
    .innerJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .leftJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
    .where(
      and(
        eq(s.ticket.sellerId, actor.sellerId),
        inArray(s.ticket.state, SOLD_TICKET_STATES),
        or(
          and(gte(s.eventSession.startDatetime, start), lt(s.eventSession.startDatetime, end)),
          // A pass valid today (no session): from before the day's end, until after its start.
          and(
            isNull(s.ticket.eventSessionId),
            or(isNull(s.ticket.validFrom), lt(s.ticket.validFrom, end)),
            or(isNull(s.ticket.validTo), gte(s.ticket.validTo, start)),
          ),
        ),
      ),
    );
  return {
    date,
    codes: rows.map((r) => ({
      hash: scanCodeHash(r.code),
      ticketTypeName: r.typeName,
      sessionId: r.sessionId,
      eventId: r.eventId,
      start: r.start ?? r.validFrom,
      state: r.state,
    })),
  };
}
