/**
 * "Check that every background job (the cart sweeper,
 * mail delivery ...) is safe with two or more servers: no double mail, no double release."
 * Each server has its own connection pool; here two pools on one PostgreSQL database (when
 * TEST_DATABASE_URL is set) and, as far as it applies, two runs at once on one PGlite database.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  CLAIM_LEASE_MS,
  deliverPending,
  type MailTransport,
  SEND_BUDGET_MS,
  type SendableMail,
} from "../../../src/lib/server/mail/deliver.ts";
import { enqueueMail } from "../../../src/lib/server/mail/outbox.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { createTestApi, TEST_NOW, type TestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  heldCount,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";
import { createFreshPostgres, type FreshPostgres } from "../../helpers/postgres.ts";

const FROM = "Foyer <no-reply@foyer.test>";
const HOLD_MS = 900_000;
const EXPIRED_CARTS = 24;
const MAILS = 40;

/** Sweeps until a run finds nothing more; answers how many carts this sweeper released. */
async function sweepAll(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await releaseExpiredCarts(db, now, 5);
    total += released;
    if (released === 0) return total;
  }
}

/** A transport that records each mail's subject, yielding once so two workers interleave. */
function recorder(sent: string[]): MailTransport {
  return {
    async sendMail(mail: SendableMail) {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(mail.subject);
    },
  };
}

/** A transport whose one send waits until the test settles it. */
function heldTransport() {
  const control: { settle?: (error?: Error) => void } = {};
  const transport: MailTransport = {
    sendMail: () =>
      new Promise<void>((resolve, reject) => {
        control.settle = (error) => (error ? reject(error) : resolve());
      }),
  };
  return { transport, control };
}

async function deliverUntilDone(db: Db, transport: MailTransport, now: Date): Promise<void> {
  for (;;) {
    const result = await deliverPending(db, transport, now, { from: FROM, batchSize: 5 });
    if (result.sent + result.retried + result.failed === 0) return;
  }
}

function enqueue(db: Db, subject: string, at: Date): Promise<string> {
  return enqueueMail(
    db,
    {
      sellerId: "harbour-museum",
      to: "visitor@example.test",
      subject,
      text: subject,
      html: `<p>${subject}</p>`,
      kind: "test",
    },
    at,
  );
}

