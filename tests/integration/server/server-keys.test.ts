/**
 * Server keys (security/server-keys.ts) are read once per database by the transactions noted with
 * it (db/executor.ts `inDatabase`): a hold or a checkout is a new transaction each time, and read
 * the manage link's or the line's key on each before. A key a transaction stored is not kept for
 * the database, as that transaction may still roll back.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDb } from "../../../src/lib/server/db/client.ts";
import { inDatabase } from "../../../src/lib/server/db/executor.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { serverKey } from "../../../src/lib/server/security/server-keys.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");

describe("server keys", () => {
  it("a key already stored is read once for its database, by every transaction noted with it", async () => {
    const handle = await openDb({ kind: "pglite" });
    try {
      const { db } = handle;
      const stored = await db.transaction((tx) => serverKey(inDatabase(tx, db), "probe", NOW));
      const read = await db.transaction((tx) => serverKey(inDatabase(tx, db), "probe", NOW));
      expect(read.equals(stored)).toBe(true);
      // Changed behind the server's back (never done: keys never change): the next transaction
      // still signs with the key it kept, so it did not read it again.
      await db.update(s.serverSecret).set({ value: "changed" }).where(eq(s.serverSecret.name, "probe"));
      const kept = await db.transaction((tx) => serverKey(inDatabase(tx, db), "probe", NOW));
      expect(kept.equals(read)).toBe(true);
      // An unnoted transaction reads for itself.
      const own = await db.transaction((tx) => serverKey(tx, "probe", NOW));
      expect(own.equals(Buffer.from("changed", "base64url"))).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("a key a transaction stored and then rolled back is not kept for the database", async () => {
    const handle = await openDb({ kind: "pglite" });
    try {
      const { db } = handle;
      let rolledBack: Buffer | undefined;
      await db
        .transaction(async (tx) => {
          rolledBack = await serverKey(inDatabase(tx, db), "fresh", NOW);
          throw new Error("roll back");
        })
        .catch(() => {});
      const after = await db.transaction((tx) => serverKey(inDatabase(tx, db), "fresh", NOW));
      expect(rolledBack).toBeDefined();
      expect(after.equals(rolledBack ?? Buffer.alloc(0))).toBe(false);
      const [row] = await db.select().from(s.serverSecret).where(eq(s.serverSecret.name, "fresh"));
      expect(Buffer.from(row?.value ?? "", "base64url").equals(after)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
