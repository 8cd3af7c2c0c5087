// N app servers on one PostgreSQL (DESIGN §10): the same hold load through 1, 2 and 3 servers
// behind haproxy, each reaching PostgreSQL through pgbouncer in transaction mode (DATABASE_URL the
// pooler, DATABASE_DIRECT_URL PostgreSQL for the startup lock and migrations). Prints each
// throughput as a ratio to one server, then a race of 500 reserves for 50 places spread over the
// three servers, and the oversell check (used capacity == held tickets <= capacity).
// Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and Debian's haproxy and pgbouncer
// (installed here when missing and running as root). Run alone with `npx node scripts/bench-servers.mjs` (the project's Node 22)
// after `npm run build`, or as `BENCH_ONLY=servers npm run bench`.

import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import postgres from "postgres";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const SELLER = "harbour-museum";
const SERVERS = 3;

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function have(command) {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function ensurePackages() {
  const binaries = { haproxy: "haproxy", pgbouncer: "pgbouncer" };
  const missing = Object.keys(binaries).filter((b) => !have(b) && !have(`/usr/sbin/${b}`));
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) {
    console.log(
      `servers: skipped (install ${missing.join(" and ")}: apt-get install -y ${missing.join(" ")})`,
    );
    return false;
  }
  execFileSync("apt-get", ["install", "-y", "-q", ...missing], { stdio: "ignore" });
  return true;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time`);
}

function startPgbouncer(work, direct, port) {
  const target = new URL(direct);
  const ini = join(work, "pgbouncer.ini");
  const users = join(work, "userlist.txt");
  writeFileSync(users, `"${decodeURIComponent(target.username)}" "${decodeURIComponent(target.password)}"\n`);
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "auth_type = plain",
      `auth_file = ${users}`,
      "pool_mode = transaction",
      "max_client_conn = 1000",
      "default_pool_size = 20",
      "ignore_startup_parameters = extra_float_digits,options",
      "unix_socket_dir =",
      "",
    ].join("\n"),
  );
  // pgbouncer will not run as root: it runs as postgres, which must read its files.
  chmodSync(work, 0o755);
  for (const f of [ini, users]) chmodSync(f, 0o644);
  const asRoot = process.getuid?.() === 0;
  return spawn("pgbouncer", asRoot ? ["-u", "postgres", ini] : [ini], {
    stdio: ["ignore", "ignore", process.env.BENCH_VERBOSE ? "inherit" : "ignore"],
  });
}

function startHaproxy(work, port, backends) {
  const cfg = join(work, `haproxy-${backends.length}.cfg`);
  writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 4096",
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 60s",
      "  timeout server 60s",
      "  option http-keep-alive",
      "frontend shop",
      `  bind 127.0.0.1:${port}`,
      "  default_backend servers",
      "backend servers",
      "  balance roundrobin",
      ...backends.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} maxconn 64`),
      "",
    ].join("\n"),
  );
  return spawn("haproxy", ["-f", cfg, "-db"], { stdio: "ignore" });
}

/** Errors the app servers logged (pino's level "error"), with the first few told. */
const appErrors = { count: 0, first: [] };

/** Reads a server's log: counts its errors, and passes it on with BENCH_VERBOSE. */
function watchLog(child) {
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (process.env.BENCH_VERBOSE) console.log(line);
    if (!line.includes('"level":"error"')) return;
    appErrors.count += 1;
    if (appErrors.first.length >= 3) return;
    try {
      const entry = JSON.parse(line);
      const cause = entry.err?.cause?.message ?? entry.err?.message ?? "";
      appErrors.first.push(`${entry.msg ?? ""} ${entry.method ?? ""} ${entry.route ?? ""}: ${cause}`.trim());
    } catch {
      appErrors.first.push(line.slice(0, 300));
    }
  });
  return child;
}

function startApp(port, env) {
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      FOYER_MODE: "demo",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return watchLog(child);
}

async function sessionWithRoom(base, sql) {
  const res = await fetch(
    `${base}/api/events/hm-general-admission/sessions?_seller=${SELLER}&_limit=50&sold_out=false&_sort=start_datetime`,
  );
  const rows = (await res.json()).event_session._data;
  const [load, race] = [rows.at(-1)?.id, rows.at(-2)?.id];
  // Room enough for the whole load on one, exactly 50 places on the other.
  await sql`update event_session set capacity = 1000000, used_capacity = 0 where id = ${load}`;
  await sql`update event_session set capacity = 50, used_capacity = 0, oversell_capacity = 0 where id = ${race}`;
  await sql`update ticket_group set capacity = -1 where id = 'hm-ga-general'`;
  return { load, race };
}

