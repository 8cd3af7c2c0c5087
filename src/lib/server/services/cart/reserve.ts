/**
 * Resolving the `add` part of a modify: each line's ticket type, group, event and session,
 * checked (same seller, the session belongs to the group's event and has not started, flexible
 * prices within min/max), and expanded into one planned ticket per unit of quantity.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { reserveTicket } from "../../../api/cart/schemas.ts";
import { msg } from "../../../domain/messages.ts";
import type { Tx } from "../../db/executor.ts";
import { placeholders, placeholderValues, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../errors/api-error.ts";
import { tierPrice } from "../catalogue/serialize.ts";
import { requestMoney } from "../money/request-money.ts";
import { sellerCurrency } from "../money/seller-currency.ts";
import { reserveError } from "./errors.ts";
import type { EventRow, GroupRow, SessionRow, TicketInsert, TypeRow } from "./types.ts";

export type AddLine = z.output<typeof reserveTicket>;

export const OUTSIDE_MIN_MAX_TEXT = "Value entered is outside min/max";
export const NOT_AVAILABLE_AT_TIME_TEXT = "Sorry, tickets are not available at the selected time.";

/** Handlers whose tickets are for a session (the others are passes, donations, gift cards, memberships). */
const SESSION_HANDLERS = new Set(["tickets", "seated", "codes"]);

export interface ResolvedLine {
  line: AddLine;
  type: TypeRow;
  group: GroupRow;
  event: EventRow;
  session: SessionRow | null;
  faceValue: number;
}

export interface Catalogue {
  types: Map<string, TypeRow>;
  groups: Map<string, GroupRow>;
  events: Map<string, EventRow>;
  sessions: Map<string, SessionRow>;
}

function flexible(type: TypeRow): boolean {
  return type.currencyAmountMin !== null || type.currencyAmountMax !== null;
}

function faceValueOf(line: AddLine, type: TypeRow, session: SessionRow | null, currency: string): number {
  const price = tierPrice(type, session?.priceTier);
  const asked = (value: string) => requestMoney(value, currency, { ticket_type_id: type.id }, "reserve");
  if (!flexible(type)) {
    if (line.face_value !== undefined && asked(line.face_value) !== price) {
      throw validationFailed("face_value is only accepted for flexible prices.", { ticket_type_id: type.id });
    }
    return price;
  }
  const value = line.face_value === undefined ? price : asked(line.face_value);
  const min = type.currencyAmountMin ?? 0;
  const max = type.currencyAmountMax ?? Number.MAX_SAFE_INTEGER;
  if (value < min || value > max) {
    // OUTSIDE_MIN_MAX_TEXT's words, in the call's language.
    throw fail("validation_failed", {
      message: msg("apiError.reserve.outsideMinMax"),
      context: "reserve",
      extra: { ticket_type_id: type.id },
    });
  }
  return value;
}

