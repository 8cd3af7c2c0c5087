/**
 * The catalogue reads of the reserve island (spec §7): the calendar (cached, or for a selection),
 * a date's sessions with the selection's price schedule (fresh: availability decides), the
 * upcoming sessions for the `session` query value, and a session's seat map (cached; fresh after a
 * seat was taken). Over the typed client, parsed with the contract.
 */
import { z } from "zod";
import type { ApiClient } from "../client.ts";
import {
  calendarRows,
  collection,
  eventSessionResource,
  priceScheduleResource,
  seatMapResource,
  seatResource,
} from "../schemas.ts";

/** The calendar with `_format=extended` or `price` (rows; without `_format` the API answers a map). */
export const calendarEnvelope = calendarRows;
export const sessionsEnvelope = z.object({
  event_session: collection(eventSessionResource),
  price_schedule: collection(priceScheduleResource).optional(),
});

export const seatMapEnvelope = z.object({
  seat_map: collection(seatMapResource),
  seat: collection(seatResource),
});

export type SessionsEnvelope = z.infer<typeof sessionsEnvelope>;
export type SeatMapEnvelope = z.infer<typeof seatMapEnvelope>;
export interface SelectionLine {
  ticket_type_id: string;
  quantity: number;
}

/** Days the calendar covers (the API's default window is 90 days). */
export const CALENDAR_DAYS = 90;
const SESSION_LIMIT = 200;

const eventPath = (id: string) => `events/${encodeURIComponent(id)}`;

/** `cached` reads /cached_api (CDN-cacheable); `fresh` reads /api. */
export function reserveApi(clients: { cached: ApiClient; fresh: ApiClient }, seller: string) {
  return {
    /** GET events/{id}/calendar?_format=extended, optionally for some ticket groups. */
    calendar(eventId: string, groupIds: readonly string[] = []) {
      return clients.cached.get(
        `${eventPath(eventId)}/calendar`,
        { _seller: seller, _format: "extended", "ticket_group_id._in": groupIds },
        calendarEnvelope,
      );
    },
    /** POST events/{id}/calendar for a ticket selection (quantity-first). */
    calendarFor(eventId: string, lines: readonly SelectionLine[]) {
      return clients.fresh.send(
        "POST",
        `${eventPath(eventId)}/calendar`,
        { _seller: seller, _format: "price" },
        { ticket_types_required: lines },
        calendarEnvelope,
      );
    },
    /** POST events/{id}/sessions?_ondate=: a date's sessions, sold out as seen by the selection. */
    sessionsOn(eventId: string, date: string, lines: readonly SelectionLine[]) {
      return clients.fresh.send(
        "POST",
        `${eventPath(eventId)}/sessions`,
        { _seller: seller, _ondate: date, _limit: SESSION_LIMIT, _sort: "start_datetime" },
        { ticket_types_required: lines },
        sessionsEnvelope,
      );
    },
    /** POST events/{id}/sessions: the upcoming sessions (the `session` query value, single events). */
    upcomingSessions(eventId: string, lines: readonly SelectionLine[], limit = SESSION_LIMIT) {
      return clients.fresh.send(
        "POST",
        `${eventPath(eventId)}/sessions`,
        { _seller: seller, _limit: limit, _sort: "start_datetime" },
        { ticket_types_required: lines },
        sessionsEnvelope,
      );
    },
    /** GET events/{id}/sessions/{sessionId}/seat_map?geometry=true: the map and the session's seat states. */
    seatMap(eventId: string, sessionId: string, fresh = false) {
      return (fresh ? clients.fresh : clients.cached).get(
        `${eventPath(eventId)}/sessions/${encodeURIComponent(sessionId)}/seat_map`,
        { _seller: seller, geometry: "true" },
        seatMapEnvelope,
      );
    },
  };
}

export type ReserveApi = ReturnType<typeof reserveApi>;
