/**
 * The catalogue's "today" at the hours the suite runs at ("The suite runs at least at
 * 23:30 and 15:30 New York time, and on a daylight-saving change day"). The demo data is seeded
 * relative to the clock, so each instant gets its own seeded database; the expectations are
 * computed from the instant with the Intl-based calendar rules, never from the wall clock.
 */
import { describe, expect, it } from "vitest";
import { calendarDayResource, collection, eventSessionResource } from "../../../src/lib/api/schemas.ts";
import { addDays, localDate, startOfLocalDay, zonedParts } from "../../../src/lib/domain/calendar.ts";
import { slotTimes } from "../../../src/lib/domain/schedule/sessions.ts";
import { withTestApi } from "../../helpers/api.ts";
import { MORE_DST_INSTANTS, SUITE_INSTANTS } from "../../helpers/instants.ts";

const MONDAY = 1;

/** The demo catalogue's opening hours (each demo tenant's catalogue schedules.yaml). */
const HM_GA_TIMES = slotTimes({ first: "10:00", last: "16:30", every: 30 });
const RZ_DAY_TIMES = slotTimes({ first: "09:30", last: "16:00", every: 30 });

/** Repeating events of the demo data and the local times their sessions start at. */
const EVENTS = [
  {
    id: "hm-general-admission",
    seller: "harbour-museum",
    timeZone: "America/New_York",
    times: HM_GA_TIMES,
    open: (weekday: number) => weekday !== MONDAY,
  },
  {
    id: "hm-special-exhibition",
    seller: "harbour-museum",
    timeZone: "America/New_York",
    times: ["11:00", "12:00", "13:00", "14:00", "15:00", "16:00"],
    open: (weekday: number) => weekday !== MONDAY,
  },
  {
    id: "rz-day-admission",
    seller: "riverside-zoo",
    timeZone: "Europe/London",
    times: RZ_DAY_TIMES,
    open: () => true,
  },
];

const sessionList = (body: Record<string, unknown>) =>
  collection(eventSessionResource).parse(body.event_session)._data;
const calendarDays = (body: Record<string, unknown>) =>
  collection(calendarDayResource).parse(body.calendar)._data;

const INSTANTS = { ...SUITE_INSTANTS, ...MORE_DST_INSTANTS };

describe.each(Object.entries(INSTANTS))("at %s (%s)", (_name, iso) => {
  const now = new Date(iso);
  const api = withTestApi({ now });

  describe.each(EVENTS)("$id", (event) => {
    const today = localDate(now, event.timeZone);
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

    /** Every session on a local date (started and sold-out ones too), through an explicit window. */
    async function allSessionsOn(date: string) {
      const from = startOfLocalDay(date, event.timeZone).toISOString();
      const to = startOfLocalDay(addDays(date, 1), event.timeZone).toISOString();
      const res = await api.get(
        `/api/events/${event.id}/sessions?start_datetime._gte=${from}&start_datetime._lt=${to}&_limit=100`,
      );
      expect(res.status).toBe(200);
      return sessionList(res.body);
    }

    it.each([0, 1])(
      "the sessions of today + %i day(s) start at the venue's local times, DST or not",
      async (days) => {
        const date = addDays(today, days);
        const local = (await allSessionsOn(date)).map((s) =>
          zonedParts(new Date(s.start_datetime), event.timeZone),
        );
        expect(local.every((p) => p.date === date)).toBe(true);
        const hhmm = (p: { hour: number; minute: number }) =>
          `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
        expect(local.map(hhmm)).toEqual(event.open(weekday(date)) ? event.times : []);
      },
    );

    it("'sessions that have started are not offered': _ondate=today lists exactly today's open sessions from now on", async () => {
      const all = await allSessionsOn(today);
      const expected = all
        .filter((s) => Date.parse(s.start_datetime) >= now.getTime() && !s.sold_out)
        .map((s) => s.id);
      const offered = await api.get(
        `/api/events/${event.id}/sessions?_ondate=${today}&sold_out=false&_limit=100`,
      );
      expect(offered.status).toBe(200);
      expect(sessionList(offered.body).map((s) => s.id)).toEqual(expected);

      const [day] = calendarDays(
        (
          await api.get(
            `/api/events/${event.id}/calendar?_format=extended&start_date=${today}&end_date=${today}`,
          )
        ).body,
      );
      expect(day?.date).toBe(today);
      expect(day?.status === "available").toBe(expected.length > 0);

      const listing = await api.get(`/api/events/available?_seller=${event.seller}&_ondate=${today}`);
      expect(listing.status).toBe(200);
      const listed = (listing.body.event_template as { _data: Array<{ id: string }> })._data.map((e) => e.id);
      expect(listed.includes(event.id)).toBe(expected.length > 0);
    });
  });
});
