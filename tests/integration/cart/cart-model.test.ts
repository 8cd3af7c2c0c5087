/**
 * Model test of holds (DESIGN §4): random interleavings of add, remove, extend, delete, the clock
 * passing expiries and the sweeper, on a small session. After every step, each counter equals the
 * held tickets that count against it and never exceeds capacity + oversell_capacity.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withTestApi } from "../../helpers/api.ts";
import { heldCount, send, sessionRow, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CAPACITY = 5;
const OVERSELL = 1;
const GROUP = "hm-ga-general";

interface Model {
  carts: string[];
}
interface Real {
  sessionIds: string[];
}

async function checkInvariant(real: Real): Promise<void> {
  for (const id of real.sessionIds) {
    const row = await sessionRow(api, id);
    const held = await heldCount(api, id);
    expect(row.usedCapacity).toBe(held);
    expect(row.usedCapacity).toBeLessThanOrEqual(row.capacity + row.oversellCapacity);
  }
  const [group] = await api.handle.db.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, GROUP));
  const held = await api.handle.db
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(and(eq(s.ticket.ticketGroupId, GROUP), eq(s.ticket.state, "held")));
  expect(group?.usedCapacity).toBe(held.length);
}

const pick = (carts: string[], index: number) => carts[index % Math.max(1, carts.length)];

class AddCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly session: number,
    readonly quantity: number,
    readonly cart: number | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const add = [
      {
        ticket_type_id: "hm-ga-adult",
        event_session_id: real.sessionIds[this.session],
        quantity: this.quantity,
      },
    ];
    const id = this.cart === null ? undefined : pick(model.carts, this.cart);
    const path = id ? `/api/my/cart/${id}/modify` : "/api/my/cart/modify?_seller=harbour-museum";
    const res = await send(api, "POST", path, { add });
    expect([200, 404, 409, 410]).toContain(res.status);
    const created = (res.body.cart as { _data: { id: string }[] } | undefined)?._data[0]?.id;
    if (res.status === 200 && created && !model.carts.includes(created)) model.carts.push(created);
    await checkInvariant(real);
  }
  toString = () => `add(${this.session}, ${this.quantity}, ${this.cart})`;
}

class RemoveCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly cart: number) {}
  check = (m: Readonly<Model>) => m.carts.length > 0;
  async run(model: Model, real: Real) {
    const id = pick(model.carts, this.cart);
    const got = await send(api, "GET", `/api/my/cart/${id}`);
    const first = (got.body.ticket as { _data: { id: string }[] } | undefined)?._data[0]?.id;
    if (got.status === 200 && first) {
      const res = await send(api, "POST", `/api/my/cart/${id}/modify`, { remove: [first] });
      expect([200, 410]).toContain(res.status);
    }
    await checkInvariant(real);
  }
  toString = () => `remove(${this.cart})`;
}

class ExtendCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly cart: number,
    readonly seconds: number,
  ) {}
  check = (m: Readonly<Model>) => m.carts.length > 0;
  async run(model: Model, real: Real) {
    const expiresAt = new Date(api.clock.now().getTime() + this.seconds * 1000).toISOString();
    const res = await send(api, "PATCH", `/api/my/cart/${pick(model.carts, this.cart)}`, {
      expires_at: expiresAt,
    });
    expect([200, 409, 410]).toContain(res.status);
    await checkInvariant(real);
  }
  toString = () => `extend(${this.cart}, ${this.seconds}s)`;
}

class DeleteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly cart: number) {}
  check = (m: Readonly<Model>) => m.carts.length > 0;
  async run(model: Model, real: Real) {
    const res = await send(api, "DELETE", `/api/my/cart/${pick(model.carts, this.cart)}`);
    expect([204, 410]).toContain(res.status);
    await checkInvariant(real);
  }
  toString = () => `delete(${this.cart})`;
}

class AdvanceCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly seconds: number,
    readonly sweep: boolean,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    api.clock.advance(this.seconds * 1000);
    if (this.sweep) await releaseExpiredCarts(api.handle.db, api.clock.now());
    await checkInvariant(real);
  }
  toString = () => `advance(${this.seconds}s${this.sweep ? ", sweep" : ""})`;
}

describe("holds model", () => {
  it("used_capacity always equals the held tickets and never exceeds capacity + oversell", async () => {
    const sessionIds: string[] = [];
    for (const offset of [300, 301]) {
      const session = await upcomingSession(api, "hm-general-admission", offset);
      await setSessionCapacity(api, session.id, CAPACITY, 0);
      await api.handle.db
        .update(s.eventSession)
        .set({ oversellCapacity: OVERSELL })
        .where(eq(s.eventSession.id, session.id));
      sessionIds.push(session.id);
    }
    const cart = fc.option(fc.nat(6), { nil: null });
    const commands = [
      fc.tuple(fc.nat(1), fc.integer({ min: 1, max: 4 }), cart).map(([sn, q, c]) => new AddCommand(sn, q, c)),
      fc.nat(6).map((c) => new RemoveCommand(c)),
      fc.tuple(fc.nat(6), fc.integer({ min: 1, max: 900 })).map(([c, sec]) => new ExtendCommand(c, sec)),
      fc.nat(6).map((c) => new DeleteCommand(c)),
      fc
        .tuple(fc.integer({ min: 1, max: 600 }), fc.boolean())
        .map(([sec, sweep]) => new AdvanceCommand(sec, sweep)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        await fc.asyncModelRun(() => ({ model: { carts: [] }, real: { sessionIds } }), cmds);
      }),
      { numRuns: 25 },
    );
  });
});
