/**
 * A fresh in-memory PGlite database (migrated and seeded with the demo tenants) and the API
 * app over it, for one test file. Requests go through app.request, in process.
 *
 * The default database (in-memory PGlite seeded at TEST_NOW) starts from the seeded snapshot the
 * integration project's global setup provides (seed-snapshot.ts): the same rows as migrating and
 * seeding here, in a fraction of the time. Any other target or `now` is migrated and seeded here,
 * and so is everything with FOYER_TEST_DB_SNAPSHOT=off (to compare, or to rule the snapshot out).
 */
import { afterAll, beforeAll, inject } from "vitest";
import { manualClock } from "../../src/lib/server/clock.ts";
import { type DbHandle, type DbTarget, openDb } from "../../src/lib/server/db/client.ts";
import { seedDemo } from "../../src/lib/server/db/seed/index.ts";
import { createApiApp, newCachedApiCache } from "../../src/lib/server/http/app.ts";
import { storedJsonReader } from "../../src/perf/stored-json.ts";
import { readSeedSnapshot, SNAPSHOT_PROVIDE_KEY } from "./seed-snapshot.ts";
import { TEST_NOW } from "./test-now.ts";

export { TEST_NOW };

/** The in-memory target starting from the seeded snapshot, when one fits these options. */
function snapshotTarget(options: { target?: DbTarget; now?: Date }): DbTarget | undefined {
  const target = options.target ?? { kind: "pglite" };
  if (target.kind !== "pglite" || target.dataDir || target.loadDataDir) return undefined;
  if (process.env.FOYER_TEST_DB_SNAPSHOT === "off") return undefined;
  if (options.now && options.now.getTime() !== TEST_NOW.getTime()) return undefined;
  const path = inject(SNAPSHOT_PROVIDE_KEY);
  const loadDataDir = path ? readSeedSnapshot(path) : undefined;
  return loadDataDir ? { kind: "pglite", loadDataDir } : undefined;
}

export async function createTestApi(options: { target?: DbTarget; now?: Date } = {}) {
  const handle: DbHandle = await openDb(snapshotTarget(options) ?? options.target ?? { kind: "pglite" });
  const clock = manualClock(options.now ?? TEST_NOW);
  // A no-op on the snapshot (the demo is there already), as on any seeded database.
  await seedDemo(handle.db, { now: clock.now() });
  // The /cached_api answers, shared with the pages' in-process reads as in the runtime.
  const cache = newCachedApiCache();
  const app = createApiApp({ db: handle.db, clock }, cache);
  const storedJson = storedJsonReader(cache, clock);
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  return { app, handle, clock, storedJson, get, post, close: () => handle.close() };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * One fresh seeded API for the test file it is called in: created before the file's tests and
 * closed after them. Use the returned object like a TestApi (api.get, api.app, api.clock, ...).
 */
export function withTestApi(options: Parameters<typeof createTestApi>[0] = {}): TestApi {
  let current: TestApi | undefined;
  beforeAll(async () => {
    current = await createTestApi(options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApi, {
    get(_target, key) {
      if (!current) throw new Error("withTestApi: the API is only available inside tests and hooks.");
      return current[key as keyof TestApi];
    },
  });
}
