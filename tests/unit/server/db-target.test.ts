/**
 * Where the database is: PGlite in DATA_DIR unless DATABASE_URL names PostgreSQL; behind a pooler
 * in transaction mode, DATABASE_DIRECT_URL names PostgreSQL itself for the startup lock and
 * migrations (DESIGN §10: N app servers through pgbouncer).
 */
import { describe, expect, it } from "vitest";
import { targetFromEnv } from "../../../src/lib/server/db/client.ts";

describe("the database target", () => {
  it("PGlite in DATA_DIR without DATABASE_URL", () => {
    expect(targetFromEnv({ DATA_DIR: "/tmp/x" })).toEqual({ kind: "pglite", dataDir: "/tmp/x" });
  });

  it("PostgreSQL through a pooler, with the direct address for the startup lock and migrations", () => {
    expect(targetFromEnv({ DATABASE_URL: "postgres://a@pooler:6543/db" })).toEqual({
      kind: "postgres",
      url: "postgres://a@pooler:6543/db",
    });
    expect(
      targetFromEnv({
        DATABASE_URL: "postgres://a@pooler:6543/db",
        DATABASE_DIRECT_URL: "postgres://a@pg:5432/db",
      }),
    ).toEqual({ kind: "postgres", url: "postgres://a@pooler:6543/db", directUrl: "postgres://a@pg:5432/db" });
  });
});
