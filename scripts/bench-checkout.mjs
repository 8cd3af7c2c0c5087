// Checkouts per second over HTTP (issue: "`npm run bench` adds checkouts per second on the embedded
// database"). Carts with one timed ticket each are prepared beforehand (POST my/cart/modify), spread
// over many sessions, then only the guest checkouts (test gateway, card 4242 4242 4242 4242) are
// timed, with N concurrent clients, each naming its storefront as the shop does (`_seller`). Afterwards: orders == successful checkouts, no cart with two
// orders, booked tickets == the successful checkouts' tickets, one payment per order.
// Each level is followed by the raw-SQL ceiling at the same concurrency (DESIGN §9: checkouts at
// 0.5x of it or better): the checkout's writes (identity, payment, order, ticket booked, scan code,
// cart, confirmation mail) by hand-made SQL in one transaction (scripts/bench-ceiling.ts). Then the
// HTTP floor: those writes behind a bare node:http server, called by this client like the shop's
// checkouts, which tells how much of the ceiling HTTP alone leaves on the machine. The
// server's CPU time per checkout is printed beside the ceiling's (BENCH_PROFILE=dir profiles the HTTP
// runs: scripts/bench-run-probe.ts). The number is also printed next to pretix's published ~500 orders per minute per event (8.3/s). PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a
// fresh database is made and dropped). Run alone with `npx node scripts/bench-checkout.mjs` (the project's Node 22), or as part
// of `npm run bench`. Server: scripts/bench-checkout-server.ts.
import http from "node:http";
import { forkBenchServer, onEachDatabase, postgresCpuMs } from "./bench-support.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = [8, 32];
const PRETIX_PER_SECOND = 500 / 60;
// DESIGN §9: guest checkouts at 0.5x their raw-SQL ceiling or better, measured in the same run.
const GOAL = 0.5;
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? DURATION);
const SELLER = "harbour-museum";
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
// Every buyer is someone else, as at an on-sale: a new guest e-mail per checkout (never logged).
const guest = (cartId) => ({ first_name: "Bench", last_name: "Guest", email: `bench-${cartId}@example.com` });
const TICKETS_PER_CART = 1;

const startServer = (env) => forkBenchServer("./bench-checkout-server.ts", env);

// node:http with kept-alive sockets, not fetch: a load generator should take as little as it can
// of the cores it shares with the server and PostgreSQL (fetch took 0.6-1.0 ms of CPU per call).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function postJson(url, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Runs `task(i)` for i in [0, count) on `clients` concurrent workers, stopping at `deadline`. */
async function pool(count, clients, task, deadline = Number.POSITIVE_INFINITY) {
  let next = 0;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return next;
}

/** `count` carts, each with one adult ticket, round-robin over the sessions. */
async function prepareCarts(base, sessionIds, count) {
  const ids = [];
  let failed = 0;
  await pool(count, 16, async (i) => {
    const answer = await postJson(`${base}/api/my/cart/modify?_seller=${SELLER}`, {
      add: [
        {
          ticket_type_id: "hm-ga-adult",
          event_session_id: sessionIds[i % sessionIds.length],
          quantity: TICKETS_PER_CART,
        },
      ],
    });
    const id = answer.body.cart?._data?.[0]?.id;
    if (answer.status === 200 && id) ids.push(id);
    else failed += 1;
  });
  if (failed) console.log(`  (${failed} of ${count} carts could not be prepared)`);
  return ids;
}

/** The shop's guest checkout of a cart, naming its storefront as the shop does. */
const shopCheckout = (cartId) => `/api/cart/${cartId}/guest_checkout?_seller=${SELLER}`;

