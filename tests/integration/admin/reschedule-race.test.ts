/**
 * Two staff moving tickets of two orders into a session's last place at once: one wins, the other
 * is refused with the shop's own 409, and the counters stay true (the target full, never over;
 * the loser's ticket and place where they were). The places are taken by the shop's one counting
 * path (cart/counters.ts), a conditional UPDATE, so this holds on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { rescheduleOrder } from "../../../src/lib/server/services/admin/orders/index.ts";
import type { TestApi } from "../../helpers/api.ts";
import { setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";
import { buyHarbourOrder, staffActor, usedCapacity } from "./helpers.ts";

async function race(api: TestApi): Promise<void> {
  const one = await staffActor(api, "harbour-museum", "admin");
  const two = await staffActor(api, "harbour-museum", "box_office");
  const first = await buyHarbourOrder(api, { quantity: 1, offset: 0, tag: "race-a" });
  const second = await buyHarbourOrder(api, { quantity: 1, offset: 1, tag: "race-b" });
  const target = await upcomingSession(api, "hm-general-admission", 5);
  await setSessionCapacity(api, target.id, 10, 9);
  const now = api.clock.now();
  const answers = await Promise.allSettled(
    [
      [one, first],
      [two, second],
    ].map(([actor, order]) =>
      rescheduleOrder(
        api.handle.db,
        actor as typeof one,
        {
          orderId: (order as typeof first).orderId,
          ticketIds: (order as typeof first).ticketIds,
          sessionId: target.id,
          reason: "race",
        },
        now,
      ),
    ),
  );
  expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
  const lost = answers.find((a) => a.status === "rejected");
  expect((lost as PromiseRejectedResult | undefined)?.reason).toMatchObject({
    status: 409,
    items: [{ _code: "event_session_sold_out" }],
  });
  expect(await usedCapacity(api, target.id)).toBe(10);
  const winner = answers[0]?.status === "fulfilled" ? first : second;
  const loser = winner === first ? second : first;
  expect(await usedCapacity(api, winner.sessionId)).toBe(0);
  expect(await usedCapacity(api, loser.sessionId)).toBe(1);
  const [kept] = await api.handle.db
    .select()
    .from(s.ticket)
    .where(eq(s.ticket.id, loser.ticketIds[0] ?? ""));
  expect(kept?.eventSessionId).toBe(loser.sessionId);
}

describe("two staff rescheduling into the last place at once: one wins", () => {
  itOnEachDatabase(race);
});
