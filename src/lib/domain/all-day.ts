/**
 * Spec 1 §9: "All-day event: single repeating session longer than 5 hours." Read here as: on a
 * chosen date, a repeating event (event_type 'repeating') whose only session that day lasts more
 * than five hours is an all-day visit. There is no time to choose: the reserve screen takes that
 * session and shows 'All day' in place of its start time. Exactly five hours is not longer.
 */

/** Five hours: a session must last longer than this to be all day. */
export const ALL_DAY_MIN_MS = 5 * 60 * 60 * 1000;

export interface TimedSession {
  start: Date;
  end: Date;
}

/** A session longer than five hours. */
export function isLongSession(session: TimedSession): boolean {
  return session.end.getTime() - session.start.getTime() > ALL_DAY_MIN_MS;
}

/**
 * The all-day session of a date, or undefined: the event repeats, and the date has a single
 * session, longer than five hours. `sessionsOfDay` are all the date's sessions (those hidden for
 * conflicting with the cart too), so a date with a second session is never all day.
 */
export function allDaySession<S extends TimedSession>(
  eventType: string | null | undefined,
  sessionsOfDay: readonly S[],
): S | undefined {
  if (eventType !== "repeating" || sessionsOfDay.length !== 1) return undefined;
  const [only] = sessionsOfDay;
  return only && isLongSession(only) ? only : undefined;
}
