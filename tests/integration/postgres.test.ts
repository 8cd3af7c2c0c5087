import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createTestApi } from "../helpers/api.ts";

const url = process.env.TEST_DATABASE_URL;

describe("catalogue reads on a real PostgreSQL server", () => {
  it.runIf(!url)("not applicable: TEST_DATABASE_URL is not set, so the PostgreSQL suite did not run", () => {
    expect(url).toBeFalsy();
  });

  it.runIf(Boolean(url))(
    "migrates, seeds and serves catalogue reads on a fresh database, then drops it",
    async () => {
      const admin = postgres(url ?? "", { max: 1, onnotice: () => {} });
      const name = `foyer_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      await admin.unsafe(`create database ${name}`);
      const dbUrl = new URL(url ?? "");
      dbUrl.pathname = `/${name}`;
      try {
        const api = await createTestApi({ target: { kind: "postgres", url: dbUrl.toString() } });
        try {
          const events = await api.get(
            "/api/events/available?_seller=harbour-museum&_embed=event_session,ticket_group",
          );
          expect(events.status).toBe(200);
          const sessions = await api.get("/api/events/hm-general-admission/sessions?_ondate=2026-11-24");
          expect(sessions.status).toBe(200);
          const cal = await api.get(
            "/api/events/hm-general-admission/calendar?_format=extended&month=2026-12",
          );
          expect(cal.status).toBe(200);
        } finally {
          await api.close();
        }
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
