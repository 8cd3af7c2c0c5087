import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../helpers/api.ts";

const url = process.env.TEST_DATABASE_URL;

/** Catalogue reads whose answers must be identical on both back ends. */
const READS = [
  "/api/events/available?_seller=harbour-museum&_embed=meta,venue,ticket_group,ticket_type,event_session&_sort=name",
  "/api/events/hm-general-admission?_embed=meta,venue,ticket_group,ticket_type,message_rule,config",
  "/api/events/hm-general-admission/sessions?_ondate=2026-11-24&_sort=start_datetime",
  "/api/events/hm-general-admission/calendar?_format=extended&month=2026-12",
  "/api/events/rz-day-admission/calendar?_format=price&month=2026-12",
  "/api/events/hm-evening-concert/sessions?_limit=1&_sort=start_datetime",
  "/api/membership_rules?_seller=harbour-museum&_embed=ticket_type&_limit=1000",
  "/api/code/welcome10?_seller=harbour-museum",
  "/api/config?_seller=riverside-zoo",
];

async function readAll(api: TestApi) {
  const out: { status: number; body: unknown }[] = [];
  for (const path of READS) {
    const res = await api.get(path);
    out.push({ status: res.status, body: res.body });
  }
  return out;
}

if (url) {
  describe("the same migrations and catalogue reads run on a real PostgreSQL server", () => {
    it("migrates and seeds a fresh database, and every catalogue read equals the PGlite answer", async () => {
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      const name = `foyer_test_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.unsafe(`create database ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      try {
        const pg = await createTestApi({ target: { kind: "postgres", url: dbUrl.toString() } });
        const lite = await createTestApi();
        try {
          const [onPg, onLite] = [await readAll(pg), await readAll(lite)];
          for (const res of onPg) expect(res.status).toBe(200);
          expect(onPg).toEqual(onLite);
          const sessions = onPg[2]?.body as { event_session: { _count: number } };
          expect(sessions.event_session._count).toBeGreaterThan(0);
        } finally {
          await pg.close();
          await lite.close();
        }
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
} else {
  describe("PostgreSQL back end", () => {
    it("is not exercised here because TEST_DATABASE_URL is unset (.ci/run sets it)", () => {
      expect(process.env.TEST_DATABASE_URL).toBeUndefined();
    });
  });
}
