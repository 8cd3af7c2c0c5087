/**
 * Applies the reserve screen's query parameters once the calendar is loaded (spec §2, §5): a date
 * (must be available), a session (id, 'today' or 'next'), quantities, and `reserve` to add at
 * once. The single-event reserve picks its one upcoming session the same way.
 */
import type { SelectionLine, SessionsEnvelope } from "../../lib/api/cart/reserve-client.ts";
import type { CalendarDay } from "../../lib/api/schemas.ts";
import { localDate } from "../../lib/domain/calendar.ts";
import {
  checkQueryDate,
  parseReserveQuery,
  pickQuerySession,
  type ReserveQueryError,
  resolveQuantities,
} from "../../lib/domain/reserve-query.ts";
import type { ReserveEnv } from "./context.ts";

const UPCOMING_LIMIT = 1000;

interface QueryInput {
  env: ReserveEnv;
  days: readonly CalendarDay[];
  single: boolean;
  zeroLines: readonly SelectionLine[];
  chooseDate: (date: string) => Promise<SessionsEnvelope | null>;
  chooseSession: (id: string) => void;
}

export interface QueryOutcome {
  errors: ReserveQueryError[];
  quantities: Record<string, number>;
  autoSubmit: boolean;
}

export async function applyReserveQuery(input: QueryInput): Promise<QueryOutcome> {
  const { env, days } = input;
  const { props, api } = env;
  const query = parseReserveQuery(new URLSearchParams(globalThis.location?.search ?? ""));
  const errors = [...query.errors];
  const wanted = input.single ? { kind: "next" as const } : query.session;
  let sessionChosen = false;
  if (query.date && !input.single) {
    const error = checkQueryDate(query.date, days);
    if (error) errors.push(error);
    else await input.chooseDate(query.date);
  } else if (wanted) {
    try {
      const upcoming = await api.upcomingSessions(props.eventId, input.zeroLines, UPCOMING_LIMIT);
      const candidates = upcoming.event_session._data.map((s) => ({
        id: s.id,
        date: localDate(new Date(s.start_datetime), props.timezone),
        soldOut: s.sold_out || s.available_capacity === 0,
      }));
      const picked = pickQuerySession(wanted, candidates, localDate(new Date(), props.timezone));
      if (picked.error && !input.single) errors.push(picked.error);
      if (picked.session) {
        await input.chooseDate(picked.session.date);
        input.chooseSession(picked.session.id);
        sessionChosen = true;
      }
    } catch {
      errors.push("reserve.sessionUnavailable");
    }
  }
  const types = props.groups.flatMap((g) => g.types);
  const resolved = resolveQuantities(query.quantity, types);
  if (resolved.error) errors.push(resolved.error);
  const hasQuantities = Object.values(resolved.quantities).some((q) => q > 0);
  const autoSubmit =
    query.reserve !== "false" &&
    sessionChosen &&
    hasQuantities &&
    (query.reserve !== "strict" || errors.length === 0);
  return { errors, quantities: resolved.quantities, autoSubmit };
}