async function outboxRow(db: Db, id: string) {
  const [row] = await db.select().from(s.outbox).where(eq(s.outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

interface Servers {
  a: TestApi;
  b: TestApi;
}

function backgroundJobSuite(name: string, open: () => Promise<Servers & { close(): Promise<void> }>) {
  describe(name, () => {
    let servers: Servers & { close(): Promise<void> };
    beforeAll(async () => {
      servers = await open();
    });
    afterAll(() => servers?.close());

    it("no double release: two sweepers at once release every expired cart exactly once", async () => {
      const { a, b } = servers;
      const session = await upcomingSession(a, "hm-general-admission", 3);
      await setSessionCapacity(a, session.id, 100, 0);
      const expired: string[] = [];
      for (let i = 0; i < EXPIRED_CARTS; i++) {
        const env = asCart(
          await send(a, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
            add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
          }),
        );
        expired.push(cartOf(env).id);
      }
      // A cart taken later still holds its 2 places when the others expire: a second release of
      // an expired cart would take them off the counter.
      for (const api of new Set([a, b])) api.clock.advance(HOLD_MS - 100_000);
      asCart(
        await send(a, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }],
        }),
      );
      for (const api of new Set([a, b])) api.clock.advance(100_000);
      const now = a.clock.now();

      const released = await Promise.all([
        sweepAll(a.handle.db, now),
        sweepAll(b.handle.db, now),
        sweepAll(a.handle.db, now),
        sweepAll(b.handle.db, now),
      ]);

      expect(released.reduce((x, y) => x + y, 0)).toBe(EXPIRED_CARTS);
      expect((await sessionRow(a, session.id)).usedCapacity).toBe(2);
      expect(await heldCount(a, session.id)).toBe(2);
      const states = await a.handle.db
        .select({ state: s.cart.state })
        .from(s.cart)
        .where(inArray(s.cart.id, expired));
      expect(states.map((c) => c.state)).toEqual(expired.map(() => "expired"));
    });

    describe("mail delivery", () => {
      beforeEach(async () => {
        await servers.a.handle.db.delete(s.outbox);
      });

      it("no double mail: two workers at once send every queued mail exactly once", async () => {
        const { a, b } = servers;
        const subjects = Array.from({ length: MAILS }, (_, i) => `mail-${String(i).padStart(2, "0")}`);
        for (const subject of subjects) await enqueue(a.handle.db, subject, TEST_NOW);
        const sent: string[] = [];
        await Promise.all([
          deliverUntilDone(a.handle.db, recorder(sent), TEST_NOW),
          deliverUntilDone(b.handle.db, recorder(sent), TEST_NOW),
          deliverUntilDone(a.handle.db, recorder(sent), TEST_NOW),
          deliverUntilDone(b.handle.db, recorder(sent), TEST_NOW),
        ]);
        expect([...sent].sort()).toEqual(subjects);
        const states = await a.handle.db.select({ state: s.outbox.state }).from(s.outbox);
        expect(states.map((r) => r.state)).toEqual(subjects.map(() => "sent"));
      });

      it("a worker that outlived its lease cannot hand back the claim another worker took over", async () => {
        // Bug guarded: a slow run's late failure put a re-claimed mail back in the queue, so a third
        // worker sent it while the second was still sending it.
        const { a, b } = servers;
        const id = await enqueue(a.handle.db, "slow", TEST_NOW);
        const first = heldTransport();
        const firstRun = deliverPending(a.handle.db, first.transport, TEST_NOW, { from: FROM });
        await vi.waitFor(() => expect(first.control.settle).toBeDefined());

        const afterLease = new Date(TEST_NOW.getTime() + CLAIM_LEASE_MS + 1_000);
        const second = heldTransport();
        const secondRun = deliverPending(b.handle.db, second.transport, afterLease, { from: FROM });
        await vi.waitFor(() => expect(second.control.settle).toBeDefined());
        expect((await outboxRow(a.handle.db, id)).attempts).toBe(2);

        first.control.settle?.(new Error("socket timeout"));
        expect(await firstRun).toEqual({ sent: 0, retried: 1, failed: 0 });
        const third: string[] = [];
        const thirdRun = await deliverPending(a.handle.db, recorder(third), afterLease, { from: FROM });
        expect(thirdRun.sent).toBe(0);
        expect(third).toEqual([]);

        second.control.settle?.();
        expect(await secondRun).toEqual({ sent: 1, retried: 0, failed: 0 });
        expect(await outboxRow(a.handle.db, id)).toMatchObject({ state: "sent", attempts: 2 });
      });

      it("a run that spent half its lease gives the rest of its batch back instead of sending it late", async () => {
        const { a } = servers;
        const ids = [];
        for (const subject of ["one", "two", "three"])
          ids.push(await enqueue(a.handle.db, subject, TEST_NOW));
        let checks = 0;
        const sent: string[] = [];
        const result = await deliverPending(a.handle.db, recorder(sent), TEST_NOW, {
          from: FROM,
          elapsedMs: () => (checks++ === 0 ? 0 : SEND_BUDGET_MS),
        });
        expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
        expect(sent).toHaveLength(1);
        const rows = await Promise.all(ids.map((id) => outboxRow(a.handle.db, id)));
        const givenBack = rows.filter((r) => r.subject !== sent[0]);
        expect(givenBack.map(({ state, attempts, sentAt }) => ({ state, attempts, sentAt }))).toEqual([
          { state: "queued", attempts: 0, sentAt: null },
          { state: "queued", attempts: 0, sentAt: null },
        ]);
        // Given back as it was: due again at once, not after a backoff.
        await deliverUntilDone(a.handle.db, recorder(sent), TEST_NOW);
        expect([...sent].sort()).toEqual(["one", "three", "two"]);
      });
    });
  });
}

backgroundJobSuite("one PGlite database, two runs at once", async () => {
  const api = await createTestApi();
  return { a: api, b: api, close: () => api.close() };
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  backgroundJobSuite("one PostgreSQL database, two servers' connection pools", async () => {
    const fresh: FreshPostgres = await createFreshPostgres(serverUrl);
    const target = { kind: "postgres" as const, url: fresh.url };
    const a = await createTestApi({ target });
    const b = await createTestApi({ target });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await fresh.drop();
      },
    };
  });
}
