/**
 * "Two servers started at the same moment on an empty
 * PostgreSQL database race on the migrations ... Add an integration test that starts two servers
 * at once on a fresh database." Two real processes run the runtime's start-up, released together.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const url = process.env.TEST_DATABASE_URL;
const root = process.cwd();
const SERVERS = 2;
/** A fixed clock for the servers (FOYER_NOW): the demo sessions are seeded relative to it. */
const FIXED_NOW = "2026-11-22T12:00:00Z";

interface Started {
  child: ChildProcess;
  lines: string[];
  ready: Promise<void>;
  exited: Promise<number | null>;
}

function startServer(databaseUrl: string): Started {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "tests/helpers/start-runtime.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FOYER_NOW: FIXED_NOW,
      DEMO_DATA: "on",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const ready = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      lines.push(line);
      if (line === "ready") resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, lines, ready, exited };
}

function answerOf(started: Started): unknown {
  const last = started.lines.filter((l) => l.startsWith("{")).at(-1);
  return last ? JSON.parse(last) : undefined;
}

async function count(sql: postgres.Sql, query: string): Promise<number> {
  const [row] = await sql.unsafe<{ n: string }[]>(query);
  return Number(row?.n ?? -1);
}

if (url) {
  describe("several servers on one database", () => {
    it("two servers started at once on a fresh PostgreSQL database both come up healthy, with one set of migrations and one demo seed", async () => {
      await withFreshPostgres(url, async (databaseUrl) => {
        const servers = Array.from({ length: SERVERS }, () => startServer(databaseUrl));
        try {
          await Promise.all(servers.map((s) => s.ready));
          // Released together: both reach migrations within the same few milliseconds.
          for (const s of servers) s.child.stdin?.end("go\n");
          const codes = await Promise.all(servers.map((s) => s.exited));
          for (const [i, s] of servers.entries()) {
            expect(codes[i], JSON.stringify(s.lines)).toBe(0);
            expect(answerOf(s)).toEqual({ status: 200, body: { ok: true } });
          }
        } finally {
          for (const s of servers) if (s.child.exitCode === null) s.child.kill();
        }

        const journal = JSON.parse(readFileSync(join(root, "drizzle/meta/_journal.json"), "utf8")) as {
          entries: unknown[];
        };
        const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
        try {
          expect(await count(sql, "select count(*) as n from drizzle.__drizzle_migrations")).toBe(
            journal.entries.length,
          );
          expect(await count(sql, "select count(*) as n from seller")).toBe(3);
          // A second seed or a second top-up would repeat sessions (same event, same start).
          expect(
            await count(
              sql,
              `select count(*) as n from (select 1 from event_session
               group by event_template_id, start_datetime having count(*) > 1) as repeated`,
            ),
          ).toBe(0);
          expect(await count(sql, "select count(*) as n from event_session")).toBeGreaterThan(0);
          expect(await count(sql, "select count(*) as n from identity where id like '%-demo-user'")).toBe(2);
        } finally {
          await sql.end();
        }
      });
      // Two processes load and compile the server on a shared CI machine: more than the default.
    }, 120_000);
  });
} else {
  describe("several servers on one database", () => {
    it("is not exercised here because TEST_DATABASE_URL is unset (.ci/run sets it)", () => {
      expect(process.env.TEST_DATABASE_URL).toBeUndefined();
    });
  });
}