/** Guest checkouts of `cartIds` on `clients` workers until done or `seconds` passed. */
async function checkouts(base, cartIds, clients, seconds, path = shopCheckout) {
  const latencies = [];
  const failures = new Map();
  let completed = 0;
  const started = performance.now();
  const attempted = await pool(
    cartIds.length,
    clients,
    async (i) => {
      const t0 = performance.now();
      const answer = await postJson(`${base}${path(cartIds[i])}`, {
        gateway_id: "test",
        identity: guest(cartIds[i]),
        gateway_data: CARD,
      });
      latencies.push(performance.now() - t0);
      if (answer.status === 200 && answer.body.checkout_result?._data?.[0]?.status === "completed")
        completed += 1;
      else {
        const key = `${answer.status} ${answer.body._data?.[0]?._code ?? ""}`.trim();
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    },
    started + seconds * 1000,
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
  return { attempted, completed, failures, elapsed, p99 };
}

async function benchOne(kind, env) {
  const server = startServer(env);
  const ready = await server.next("ready");
  const base = ready.url;
  // Warm up (JIT, connection pool) and estimate the rate, to prepare enough carts per level.
  const warm = await checkouts(base, await prepareCarts(base, ready.sessionIds, 60), 4, 60);
  let succeeded = warm.completed;
  let estimate = Math.max(warm.completed / warm.elapsed, 5);
  // The ceiling's writes run a few times faster than the HTTP checkouts: enough carts for that.
  let ceilingEstimate = estimate * 10;
  let floorEstimate = estimate * 4;
  let raw = 0;
  for (const clients of LEVELS) {
    // The warm-up runs 4 clients: 8 run up to twice as fast, so four times its rate in carts.
    const want = Math.min(Math.max(Math.ceil(estimate * DURATION * 4), 4 * clients), 6000);
    const carts = await prepareCarts(base, ready.sessionIds, want);
    server.child.send({ type: "settle" });
    await server.next("settled");
    server.child.send({ type: "run-start" });
    const database = postgresCpuMs();
    const client = process.cpuUsage();
    const r = await checkouts(base, carts, clients, DURATION);
    const clientUsed = process.cpuUsage(client);
    const databaseMs = database === null ? null : (postgresCpuMs() ?? database) - database;
    server.child.send({ type: "run-stop" });
    const run = await server.next("run-stopped");
    succeeded += r.completed;
    const perSecond = r.completed / r.elapsed;
    estimate = Math.max(estimate, perSecond);
    const early = r.attempted === carts.length && r.elapsed < DURATION ? ", all prepared carts used" : "";
    const errors = [...r.failures].map(([k, v]) => `${k} x${v}`).join(", ") || "0";
    console.log(
      `${kind}, ${String(clients).padStart(2)} clients: ${perSecond.toFixed(1).padStart(6)} checkouts/s ` +
        `(${r.completed} in ${r.elapsed.toFixed(1)} s${early}), p99 ${r.p99.toFixed(0)} ms, errors ${errors}`,
    );
    // The raw-SQL ceiling at the same concurrency, right after (carts held by raw SQL, untimed).
    const count = Math.min(Math.max(Math.ceil(ceilingEstimate * CEILING_SECONDS * 1.5), 4 * clients), 8000);
    server.child.send({ type: "ceiling", clients, seconds: CEILING_SECONDS, count });
    const ceiling = await server.next("ceiling");
    raw += ceiling.done;
    ceilingEstimate = Math.max(ceilingEstimate, ceiling.perSecond);
    const ratio = perSecond / ceiling.perSecond;
    console.log(
      `  checkouts ${perSecond.toFixed(1)}/s, ceiling ${ceiling.perSecond.toFixed(1)}/s, ratio ${ratio.toFixed(2)} ` +
        `(goal >= ${GOAL}: ${ratio >= GOAL ? "OK" : "UNDER GOAL"}); ceiling ${ceiling.done} in ${ceiling.elapsed.toFixed(1)} s` +
        `${ceiling.exhausted ? ", all prepared carts used" : ""}, failed ${ceiling.failed}`,
    );
    // The HTTP floor at the same concurrency: the ceiling's SQL behind a bare node:http server,
    // called by this client as the shop's checkouts are. What HTTP alone leaves of the ceiling on
    // this machine, where the client, the server and PostgreSQL share its cores.
    const floorCount = Math.min(Math.max(Math.ceil(floorEstimate * DURATION * 1.5), 4 * clients), 8000);
    server.child.send({ type: "http-floor", count: floorCount });
    const floorRun = await server.next("http-floor");
    const floor = await checkouts(
      floorRun.url,
      floorRun.cartIds,
      clients,
      DURATION,
      (id) => `/checkout/${id}`,
    );
    raw += floor.completed;
    const floorPerSecond = floor.completed / floor.elapsed;
    floorEstimate = Math.max(floorEstimate, floorPerSecond);
    const floorErrors = [...floor.failures].map(([k, v]) => `${k} x${v}`).join(", ") || "0";
    console.log(
      `  HTTP floor (the ceiling's SQL behind bare node:http): ${floorPerSecond.toFixed(1)}/s, ` +
        `${(floorPerSecond / ceiling.perSecond).toFixed(2)}x the ceiling; checkouts ${(perSecond / floorPerSecond).toFixed(2)}x the floor` +
        `${floor.attempted === floorRun.cartIds.length && floor.elapsed < DURATION ? " (all prepared carts used)" : ""}, errors ${floorErrors}`,
    );
    // Where the gap is: the server process's CPU per checkout over HTTP beside the ceiling's SQL.
    const per = (ms, n) => (ms / Math.max(1, n)).toFixed(2);
    console.log(
      `  server CPU per checkout: ${per(run.cpuMs, r.completed)} ms over HTTP, ` +
        `${per(ceiling.cpuMs, ceiling.done)} ms for the ceiling's SQL`,
    );
    // The machine's other shares: PostgreSQL's (when it runs here) and this bench client's HTTP.
    if (kind === "postgres" && databaseMs !== null && ceiling.databaseCpuMs !== null) {
      console.log(
        `  PostgreSQL CPU per checkout: ${per(databaseMs, r.completed)} ms over HTTP, ` +
          `${per(ceiling.databaseCpuMs, ceiling.done)} ms for the ceiling's SQL; ` +
          `bench client ${per((clientUsed.user + clientUsed.system) / 1000, r.completed)} ms`,
      );
    }
    console.log(
      `  vs pretix ~500 orders/minute per event (${PRETIX_PER_SECOND.toFixed(1)}/s): ` +
        `${(perSecond / PRETIX_PER_SECOND).toFixed(1)}x`,
    );
  }
  server.child.send({ type: "check" });
  const c = await server.next("check");
  const verdict = (ok) => (ok ? "OK" : "MISMATCH");
  // The ceiling's raw checkouts wrote orders on the same sessions: they count with the HTTP ones.
  const all = succeeded + raw;
  console.log(
    `  check: ${succeeded} successful checkouts + ${raw} raw -> ${c.orders} orders (${verdict(c.orders === all)}), ` +
      `${c.bookedCarts} booked carts, ${c.payments} payments (${verdict(c.bookedCarts === all && c.payments === all)}), ` +
      `carts with two orders ${c.doubled} (${verdict(c.doubled === 0)}), ` +
      `booked tickets ${c.booked} of ${all * TICKETS_PER_CART} (${verdict(c.booked === all * TICKETS_PER_CART && c.orphans === 0)})`,
  );
  server.child.send({ type: "stop" });
  await new Promise((resolve) => server.child.once("exit", resolve));
}

console.log(
  `\n== Guest checkouts over HTTP, one ticket per cart, ${LEVELS.join(" and ")} clients, up to ${DURATION}s each ==`,
);
await onEachDatabase("foyer_bench_checkout", benchOne);
