/**
 * Keys the servers share, by name (`server_secret` rows): random, made once under a race-safe
 * insert, never changed. Read once per executor (a transaction that stored one and then rolled
 * back is never used again, so its memo goes with it), or once per database for the transactions
 * that name it as their owner; only a loaded key is kept.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { databaseOf, type Executor } from "../db/executor.ts";
import * as s from "../db/schema.ts";

const storedKey = async (ex: Executor, name: string) =>
  (await ex.select().from(s.serverSecret).where(eq(s.serverSecret.name, name)))[0];

/** The key, and whether this executor stored it (then it is only as lasting as its transaction). */
async function loadKey(ex: Executor, name: string, now: Date): Promise<{ key: Buffer; stored: boolean }> {
  // The key exists after its first use: one read, and the race-safe insert only when it is missing.
  let row = await storedKey(ex, name);
  const stored = !row;
  if (!row) {
    await ex
      .insert(s.serverSecret)
      .values({ name, value: randomBytes(32).toString("base64url"), createdAt: now })
      .onConflictDoNothing();
    row = await storedKey(ex, name);
  }
  if (!row) throw new Error(`The server key ${name} could not be stored.`);
  return { key: Buffer.from(row.value, "base64url"), stored };
}

const keys = new WeakMap<object, Map<string, Buffer>>();

function known(ex: object): Map<string, Buffer> {
  let map = keys.get(ex);
  if (!map) {
    map = new Map();
    keys.set(ex, map);
  }
  return map;
}

/**
 * The key `name`, read once per executor. In a transaction noted with its database
 * (db/executor.ts `inDatabase`), a key already stored there is kept for the database too, so the
 * next transaction reads nothing (a hold or a checkout is a new transaction each time; a key this
 * transaction stored is not kept beyond it, as it may still roll back).
 */
export async function serverKey(ex: Executor, name: string, now: Date): Promise<Buffer> {
  const owner = databaseOf(ex);
  const kept = (owner && known(owner).get(name)) ?? known(ex).get(name);
  if (kept) return kept;
  const { key, stored } = await loadKey(ex, name, now);
  known(ex).set(name, key);
  if (owner && !stored) known(owner).set(name, key);
  return key;
}
