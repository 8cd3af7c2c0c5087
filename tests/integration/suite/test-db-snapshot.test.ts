/**
 * The seeded snapshot withTestApi() starts from (tests/helpers/seed-snapshot.ts) must be
 * indistinguishable from migrating and seeding a fresh database at TEST_NOW, or every other
 * integration test would be testing something else than before.
 */

import { basename, dirname, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import { seedDemo } from "../../../src/lib/server/db/seed/index.ts";
import { createTestApi, TEST_NOW } from "../../helpers/api.ts";
import { readSeedSnapshot, SNAPSHOT_DIR_NAME, SNAPSHOT_PROVIDE_KEY } from "../../helpers/seed-snapshot.ts";

/** Password hashes carry a random salt, so two seeds never agree on them. */
const RANDOM_COLUMNS = ["password_hash"];

/** Per table: row count and a hash of every row (random columns left out), plus sequences and settings. */
async function fingerprint(handle: DbHandle): Promise<Record<string, string>> {
  const client = handle.db.$client;
  const tables = await client.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const drop = RANDOM_COLUMNS.map((c) => ` - '${c}'`).join("");
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = `(to_jsonb(snapshot_row)${drop})::text`;
    const result = await client.query<{ f: string }>(
      `select count(*) || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as f from ${name} snapshot_row`,
    );
    out[name] = result.rows[0]?.f ?? "";
  }
  const sequences = await client.query(
    "select schemaname, sequencename, last_value from pg_sequences order by 1, 2",
  );
  out["(sequences)"] = JSON.stringify(sequences.rows);
  // plpgsql's own settings appear once a session has loaded the language (creating a function in
  // it, as migrating does), not from anything the database holds.
  const settings = await client.query(
    "select name, setting from pg_settings where name not like 'plpgsql.%' order by name",
  );
  out["(settings)"] = JSON.stringify(settings.rows);
  return out;
}

describe("the seeded test database snapshot", () => {
  it("the integration project's global setup provides a snapshot from the cache, named by its content key", () => {
    // Not recomputed here: in a shared checkout the sources may change while the suite runs.
    const path = inject(SNAPSHOT_PROVIDE_KEY) ?? "";
    expect(dirname(path)).toBe(resolve(SNAPSHOT_DIR_NAME));
    expect(basename(path)).toMatch(/^[0-9a-f]{32}\.tar$/);
    expect(readSeedSnapshot(path)?.size).toBeGreaterThan(0);
  });

  it("holds the same tables, rows, sequences and settings as migrating and seeding afresh at TEST_NOW", async () => {
    const fromSnapshot = await createTestApi();
    const fresh = await openDb({ kind: "pglite" });
    try {
      await seedDemo(fresh.db, { now: TEST_NOW });
      const [a, b] = [await fingerprint(fromSnapshot.handle), await fingerprint(fresh)];
      expect(Object.keys(a).length).toBeGreaterThan(10);
      expect(a).toEqual(b);
    } finally {
      await fromSnapshot.close();
      await fresh.close();
    }
  });

  it("createTestApi at another now is seeded at that now, not loaded from the snapshot", async () => {
    const later = new Date(TEST_NOW.getTime() + 3 * 86_400_000);
    const api = await createTestApi({ now: later });
    try {
      const last = await api.handle.db.$client.query<{ d: string }>(
        "select max(start_datetime)::text as d from event_session",
      );
      const snapshot = await createTestApi();
      const lastInSnapshot = await snapshot.handle.db.$client.query<{ d: string }>(
        "select max(start_datetime)::text as d from event_session",
      );
      await snapshot.close();
      expect(last.rows[0]?.d).toBeTruthy();
      expect(last.rows[0]?.d).not.toEqual(lastInSnapshot.rows[0]?.d);
    } finally {
      await api.close();
    }
  });
});