async function check(sql, sessionId) {
  const [row] = await sql`select capacity, used_capacity,
      (select count(*)::int from ticket t where t.event_session_id = ${sessionId} and t.state = 'held' and t.counts_against_session) as held
    from event_session where id = ${sessionId}`;
  return { capacity: row.capacity, used: row.used_capacity, held: row.held };
}

async function main() {
  console.log(
    `\n== ${SERVERS} servers on one PostgreSQL, through pgbouncer (transaction mode) and haproxy ==`,
  );
  if (!pgUrl) {
    console.log("servers: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return;
  }
  if (!ensurePackages()) return;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const name = `foyer_servers_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const direct = new URL(pgUrl);
  direct.pathname = `/${name}`;
  const work = mkdtempSync(join(tmpdir(), "foyer-servers-"));
  const children = [];
  try {
    const bouncerPort = await freePort();
    children.push(startPgbouncer(work, direct.toString(), bouncerPort));
    const pooled = new URL(direct);
    pooled.port = String(bouncerPort);
    const env = { DATABASE_URL: pooled.toString(), DATABASE_DIRECT_URL: direct.toString() };
    const ports = [];
    for (let i = 0; i < SERVERS; i++) ports.push(await freePort());
    // Started together: one migrates and seeds under the startup lock, the others wait for it.
    for (const port of ports) children.push(startApp(port, env));
    for (const port of ports) await waitFor(`http://127.0.0.1:${port}/api/health`);
    const sql = postgres(direct.toString(), { max: 2, onnotice: () => {} });
    const { load, race } = await sessionWithRoom(`http://127.0.0.1:${ports[0]}`, sql);
    const body = (sessionId) =>
      JSON.stringify({ add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId }] });
    const results = [];
    for (let n = 1; n <= SERVERS; n++) {
      const lbPort = await freePort();
      const lb = startHaproxy(work, lbPort, ports.slice(0, n));
      await waitFor(`http://127.0.0.1:${lbPort}/api/health`, 15_000);
      const request = {
        url: `http://127.0.0.1:${lbPort}/api/my/cart/modify?_seller=${SELLER}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: body(load),
      };
      await run({ ...request, connections: 8, amount: 200 });
      const result = await run({ ...request, connections: CONNECTIONS, duration: DURATION });
      const perSecond = result["2xx"] / DURATION;
      results.push(perSecond);
      console.log(
        `  ${n} server${n > 1 ? "s" : " "}: ${perSecond.toFixed(1)} holds/s, ${(perSecond / results[0]).toFixed(2)}× one server, ` +
          `p99 ${result.latency.p99} ms, 5xx ${result["5xx"] ?? 0}, errors ${result.errors}`,
      );
      if (n === SERVERS) {
        const raced = await run({ ...request, body: body(race), connections: CONNECTIONS, amount: 500 });
        const raceCheck = await check(sql, race);
        const loadCheck = await check(sql, load);
        const fair = raceCheck.used === raceCheck.held && raceCheck.held <= raceCheck.capacity;
        console.log(
          `  race over ${n} servers: 500 reserves for ${raceCheck.capacity} places -> ${raced["2xx"]} held, used ${raceCheck.used}, ` +
            `held tickets ${raceCheck.held}, 5xx ${raced["5xx"] ?? 0}: ${fair && raced["2xx"] === raceCheck.capacity ? "no oversell" : "OVERSELL"}`,
        );
        console.log(
          `  load session: used ${loadCheck.used}, held tickets ${loadCheck.held}: ${loadCheck.used === loadCheck.held ? "consistent" : "INCONSISTENT"}`,
        );
      }
      lb.kill();
    }
    // A 5xx says little by itself: the servers' own error lines say why.
    console.log(
      `  errors the servers logged: ${appErrors.count}${appErrors.first.length ? ` (${appErrors.first.join("; ")})` : ""}`,
    );
    console.log(
      "  (one machine of 2 cores runs every server, pgbouncer, haproxy, PostgreSQL and the load: more servers share the same cores, so the ratio shows the cost of spreading, not a cluster's gain)",
    );
    await sql.end();
  } finally {
    for (const child of children.reverse()) child.kill();
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
