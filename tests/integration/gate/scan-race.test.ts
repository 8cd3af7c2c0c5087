/**
 * "Two gates scan the same ticket in parallel, 100 times: exactly one admission each time." Each
 * round two gates scan at once, then staff undo the admission for the next round. On PGlite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL, where the two scans really run at the same time.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { scanCode, undoAdmission } from "../../../src/lib/server/services/gate/index.ts";
import type { TestApi } from "../../helpers/api.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";
import { buyHarbourOrder, staffActor } from "../admin/helpers.ts";

const ROUNDS = 100;

async function race(api: TestApi): Promise<void> {
  const order = await buyHarbourOrder(api, { quantity: 1, offset: 0, tag: "gate-race" });
  const ticketId = order.ticketIds[0] ?? "";
  const [scanRow] = await api.handle.db
    .select()
    .from(s.ticketScan)
    .where(eq(s.ticketScan.ticketId, ticketId));
  const [session] = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(eq(s.eventSession.id, order.sessionId));
  if (!scanRow || !session) throw new Error("no ticket");
  const north = await staffActor(api, "harbour-museum", "gate");
  const south = await staffActor(api, "harbour-museum", "gate");
  const gates = [north, south];
  const at = session.startDatetime;
  const admittedPerRound: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(
      gates.map((gate, i) =>
        scanCode(
          api.handle.db,
          gate,
          { scanId: randomUUID(), code: scanRow.scanCode, gate: `Gate ${i + 1}`, scope: { kind: "today" } },
          at,
        ),
      ),
    );
    admittedPerRound.push(answers.filter((a) => a.kind === "admitted").length);
    expect(answers.map((a) => a.kind).sort()).toEqual(["admitted", "already_admitted"]);
    await undoAdmission(api.handle.db, north, { ticketId, reason: "next round" }, at);
  }
  expect(admittedPerRound.every((n) => n === 1)).toBe(true);
  const [after] = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(eq(s.eventSession.id, order.sessionId));
  expect(after?.redeemedCount).toBe(session.redeemedCount);
}

describe("two gates scanning one ticket at the same moment admit it exactly once", () => {
  itOnEachDatabase(race);
});
