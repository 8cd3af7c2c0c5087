/**
 * The instants the suite runs at ("The suite runs at least at 23:30 and 15:30 New York
 * time, and on a daylight-saving change day"). The e2e servers start their clocks at them
 * (FOYER_NOW); integration tests whose rule depends on the hour take them as fixed clocks.
 * The demo tenants are Harbour Museum (America/New_York, closed on Mondays) and Riverside Zoo
 * (Europe/London), whose clocks change on other days.
 */
export const SUITE_INSTANTS = {
  /**
   * Tuesday 15:30 in New York: the special exhibition (last session 16:00) has fewer sessions left
   * today than the admission (last 16:30); 20:30 in London, after the zoo's last session.
   */
  afternoon: "2026-11-17T15:30:00-05:00",
  /** The same Tuesday at 23:30 in New York: today's sessions are over, and London is on Wednesday. */
  lateNight: "2026-11-17T23:30:00-05:00",
  /** Sunday 1 November 2026, 01:30 EDT: New York falls back to EST at 02:00 (a 25-hour day). */
  dstFallBack: "2026-11-01T01:30:00-04:00",
} as const;

/** More daylight-saving change days, for the integration tests (cheap there). */
export const MORE_DST_INSTANTS = {
  /** Sunday 25 October 2026, 01:30 BST: London falls back to GMT at 02:00. */
  londonFallBack: "2026-10-25T01:30:00+01:00",
  /** Sunday 14 March 2027, 01:30 EST: New York springs forward to EDT at 02:00 (a 23-hour day). */
  springForward: "2027-03-14T01:30:00-05:00",
} as const;
