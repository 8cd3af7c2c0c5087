/**
 * The migrated and seeded demo database (PGlite, seeded at TEST_NOW) as a tarball of its data
 * directory, built once and cached, so each integration test file loads a copy (about a second)
 * instead of running initdb, every migration and the seed again (several seconds).
 *
 * The cache is `node_modules/.cache/foyer-test-db/<key>.tar`. The key is a hash of everything the
 * snapshot depends on: the SQL migrations, every source file the seed and the db client import
 * (followed through relative imports), the tenant content files, the PGlite and Drizzle versions
 * and TEST_NOW. Any change gives a new key and so a new snapshot; nothing has to be cleared by hand.
 * A snapshot is written to a temporary file and renamed into place, so two test runs starting at
 * once at worst both build it, and never read half a file.
 *
 * The vitest global setup (seed-snapshot.global.ts) builds or finds the snapshot before the
 * workers start and hands its path to them; createTestApi (api.ts) loads it.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** Bump when the way snapshots are made changes (the key then changes too). */
const SNAPSHOT_FORMAT = "2";

/**
 * How many snapshots of other keys are kept (the newest) when a new one is written: 43 MB each,
 * and every edit of a seed source makes a new key. A run still reading one that is gone seeds afresh.
 */
const KEEP_OTHERS = 2;

export const SNAPSHOT_DIR_NAME = "node_modules/.cache/foyer-test-db";

/** The name `inject` reads in test workers: the absolute path of the snapshot tarball. */
export const SNAPSHOT_PROVIDE_KEY = "foyerSeedSnapshot";

declare module "vitest" {
  export interface ProvidedContext {
    foyerSeedSnapshot: string | undefined;
  }
}

const SEED_ENTRY_POINTS = ["src/lib/server/db/seed/index.ts", "src/lib/server/db/client.ts"];
const DATA_FOLDERS = ["src/content/tenants", "src/content/catalogue"];
const PACKAGES = ["@electric-sql/pglite", "drizzle-orm"];

const IMPORT_PATTERN = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** The entry points and every local file they reach through relative imports. */
function importClosure(root: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((e) => resolve(root, e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file) || !statSync(file).isFile()) continue;
    seen.add(file);
    if (!/\.(?:[cm]?[jt]sx?)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT_PATTERN)) {
      queue.push(resolve(dirname(file), match[1] as string));
    }
  }
  return [...seen];
}

function packageVersion(root: string, name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "?";
  } catch {
    return "missing";
  }
}

/** The content hash that names the snapshot of the demo seeded at `now`. */
export function snapshotKey(root: string, now: Date, migrations: string): string {
  const files = new Set([
    ...importClosure(root, SEED_ENTRY_POINTS),
    ...[migrations, ...DATA_FOLDERS].flatMap((f) => filesUnder(resolve(root, f))),
  ]);
  const hash = createHash("sha256");
  hash.update(`format ${SNAPSHOT_FORMAT}\nnow ${now.toISOString()}\n`);
  for (const name of PACKAGES) hash.update(`package ${name} ${packageVersion(root, name)}\n`);
  for (const file of [...files].sort()) {
    hash.update(`file ${relative(root, file)}\n`);
    hash.update(readFileSync(file));
    hash.update("\n");
  }
  return hash.digest("hex").slice(0, 32);
}

/** Removes all but the newest KEEP_OTHERS snapshots of other keys, and stray temporary files. */
function pruneOthers(dir: string, keep: string) {
  const others = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => path !== keep)
    .flatMap((path) => {
      try {
        return [{ path, written: statSync(path).mtimeMs, temporary: path.endsWith(".tmp") }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.written - a.written);
  // Newest first: everything newer than the last kept snapshot stays (a temporary file there is
  // another run's snapshot being written); everything older goes.
  let kept = 0;
  for (const other of others) {
    if (kept < KEEP_OTHERS) {
      if (!other.temporary) kept += 1;
      continue;
    }
    rmSync(other.path, { force: true });
  }
}

/**
 * The path of the snapshot of the demo seeded at `now`, built (migrate, seed, dump) when no
 * snapshot of the current sources exists yet.
 */
export async function ensureSeedSnapshot(root: string, now: Date): Promise<string> {
  const { migrationsFolder, openDb } = await import("../../src/lib/server/db/client.ts");
  const dir = resolve(root, SNAPSHOT_DIR_NAME);
  const path = join(dir, `${snapshotKey(root, now, migrationsFolder)}.tar`);
  if (existsSync(path)) return path;
  await mkdir(dir, { recursive: true });
  const { seedDemo } = await import("../../src/lib/server/db/seed/index.ts");
  const handle = await openDb({ kind: "pglite" });
  try {
    await seedDemo(handle.db, { now });
    const client = handle.db.$client as PGlite;
    // A checkpoint first, so a loaded copy has no WAL to replay: it opens faster, and its
    // sequences read what was used, not the 32 values PostgreSQL logs ahead (crash recovery).
    await client.exec("CHECKPOINT");
    const tarball = await client.dumpDataDir("none");
    const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(temporary, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(temporary, path);
  } finally {
    await handle.close();
  }
  pruneOthers(dir, path);
  return path;
}

/** The snapshot's bytes, ready for `new PGlite({ loadDataDir })`; undefined when it is gone. */
export function readSeedSnapshot(path: string): Blob | undefined {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return undefined;
  }
}
