/**
 * The generator can replace the seed's session plans: Harbour Museum's and Riverside Zoo's plans,
 * written as schedules, give exactly the sessions buildSessions gives for the same now and horizon.
 */
import { describe, expect, it } from "vitest";
import { scheduleSchema } from "../../../src/lib/catalogue/schema/schedule.ts";
import { generateSessions } from "../../../src/lib/domain/schedule/sessions.ts";
import { harbourMuseum } from "../../../src/lib/server/db/seed/harbour-museum.ts";
import { riversideZoo } from "../../../src/lib/server/db/seed/riverside-zoo.ts";
import { buildSessions, type SessionPlan } from "../../../src/lib/server/db/seed/sessions.ts";
import { HARBOUR_TZ, harbourSchedules, ZOO_TZ, zooSchedules } from "./demo-schedules.ts";

/** Fixed instants across the year: both DST changes and the zoo's holidays fall inside the horizons. */
const NOWS = [
  new Date("2026-11-29T09:13:00Z"),
  new Date("2026-02-20T23:30:00Z"),
  new Date("2026-07-04T03:00:00Z"),
  new Date("2026-10-01T16:45:00Z"),
];

const fromPlan = (plan: SessionPlan, now: Date) =>
  buildSessions(plan, now).map((r) => ({
    id: r.id,
    eventId: r.eventTemplateId,
    start: r.startDatetime,
    end: r.endDatetime,
    capacity: r.capacity,
    priceTier: r.priceTier,
  }));

function compare(
  plans: SessionPlan[],
  schedules: { schedule: ReturnType<typeof scheduleSchema.parse>; days: number }[],
  timeZone: string,
  now: Date,
) {
  expect(schedules.map((s) => s.schedule.event)).toEqual(plans.map((p) => p.eventTemplateId));
  for (const [i, plan] of plans.entries()) {
    const entry = schedules[i];
    if (!entry) throw new Error(`no schedule for ${plan.eventTemplateId}`);
    expect(plan.timezone).toBe(timeZone);
    expect(entry.days).toBe(plan.days);
    const schedule = scheduleSchema.parse(entry.schedule);
    const generated = generateSessions(schedule, timeZone, now, entry.days);
    const seeded = fromPlan(plan, now).sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(generated.length).toBeGreaterThan(0);
    expect(generated).toEqual(seeded);
  }
}

describe("the generator plans what the demo seed plans", () => {
  for (const now of NOWS) {
    it(`Harbour Museum (closed Mondays, Saturday tier, concerts, previews) from ${now.toISOString()}`, () => {
      compare(harbourMuseum(now).sessionPlans, harbourSchedules, HARBOUR_TZ, now);
    });
    it(`Riverside Zoo (daily, peak weekends and school holidays, keeper days) from ${now.toISOString()}`, () => {
      const year = Number(now.toISOString().slice(0, 4));
      compare(riversideZoo(now).sessionPlans, zooSchedules([year, year + 1]), ZOO_TZ, now);
    });
  }
});
