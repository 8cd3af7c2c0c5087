// Gate scans per second over HTTP on one server, with the p99 (issue: "scans per second on one
// server, with the p99"): 16 connections, each request a scan of a ticket not yet admitted (an
// admission: the conditional update, the admission row, the counter and the scan's row), for
// BENCH_SECONDS; then the same codes again (each "already admitted"), and the check that every
// ticket was admitted once: redeemed tickets == admission rows == the session's counter.
// PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Run alone with
// `npx node scripts/bench-gate.mjs` (the project's Node 22), or as part of `npm run bench` (BENCH_ONLY=gate).
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { forkBenchServer, onEachDatabase } from "./bench-support.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function benchOne(kind, env) {
  const server = forkBenchServer("./bench-gate-server.ts", env);
  const ready = await server.next("ready");
  const scans = (codes) => {
    let next = 0;
    return {
      url: `${ready.url}/api/admin/gate/scans?_seller=harbour-museum`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ready.key}` },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              scan_id: randomUUID(),
              code: codes[next++ % codes.length],
              gate: "Bench gate",
              scope: { kind: "today" },
            }),
          }),
        },
      ],
    };
  };
  // Warm up on the last codes, then measure admissions on the others.
  const warm = ready.codes.slice(-300);
  const fresh = ready.codes.slice(0, -300);
  await run({ ...scans(warm), connections: 4, amount: warm.length });
  // One gate alone first: the answer time a visitor waits for ("under 300 ms at the gate").
  const alone = await run({ ...scans(fresh.slice(-2000)), connections: 1, duration: 3 });
  const admit = await run({ ...scans(fresh.slice(0, -2000)), connections: CONNECTIONS, duration: DURATION });
  const admitted = admit["2xx"];
  const again = await run({
    ...scans(fresh.slice(0, admitted)),
    connections: CONNECTIONS,
    duration: Math.min(5, DURATION),
  });
  server.child.send({ type: "check" });
  const check = await server.next("check");
  const wrapped = admitted > fresh.length - 2000 ? " (codes ran out: set BENCH_TICKETS higher)" : "";
  console.log(
    `${kind}: ${(admitted / DURATION).toFixed(1)} admissions/s, p50 ${admit.latency.p50} ms, p99 ${admit.latency.p99} ms, ` +
      `errors ${admit.non2xx + admit.errors}${wrapped}`,
  );
  console.log(
    `  one gate alone: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms (goal < 300 ms), errors ${alone.non2xx + alone.errors}`,
  );
  console.log(
    `  already admitted: ${(again["2xx"] / Math.min(5, DURATION)).toFixed(1)} scans/s, p99 ${again.latency.p99} ms, errors ${again.non2xx + again.errors}`,
  );
  const once = check.redeemed === check.admissions && check.admissions === check.counter;
  console.log(
    `  admitted once: ${check.redeemed} redeemed, ${check.admissions} admission rows, counter ${check.counter}: ${once ? "OK" : "MISMATCH"}`,
  );
  server.child.send({ type: "stop" });
  await new Promise((resolve) => server.child.once("exit", resolve));
}

console.log(`\n== Gate scans over HTTP, one server, ${CONNECTIONS} connections, ${DURATION}s ==`);
await onEachDatabase("foyer_bench_gate", benchOne);
