/**
 * A fresh in-memory PGlite database (migrated and seeded with the demo tenants) and the API
 * app over it, for one test file. Requests go through app.request, in process.
 */
import { afterAll, beforeAll } from "vitest";
import { manualClock } from "../../src/lib/server/clock.ts";
import { type DbHandle, type DbTarget, openDb } from "../../src/lib/server/db/client.ts";
import { seedDemo } from "../../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../../src/lib/server/http/app.ts";

/** A fixed "today" so seeded sessions and assertions line up: noon UTC, 2026-11-22 is a Sunday. */
export const TEST_NOW = new Date("2026-11-22T12:00:00Z");

export async function createTestApi(options: { target?: DbTarget; now?: Date } = {}) {
  const handle: DbHandle = await openDb(options.target ?? { kind: "pglite" });
  const clock = manualClock(options.now ?? TEST_NOW);
  await seedDemo(handle.db, { now: clock.now() });
  const app = createApiApp({ db: handle.db, clock });
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
  return { app, handle, clock, get, post, close: () => handle.close() };
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
