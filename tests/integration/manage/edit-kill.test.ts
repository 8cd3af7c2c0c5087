/**
 * "Inventory stays right": "`kill -9` during a reschedule leaves the order either as it
 * was or fully moved, never both and never neither." A reschedule that costs more is confirmed in
 * a child process (edit-kill-child.ts); the stand-in for Stripe holds the payment request open, so
 * the checkout's transaction is caught half done (the old tickets cancelled, the new ones not yet
 * booked) and the process is killed with SIGKILL there. The database must show the order as it
 * was; the same confirm run again to the end moves it fully. On PGlite (a data folder) and on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DbTarget, openDb } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { startFakeStripe } from "../../fixtures/stripe/fake-server.ts";
import { createTestApi, TEST_NOW } from "../../helpers/api.ts";
import { asCart, cartOf, send } from "../../helpers/cart.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";
import {
  buyOrder,
  laterSession,
  newEditCart,
  orderTickets,
  outstandingOf,
  rescheduleBody,
} from "./edit-helpers.ts";

const root = process.cwd();

interface Prepared {
  orderId: string;
  cartId: string;
  from: string;
  to: string;
}

/** A paid order of 2 adults and an edit cart moving them to a dearer (peak) session: 10.00 to pay. */
async function prepare(target: DbTarget): Promise<Prepared> {
  const api = await createTestApi({ target });
  try {
    const from = await laterSession(api, 0);
    const to = await laterSession(api, 1);
    await api.handle.db
      .update(s.ticketType)
      .set({ tierAmounts: { peak: 3000 } })
      .where(eq(s.ticketType.id, "hm-ga-adult"));
    await api.handle.db.update(s.eventSession).set({ priceTier: "peak" }).where(eq(s.eventSession.id, to.id));
    const { orderId, token } = await buyOrder(api, from.id, 2);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const changed = asCart(
      await send(
        api,
        "POST",
        `/api/cart/${cartId}/modify`,
        rescheduleBody(await orderTickets(api, orderId), to.id),
      ),
    );
    expect(outstandingOf(changed)).toBe("10.00");
    return { orderId, cartId, from: from.id, to: to.id };
  } finally {
    await api.close();
  }
}

function runChild(
  target: DbTarget,
  cartId: string,
  stripeBase: string,
): { child: ChildProcess; lines: string[]; exited: Promise<void> } {
  const dbEnv =
    target.kind === "postgres" ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? "" };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...dbEnv,
    CART_ID: cartId,
    FOYER_NOW: TEST_NOW.toISOString(),
    STRIPE_SECRET_KEY: "sk_test_foyer_fake",
    STRIPE_API_BASE: stripeBase,
    LOG_LEVEL: "silent",
  };
  if (target.kind === "pglite") delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "tests/integration/manage/edit-kill-child.ts")],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => lines.push(line));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, lines, exited };
}

/** A stand-in for Stripe that takes the payment request and never answers; `arrived` when it came. */
async function stallingStripe() {
  let arrived: () => void = () => {};
  const came = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((req) => {
    if (req.url?.startsWith("/v1/payment_intents")) arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    came,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Where the order's booked tickets are, and whether each session's counter equals the tickets owning places. */
async function observe(target: DbTarget, p: Prepared) {
  const handle = await openDb(target);
  try {
    const db = handle.db;
    const booked = await db
      .select({ session: s.ticket.eventSessionId })
      .from(s.ticket)
      .where(and(eq(s.ticket.ticketOrderId, p.orderId), eq(s.ticket.state, "booked")));
    const counters: Record<string, { used: number; owning: number }> = {};
    for (const id of [p.from, p.to]) {
      const [row] = await db.select().from(s.eventSession).where(eq(s.eventSession.id, id));
      const [owning] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.ticket)
        .where(and(eq(s.ticket.eventSessionId, id), inArray(s.ticket.state, ["held", "booked"])));
      counters[id] = { used: row?.usedCapacity ?? -1, owning: Number(owning?.n ?? -1) };
    }
    const [cart] = await db.select().from(s.cart).where(eq(s.cart.id, p.cartId));
    return { bookedAt: booked.map((b) => b.session), counters, cartState: cart?.state };
  } finally {
    await handle.close();
  }
}

async function killMidReschedule(target: DbTarget): Promise<void> {
  const p = await prepare(target);
  const stall = await stallingStripe();
  try {
    const run = runChild(target, p.cartId, stall.url);
    await stall.came;
    run.child.kill("SIGKILL");
    await run.exited;
    expect(run.child.signalCode).toBe("SIGKILL");
    expect(run.lines.filter((l) => l.startsWith("{"))).toEqual([]);
  } finally {
    await stall.close();
  }
  // As it was: both tickets on the old session, the new places still only held by the edit cart.
  const afterKill = await observe(target, p);
  expect(afterKill.bookedAt).toEqual([p.from, p.from]);
  expect(afterKill.cartState).toBe("pending");
  for (const c of Object.values(afterKill.counters)) expect(c.used).toBe(c.owning);
  expect(afterKill.counters[p.from]?.used).toBe(2);

  // The same confirm run to the end: fully moved, the old places given back.
  const stripe = await startFakeStripe();
  try {
    const run = runChild(target, p.cartId, stripe.url);
    await run.exited;
    const answer = JSON.parse(run.lines.find((l) => l.startsWith("{")) ?? "{}") as { status?: number };
    expect(answer.status).toBe(200);
  } finally {
    await stripe.close();
  }
  const moved = await observe(target, p);
  expect(moved.bookedAt).toEqual([p.to, p.to]);
  expect(moved.cartState).toBe("booked");
  for (const c of Object.values(moved.counters)) expect(c.used).toBe(c.owning);
  expect(moved.counters[p.from]?.used).toBe(0);
  expect(moved.counters[p.to]?.used).toBe(2);
}

const url = process.env.TEST_DATABASE_URL;

describe("kill -9 during a reschedule", () => {
  it("PGlite: leaves the order either as it was or fully moved, never both and never neither", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "foyer-edit-kill-"));
    try {
      await killMidReschedule({ kind: "pglite", dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!url)(
    "PostgreSQL: leaves the order either as it was or fully moved, never both and never neither",
    async () => {
      await withFreshPostgres(url ?? "", (dbUrl) => killMidReschedule({ kind: "postgres", url: dbUrl }));
    },
    120_000,
  );
});
