/**
 * The seeded test database snapshot (tests/helpers/seed-snapshot.ts) is cached under a content
 * key: it must change whenever the migrations, the seed's sources (followed through imports) or the
 * tenant content change, so no test ever loads a stale database, and stay put otherwise.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { snapshotKey } from "../../helpers/seed-snapshot.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
let root = "";

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const key = (now = NOW) => snapshotKey(root, now, join(root, "drizzle"));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "foyer-snapshot-key-"));
  write("drizzle/0000_init.sql", "create table seller (id text primary key);");
  write("src/lib/server/db/seed/index.ts", 'import { a } from "./a.ts";\nexport const seed = a;');
  write("src/lib/server/db/seed/a.ts", 'export { b as a } from "../../../domain/b.ts";');
  write("src/lib/domain/b.ts", "export const b = 1;");
  write("src/lib/server/db/client.ts", "export const client = 1;");
  write("src/content/tenants/harbour.json", '{"name":"Harbour"}');
  write("src/lib/unrelated.ts", "export const unrelated = 1;");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the seeded snapshot's cache key", () => {
  it("is the same for the same sources", () => {
    expect(key()).toMatch(/^[0-9a-f]{32}$/);
    expect(key()).toBe(key());
  });

  it("changes with a migration, added or edited", () => {
    const before = key();
    write("drizzle/0001_more.sql", "alter table seller add column name text;");
    const added = key();
    expect(added).not.toBe(before);
    write("drizzle/0001_more.sql", "alter table seller add column title text;");
    expect(key()).not.toBe(added);
  });

  it("changes with a file the seed imports, however indirectly (export ... from)", () => {
    const before = key();
    write("src/lib/domain/b.ts", "export const b = 2;");
    expect(key()).not.toBe(before);
  });

  it("changes with the db client and the tenant content", () => {
    const before = key();
    write("src/lib/server/db/client.ts", "export const client = 2;");
    const client = key();
    expect(client).not.toBe(before);
    write("src/content/tenants/harbour.json", '{"name":"Harbour Museum"}');
    expect(key()).not.toBe(client);
  });

  it("changes with the seed's now", () => {
    expect(key(new Date("2026-11-23T12:00:00Z"))).not.toBe(key());
  });

  it("stays put when a file the seed does not import changes", () => {
    const before = key();
    write("src/lib/unrelated.ts", "export const unrelated = 2;");
    expect(key()).toBe(before);
  });
});
