/**
 * DESIGN §4 "A reserve must never let used capacity go past the limit, whatever the concurrency":
 * 200 reserves in parallel over real HTTP at a session with exactly 10 places left hold exactly
 * 10 tickets; every other request gets a capacity error. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { heldCount, sessionRow, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { serveApp } from "../../helpers/http-server.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const REQUESTS = 200;
const PLACES = 10;
const CAPACITY_CODES = ["session_capacity_exceeded", "event_session_sold_out"];

async function raceForTenPlaces(api: TestApi): Promise<void> {
  const session = await upcomingSession(api, "hm-general-admission", 3);
  await setSessionCapacity(api, session.id, PLACES, 0);
  const server = await serveApp(api.app);
  try {
    const body = JSON.stringify({ add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] });
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, async () => {
        const res = await fetch(`${server.url}/api/my/cart/modify?_seller=harbour-museum`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const json = (await res.json()) as { _data?: { _code: string }[] };
        return { status: res.status, code: json._data?.[0]?._code };
      }),
    );
    const held = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(held).toHaveLength(PLACES);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(CAPACITY_CODES).toContain(r.code);
    }
    const row = await sessionRow(api, session.id);
    expect(row.usedCapacity).toBe(PLACES);
    expect(await heldCount(api, session.id)).toBe(PLACES);
    expect(row.usedCapacity).toBe(row.capacity);
  } finally {
    await server.close();
  }
}

describe("concurrent reserves over HTTP", () => {
  it(`PGlite: ${REQUESTS} parallel reserves for ${PLACES} places hold exactly ${PLACES}`, async () => {
    const api = await createTestApi();
    try {
      await raceForTenPlaces(api);
    } finally {
      await api.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    `PostgreSQL: ${REQUESTS} parallel reserves for ${PLACES} places hold exactly ${PLACES}`,
    async () => {
      await withFreshPostgres(url ?? "", async (dbUrl) => {
        const api = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
        try {
          await raceForTenPlaces(api);
        } finally {
          await api.close();
        }
      });
    },
  );
});
