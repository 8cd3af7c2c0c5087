// Shared by the bench scripts that run an API-only server in a child process (bench-holds,
// bench-checkout): forking the server and waiting for its messages, and running a bench on
// PGlite and then, when a PostgreSQL URL is given, on a fresh database dropped afterwards.
import { fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import postgres from "postgres";
import { SERVER_NODE_FLAGS } from "./serve-env.mjs";

/** Forks `script` (a .ts file next to this one, run with tsx); `next(type)` waits for that message. */
export function forkBenchServer(script, env) {
  const cpuProfDir = process.env.BENCH_CPU_PROF;
  const child = fork(new URL(script, import.meta.url), [], {
    // BENCH_CPU_PROF=<dir> writes the server's CPU profile there (open it in Chrome's DevTools).
    // The production server's flags (serve-env.mjs), so the API runs as `npm start` runs it.
    execArgv: [
      ...SERVER_NODE_FLAGS,
      "--import",
      "tsx",
      ...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`${script} exited with ${code}`));
      const onMessage = (m) => {
        if (m.type === type) {
          child.off("message", onMessage);
          child.off("exit", onExit);
          resolve(m);
        }
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  return { child, next };
}

/**
 * Runs `benchOne("pglite", {})`, then `benchOne("postgres", { BENCH_DB_URL })` on a fresh database
 * of BENCH_DATABASE_URL or TEST_DATABASE_URL (dropped afterwards), or says it skipped PostgreSQL.
 * BENCH_PGLITE=off leaves PGlite out.
 */
export async function onEachDatabase(prefix, benchOne) {
  // BENCH_PGLITE=off: PostgreSQL alone (a quicker loop while tuning).
  if (process.env.BENCH_PGLITE !== "off") await benchOne("pglite", {});
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.log("postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return;
  }
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${name}`;
  try {
    await benchOne("postgres", { BENCH_DB_URL: dbUrl.toString() });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * The CPU time (user and system) of this machine's PostgreSQL processes so far, in ms, from /proc;
 * null where there is none to read (another machine, or no /proc). Its difference over a run is
 * the database's share of the work, which a client-side figure cannot show.
 */
export function postgresCpuMs() {
  let ticks = 0;
  let found = false;
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(")");
    if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
    // After the command: state, ppid, ... utime and stime are the 12th and 13th fields.
    const fields = stat.slice(close + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
    found = true;
  }
  // Linux reports these in clock ticks of 1/100 s (USER_HZ).
  return found ? ticks * 10 : null;
}
