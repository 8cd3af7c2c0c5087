/**
 * Under concurrency: parallel cancels of one order over
 * HTTP (a double submit, and requests for overlapping tickets) give each place back exactly once,
 * on PGlite and on PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { sessionRow } from "../../helpers/cart.ts";
import { serveApp } from "../../helpers/http-server.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";
import { freeZooOrder } from "./manage-helpers.ts";

async function race(target: TestApi): Promise<void> {
  const order = await freeZooOrder(target, 4);
  expect((await sessionRow(target, order.sessionId)).usedCapacity).toBe(4);
  const [a, b, c, d] = order.ticketIds;
  const asks = [[a, b], [b, c], [c, d], [a, b, c, d], [a, b, c, d], [d], [a], [b, c]];
  const server = await serveApp(target.app);
  try {
    const statuses = await Promise.all(
      asks.map(async (tickets) => {
        const res = await fetch(
          `${server.url}/api/ticket_order/${order.orderId}/cancel?_seller=riverside-zoo`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ manage_token: order.token, tickets }),
          },
        );
        await res.text();
        return res.status;
      }),
    );
    expect(statuses).toEqual(asks.map(() => 200));
  } finally {
    await server.close();
  }
  expect((await sessionRow(target, order.sessionId)).usedCapacity).toBe(0);
}

describe("parallel cancels of one order give each place back exactly once", () => {
  it("PGlite: 8 overlapping cancels over HTTP", async () => {
    const own = await createTestApi();
    try {
      await race(own);
    } finally {
      await own.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)("PostgreSQL: 8 overlapping cancels over HTTP", async () => {
    await withFreshPostgres(url ?? "", async (dbUrl) => {
      const own = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
      try {
        await race(own);
      } finally {
        await own.close();
      }
    });
  });
});
