/**
 * Keys the servers share, by name (`server_secret` rows): random, made once under a race-safe
 * insert, never changed. Read once per executor (a transaction that stored one and then rolled
 * back is never used again, so its memo goes with it); only a loaded key is kept.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/executor.ts";
import * as s from "../db/schema.ts";

const storedKey = async (ex: Executor, name: string) =>
  (await ex.select().from(s.serverSecret).where(eq(s.serverSecret.name, name)))[0];

async function loadKey(ex: Executor, name: string, now: Date): Promise<Buffer> {
  // The key exists after its first use: one read, and the race-safe insert only when it is missing.
  let row = await storedKey(ex, name);
  if (!row) {
    await ex
      .insert(s.serverSecret)
      .values({ name, value: randomBytes(32).toString("base64url"), createdAt: now })
      .onConflictDoNothing();
    row = await storedKey(ex, name);
  }
  if (!row) throw new Error(`The server key ${name} could not be stored.`);
  return Buffer.from(row.value, "base64url");
}

const keys = new WeakMap<object, Map<string, Buffer>>();

export async function serverKey(ex: Executor, name: string, now: Date): Promise<Buffer> {
  let known = keys.get(ex);
  if (!known) {
    known = new Map();
    keys.set(ex, known);
  }
  const key = known.get(name);
  if (key) return key;
  const loaded = await loadKey(ex, name, now);
  known.set(name, loaded);
  return loaded;
}
