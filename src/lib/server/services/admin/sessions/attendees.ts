/**
 * A session's attendee list: its sold tickets (booked, or redeemed at the gate), each with its
 * holder (the name and e-mail given for the ticket, else the buyer's), ticket type, seat, order
 * number, scan code and state; and the same list as CSV (domain/admin/csv.ts escapes what a
 * visitor typed, so a name can never run as a spreadsheet formula).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { SOLD_TICKET_STATES } from "../../../../domain/account/orders.ts";
import { toCsv } from "../../../../domain/admin/csv.ts";
import { allows, type StaffActor } from "../../../../domain/admin/roles.ts";
import { zonedParts } from "../../../../domain/calendar.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { sessionOfActor } from "./lookup.ts";
import { type SessionRefInput, sessionRefInput } from "./schemas.ts";

export interface Attendee {
  ticketId: string;
  /** booked | redeemed */
  state: string;
  holderName: string;
  email: string | null;
  ticketTypeName: string;
  seat: string | null;
  orderNumber: string;
  scanCode: string | null;
}

export interface AttendeeList {
  sessionId: string;
  eventName: string;
  start: string;
  attendees: Attendee[];
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

/** The session's attendees, by order number. Roles: sessions.read. */
export async function attendeeList(
  db: Executor,
  actor: StaffActor,
  input: SessionRefInput,
  _now: Date,
): Promise<AttendeeList> {
  assertAllowed(actor, "sessions.read");
  const { sessionId } = parseInput(sessionRefInput, input);
  const session = await sessionOfActor(db, actor, sessionId);
  // The gate sees who is coming (names, types, seats), not how to reach them: e-mails go to the
  // roles that read orders.
  const withEmail = allows(actor.role, "orders.read");
  const [event] = await db
    .select({ name: s.eventTemplate.name })
    .from(s.eventTemplate)
    .where(eq(s.eventTemplate.id, session.eventTemplateId));
  const rows = await db
    .select({
      ticketId: s.ticket.id,
      state: s.ticket.state,
      admitName: s.ticket.admitName,
      admitEmail: s.ticket.admitEmail,
      firstName: s.identity.firstName,
      lastName: s.identity.lastName,
      buyerEmail: s.identity.email,
      ticketTypeName: s.ticketType.name,
      seat: s.seatTemplate.name,
      orderNumber: s.ticketOrder.orderNumber,
      scanCode: s.ticketScan.scanCode,
    })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .innerJoin(s.identity, eq(s.identity.id, s.ticketOrder.identityId))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .leftJoin(s.seatTemplate, eq(s.seatTemplate.id, s.ticket.seatTemplateId))
    .leftJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
    .where(
      and(
        eq(s.ticket.sellerId, actor.sellerId),
        eq(s.ticket.eventSessionId, session.id),
        inArray(s.ticket.state, SOLD_TICKET_STATES),
      ),
    )
    .orderBy(asc(s.ticketOrder.orderNumber), asc(s.ticket.createdAt), asc(s.ticket.id));
  return {
    sessionId: session.id,
    eventName: event?.name ?? "",
    start: session.startDatetime.toISOString(),
    attendees: rows.map((r) => ({
      ticketId: r.ticketId,
      state: r.state,
      holderName: r.admitName?.trim() || fullName(r.firstName, r.lastName),
      email: withEmail ? r.admitEmail?.trim() || r.buyerEmail : null,
      ticketTypeName: r.ticketTypeName,
      seat: r.seat,
      orderNumber: r.orderNumber,
      scanCode: r.scanCode,
    })),
  };
}

/** The attendee list as CSV, named after the event's session. Roles: sessions.read. */
export async function attendeeCsv(
  db: Executor,
  actor: StaffActor,
  input: SessionRefInput,
  now: Date,
): Promise<{ filename: string; csv: string }> {
  const list = await attendeeList(db, actor, input, now);
  const seller = await actorSeller(db, actor);
  const local = zonedParts(new Date(list.start), seller.timezone);
  const csv = toCsv(
    ["name", "email", "ticket type", "seat", "order", "scan code", "state"],
    list.attendees.map((a) => [
      a.holderName,
      a.email,
      a.ticketTypeName,
      a.seat,
      a.orderNumber,
      a.scanCode,
      a.state,
    ]),
  );
  return {
    filename: `attendees-${local.date}-${local.time.replace(":", "")}-${list.sessionId.replace(/[^A-Za-z0-9_-]/g, "-")}.csv`,
    csv,
  };
}