/** Loads and checks the add lines of a modify for a cart of `sellerId`. */
export async function resolveAdds(
  tx: Tx,
  sellerId: string,
  lines: readonly AddLine[],
  now: Date,
): Promise<{ resolved: ResolvedLine[]; catalogue: Catalogue }> {
  const catalogue: Catalogue = {
    types: new Map(),
    groups: new Map(),
    events: new Map(),
    sessions: new Map(),
  };
  if (!lines.length) return { resolved: [], catalogue };
  const typeIds = [...new Set(lines.map((l) => l.ticket_type_id))];
  const sessionIds = [...new Set(lines.flatMap((l) => (l.event_session_id ? [l.event_session_id] : [])))];
  // Both reads at once: prepared statements, so the PostgreSQL driver sends them in one round trip
  // (an unprepared query with parameters costs it a describe round trip first, and a pause).
  const [rows, sessions] = await Promise.all([
    runShaped(
      tx,
      `cart_resolve_types:${typeIds.length}`,
      () =>
        tx
          .select({ type: s.ticketType, group: s.ticketGroup, event: s.eventTemplate })
          .from(s.ticketType)
          .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticketType.ticketGroupId))
          .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticketGroup.eventTemplateId))
          .where(inArray(s.ticketType.id, placeholders("t", typeIds.length))),
      placeholderValues("t", typeIds),
    ),
    sessionIds.length
      ? runShaped(
          tx,
          `cart_resolve_sessions:${sessionIds.length}`,
          () =>
            tx
              .select()
              .from(s.eventSession)
              .where(inArray(s.eventSession.id, placeholders("s", sessionIds.length))),
          placeholderValues("s", sessionIds),
        )
      : Promise.resolve([]),
  ]);
  for (const r of rows) {
    // A retired event, group or type is no longer sold: to a new line it is as if it were not there.
    if (r.event.sellerId !== sellerId || r.event.retiredAt || r.group.retiredAt || r.type.retiredAt) continue;
    catalogue.types.set(r.type.id, r.type);
    catalogue.groups.set(r.group.id, r.group);
    catalogue.events.set(r.event.id, r.event);
  }
  for (const session of sessions)
    if (session.sellerId === sellerId && !session.retiredAt) catalogue.sessions.set(session.id, session);
  // A face value is read in the seller's currency ("2.500" in KWD); only such a line needs it, so
  // without one the currency is never read (and not looked up).
  const currency = lines.some((l) => l.face_value !== undefined) ? await sellerCurrency(tx, sellerId) : "";
  const resolved = lines.map((line): ResolvedLine => {
    const type = catalogue.types.get(line.ticket_type_id);
    const group = type && catalogue.groups.get(type.ticketGroupId);
    const event = group && catalogue.events.get(group.eventTemplateId);
    if (!type || !group || !event) throw notFound("ticket_type", line.ticket_type_id);
    let session: SessionRow | null = null;
    if (line.event_session_id) {
      session = catalogue.sessions.get(line.event_session_id) ?? null;
      if (!session) throw notFound("event_session", line.event_session_id);
      if (session.eventTemplateId !== event.id) {
        throw validationFailed("The session does not belong to this ticket type's event.", {
          ticket_type_id: type.id,
          event_session_id: session.id,
        });
      }
      if (session.startDatetime.getTime() <= now.getTime()) {
        throw validationFailed(NOT_AVAILABLE_AT_TIME_TEXT, { event_session_id: session.id }, "reserve");
      }
      // A session staff closed takes no new tickets. The counters refuse a ticket that takes one
      // of its places; one of a group outside its capacity never reaches them, so it is refused here.
      if (session.soldOut && group.excludeFromEventCapacity) {
        throw reserveError("event_session_sold_out", "Tickets have sold out for this session.", {
          event_session_id: session.id,
          start_datetime: session.startDatetime.toISOString(),
          available: 0,
        });
      }
    } else if (SESSION_HANDLERS.has(group.handler)) {
      throw validationFailed("event_session_id is required for this ticket type.", {
        ticket_type_id: type.id,
      });
    }
    if (line.seat_template_id !== undefined && (group.handler !== "seated" || line.quantity !== 1)) {
      throw validationFailed("A seat is given for one ticket of a seated group.", {
        ticket_type_id: type.id,
      });
    }
    if (line.code !== undefined && (group.handler !== "codes" || line.quantity !== 1)) {
      throw validationFailed("A code is given for one ticket of a code-required group.", {
        ticket_type_id: type.id,
      });
    }
    return { line, type, group, event, session, faceValue: faceValueOf(line, type, session, currency) };
  });
  return { resolved, catalogue };
}

/** One ticket row per unit of quantity, in the order of the lines. */
export function plannedTickets(
  cartId: string,
  sellerId: string,
  resolved: readonly ResolvedLine[],
  now: Date,
): { row: TicketInsert; line: ResolvedLine }[] {
  const out: { row: TicketInsert; line: ResolvedLine }[] = [];
  for (const r of resolved) {
    for (let i = 0; i < r.line.quantity; i++) {
      out.push({
        line: r,
        row: {
          id: randomUUID(),
          sellerId,
          cartId,
          state: "held",
          ticketTypeId: r.type.id,
          ticketGroupId: r.group.id,
          eventTemplateId: r.event.id,
          eventSessionId: r.session?.id ?? null,
          countsAgainstSession: r.session !== null && !r.group.excludeFromEventCapacity,
          validFrom: r.session?.startDatetime ?? null,
          validTo: r.session?.endDatetime ?? null,
          faceValue: r.faceValue,
          feeFixedOutside: r.type.feeFixedOutside,
          feePercentOutside: r.type.feePercentOutside,
          admitName: r.line.admit_name || null,
          admitEmail: r.line.admit_email || null,
          seatTemplateId: null,
          code: r.line.code ? r.line.code.toUpperCase() : null,
          partyRole: r.group.handler === "membership" ? (r.line.party_role ?? null) : null,
          // Later lines sort after earlier ones even within one millisecond.
          createdAt: new Date(now.getTime()),
        },
      });
    }
  }
  return out;
}
