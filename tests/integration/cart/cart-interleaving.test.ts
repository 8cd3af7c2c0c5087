/**
 * Interleavings of concurrent cart calls ("a fast-check scheduler test of interleaved
 * add, remove, extend and expire"). Every operation runs at the same time as the others; before
 * each of its steps it waits for the fast-check scheduler, which picks the order in which the steps
 * go. Afterwards, and again once every hold has expired, used capacity equals the held tickets.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withTestApi } from "../../helpers/api.ts";
import { heldCount, send, sessionRow, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CAPACITY = 4;
const GROUP = "hm-ga-general";
const HOUR = 3_600_000;

type Op =
  | { kind: "add"; cart: number; session: number; quantity: number }
  | { kind: "remove"; cart: number }
  | { kind: "extend"; cart: number; seconds: number }
  | { kind: "expire"; seconds: number; sweep: boolean };

// Adds and removes weigh more than the rest, so most runs have something to remove.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      cart: fc.nat(1),
      session: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("remove" as const), cart: fc.nat(1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extend" as const),
      cart: fc.nat(1),
      seconds: fc.integer({ min: 1, max: 900 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("expire" as const),
      seconds: fc.integer({ min: 1, max: 1200 }),
      sweep: fc.boolean(),
    }),
  },
);

/**
 * Every run holds at least two adds and a remove on cart 0 (in whatever order the scheduler picks),
 * so the property never passes without having held, refused and removed anything.
 */
const opsWithAddAndRemove: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.integer({ min: 2, max: 3 }),
    fc.integer({ min: 2, max: 3 }),
    fc.nat(1),
    fc.array(op, { minLength: 1, maxLength: 9 }),
  )
  .map(([q1, q2, session, rest]) => [
    { kind: "add", cart: 0, session, quantity: q1 },
    { kind: "add", cart: 1, session, quantity: q2 },
    { kind: "remove", cart: 0 },
    ...rest,
  ]);

async function groupHeld(): Promise<{ used: number; held: number }> {
  const [group] = await api.handle.db.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, GROUP));
  const held = await api.handle.db
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(and(eq(s.ticket.ticketGroupId, GROUP), eq(s.ticket.state, "held")));
  return { used: group?.usedCapacity ?? -1, held: held.length };
}

async function expectCountersMatchHolds(sessionIds: string[]): Promise<void> {
  for (const id of sessionIds) {
    const row = await sessionRow(api, id);
    expect(row.usedCapacity).toBe(await heldCount(api, id));
    expect(row.usedCapacity).toBeLessThanOrEqual(row.capacity + row.oversellCapacity);
  }
  const group = await groupHeld();
  expect(group.used).toBe(group.held);
}

const cartIdOf = (body: Record<string, unknown>) =>
  (body.cart as { _data?: { id: string }[] } | undefined)?._data?.[0]?.id;
const firstTicketOf = (body: Record<string, unknown>) =>
  (body.ticket as { _data?: { id: string }[] } | undefined)?._data?.[0]?.id;

describe("interleaved cart calls", () => {
  it("used capacity equals the held tickets whatever order concurrent add, remove, extend and expire take", async () => {
    const sessionIds: string[] = [];
    for (const offset of [320, 321]) {
      const session = await upcomingSession(api, "hm-general-admission", offset);
      await setSessionCapacity(api, session.id, CAPACITY, 0);
      sessionIds.push(session.id);
    }

    // The property must not pass vacuously: count what really happened across the runs.
    const seen = { held: 0, refused: 0, removed: 0 };
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), opsWithAddAndRemove, async (scheduler, ops) => {
        // Every run starts from nothing held: the previous run's carts expire and are swept.
        api.clock.advance(HOUR);
        await releaseExpiredCarts(api.handle.db, api.clock.now());
        for (const id of sessionIds) expect((await sessionRow(api, id)).usedCapacity).toBe(0);

        const carts: (string | undefined)[] = [undefined, undefined];
        const turn = (label: string) => scheduler.schedule(Promise.resolve(label), label);

        const run = async (o: Op): Promise<void> => {
          if (o.kind === "expire") {
            await turn(`expire ${o.seconds}s`);
            api.clock.advance(o.seconds * 1000);
            if (o.sweep) await releaseExpiredCarts(api.handle.db, api.clock.now());
            return;
          }
          // Each step reads the cart ids only once it has its turn: earlier steps may have made them.
          if (o.kind === "add") {
            await turn(`add ${o.quantity} to cart ${o.cart}`);
            const id = carts[o.cart];
            const add = [
              {
                ticket_type_id: "hm-ga-adult",
                event_session_id: sessionIds[o.session],
                quantity: o.quantity,
              },
            ];
            const path = id ? `/api/my/cart/${id}/modify` : "/api/my/cart/modify?_seller=harbour-museum";
            const res = await send(api, "POST", path, { add });
            expect([200, 409, 410]).toContain(res.status);
            if (res.status === 200) seen.held += 1;
            if (res.status === 409) seen.refused += 1;
            if (res.status === 200 && !id) carts[o.cart] = cartIdOf(res.body);
            return;
          }
          if (o.kind === "extend") {
            await turn(`extend cart ${o.cart}`);
            const id = carts[o.cart];
            if (!id) return;
            const expiresAt = new Date(api.clock.now().getTime() + o.seconds * 1000).toISOString();
            const res = await send(api, "PATCH", `/api/my/cart/${id}`, { expires_at: expiresAt });
            expect([200, 410]).toContain(res.status);
            return;
          }
          await turn(`read cart ${o.cart}`);
          const id = carts[o.cart];
          if (!id) return;
          const got = await send(api, "GET", `/api/my/cart/${id}`);
          const ticket = firstTicketOf(got.body);
          if (got.status !== 200 || !ticket) return;
          await turn(`remove from cart ${o.cart}`);
          const res = await send(api, "POST", `/api/my/cart/${id}/modify`, { remove: [ticket] });
          // Another step may have removed the ticket (404) or expired the cart (410) meanwhile.
          expect([200, 404, 410]).toContain(res.status);
          if (res.status === 200) seen.removed += 1;
        };

        const all = Promise.all(ops.map(run));
        await scheduler.waitFor(all);
        await expectCountersMatchHolds(sessionIds);

        // Once every hold has expired and been swept, every place is free again.
        api.clock.advance(HOUR);
        await releaseExpiredCarts(api.handle.db, api.clock.now());
        for (const id of sessionIds) expect((await sessionRow(api, id)).usedCapacity).toBe(0);
      }),
      // A fixed seed: the same 30 interleavings on every run. Unseeded, a rare draw let the other
      // adds take cart 0's places in all 30 runs, so no remove could succeed and the not-vacuous
      // check below failed for a reason no code change made (CI, 2026-11-29).
      { numRuns: 30, seed: 20261129 },
    );
    expect(seen.held).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.removed).toBeGreaterThan(0);
  });
});
