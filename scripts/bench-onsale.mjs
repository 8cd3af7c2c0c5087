// The on-sale run (DESIGN §9): BENCH_ONSALE_SHOPPERS (10,000) simulated shoppers arrive within
// BENCH_ONSALE_ARRIVAL_SECONDS (60) at one on-sale, through the waiting room, and the bench reports
// 5xx answers, oversell, the p99 of the position answer (goal under 1 s), admission against the
// room's rate (goal within ±5 %) and whether shoppers were let in in the order of the line, each
// beside its goal. A copy of src/content gets a room on hm-general-admission (on sale
// BENCH_ONSALE_LEAD_SECONDS (20) after the server is ready, at BENCH_ONSALE_RATE shoppers a minute);
// the server (scripts/bench-onsale-server.ts) runs the admission pass every second, as the real one.
// Each shopper is a task, not a socket: it joins the line (POST waiting_room/{event}/line, keeping
// its visitor cookie), asks again as the line's page does (domain/waiting-room/poll.ts nextPollMs),
// and once let in (the foyer_wr cookie) reserves 1 or 2 tickets; half of those who hold pay as
// guests (test gateway). All over one keep-alive agent of BENCH_ONSALE_SOCKETS (128) sockets, so a
// latency includes the wait for a socket, as a browser's includes the server's queue.
// The session has BENCH_ONSALE_CAPACITY (5,000) places, fewer than the shoppers want: it sells out.
// PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped
// afterwards); PGlite (one process, one connection: a small venue's single server) runs with
// BENCH_ONSALE_PGLITE_SHOPPERS (1,000) at a fifth of the rate, or not at all with BENCH_ONSALE_PGLITE=off.
// Beside the position answer's p99: how many answers a second the server gave, and how many the
// crowd asked at its peak (those waiting then, at the page's pace), and the
// server's CPU time per request (BENCH_PROFILE=dir profiles it: scripts/bench-run-probe.ts).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { forkBenchServer, onEachDatabase } from "./bench-support.mjs";

const { nextPollMs } = await tsImport("../src/lib/domain/waiting-room/poll.ts", import.meta.url);
const { compareInLine } = await tsImport("../src/lib/domain/waiting-room/rules.ts", import.meta.url);

const SELLER = "harbour-museum";
const EVENT = "hm-general-admission";
const SHOPPERS = Number(process.env.BENCH_ONSALE_SHOPPERS ?? 10_000);
const PGLITE_SHOPPERS = Number(process.env.BENCH_ONSALE_PGLITE_SHOPPERS ?? 1_000);
const ARRIVAL_SECONDS = Number(process.env.BENCH_ONSALE_ARRIVAL_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_ONSALE_RATE ?? 3_000);
const LEAD_SECONDS = Number(process.env.BENCH_ONSALE_LEAD_SECONDS ?? 20);
const CAPACITY = Number(process.env.BENCH_ONSALE_CAPACITY ?? 5_000);
const SOCKETS = Number(process.env.BENCH_ONSALE_SOCKETS ?? 128);
const PAY_SHARE = 0.5;
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
// Every shopper is someone else: a guest e-mail of their own (never logged).
const guest = (i) => ({ first_name: "Bench", last_name: "Shopper", email: `onsale-${i}@example.com` });

/** A copy of src/content, where the server adds the room (scripts/bench-onsale-server.ts). */
function contentCopy() {
  const dir = mkdtempSync(join(tmpdir(), "foyer-bench-onsale-"));
  cpSync(new URL("../src/content", import.meta.url), dir, { recursive: true });
  return dir;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One HTTP call on the shared keep-alive agent; cookies in and out through `jar` (a Map). */
function call(agent, base, method, path, jar, body) {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { accept: "application/json" };
  if (payload !== undefined) headers["content-type"] = "application/json";
  if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return new Promise((resolve) => {
    const req = http.request(new URL(path, base), { method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        for (const line of res.headers["set-cookie"] ?? []) {
          const [pair] = line.split(";");
          const eq = pair.indexOf("=");
          jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        let json = {};
        try {
          json = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        } catch {
          json = {};
        }
        resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
      });
      res.on("error", () => resolve({ status: 0, json: {}, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, json: {}, ms: performance.now() - started }));
    req.end(payload);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

/** Runs the crowd against a ready server; answers the client's tallies. */
async function crowd(ready, shoppers, rate) {
  // Idle sockets are dropped after 4 s, before the server's 5 s keep-alive ends them: a request
  // sent on a socket the server is closing fails with a reset, which no shopper's browser would see.
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS, timeout: 4000 });
  const base = ready.url;
  const linePath = `/api/waiting_room/${EVENT}/line?_seller=${SELLER}`;
  const t = {
    lineMs: [],
    status: new Map(),
    fiveXx: 0,
    failed: 0,
    admitted: 0,
    held: 0,
    soldOut: 0,
    holdRefused: new Map(),
    paid: 0,
    payRefused: new Map(),
    unfinished: 0,
    lastLineAt: 0,
  };
  const tally = (kind, status) => {
    const key = `${kind} ${status}`;
    t.status.set(key, (t.status.get(key) ?? 0) + 1);
    if (status >= 500) t.fiveXx += 1;
    if (status === 0) t.failed += 1;
  };
  const start = Date.now();
  // Everyone admitted at the rate, plus the arrivals and a minute's slack.
  const deadline =
    Math.max(ready.onSaleAt, start) + (shoppers / rate) * 60_000 + ARRIVAL_SECONDS * 1000 + 60_000;
  const shopper = async (i) => {
    // Arrivals spread evenly over the window, each at a random moment of its slot.
    await sleep(((i + Math.random()) / shoppers) * ARRIVAL_SECONDS * 1000);
    const jar = new Map();
    let failures = 0;
    for (;;) {
      if (Date.now() > deadline) {
        t.unfinished += 1;
        return;
      }
      const r = await call(agent, base, "POST", linePath, jar);
      t.lineMs.push(r.ms);
      t.lastLineAt = Date.now();
      tally("line", r.status);
      const place = r.json.waiting_room_line?._data?.[0];
      if (r.status !== 200 || !place) {
        failures += 1;
        await sleep(nextPollMs({ phase: "failed", failures }, Date.now(), Math.random()));
        continue;
      }
      failures = 0;
      if (place.phase === "admitted") break;
      const state =
        place.phase === "before"
          ? { phase: "before", onSaleAt: Date.parse(place.on_sale_at) }
          : place.position === null
            ? { phase: "placing" }
            : { phase: "waiting", estimateSeconds: place.estimate_seconds ?? null };
      await sleep(nextPollMs(state, Date.now(), Math.random()));
    }
    t.admitted += 1;
    const quantity = Math.random() < 0.5 ? 1 : 2;
    const hold = await call(agent, base, "POST", `/api/my/cart/modify?_seller=${SELLER}`, jar, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: ready.sessionId, quantity }],
    });
    tally("reserve", hold.status);
    const cartId = hold.json.cart?._data?.[0]?.id;
    if (hold.status !== 200 || !cartId) {
      const code = hold.json._data?.[0]?._code ?? "";
      if (code === "session_capacity_exceeded" || code === "event_session_sold_out") t.soldOut += 1;
      else
        t.holdRefused.set(`${hold.status} ${code}`, (t.holdRefused.get(`${hold.status} ${code}`) ?? 0) + 1);
      return;
    }
    t.held += 1;
    if (Math.random() >= PAY_SHARE) return;
    const pay = await call(agent, base, "POST", `/api/cart/${cartId}/guest_checkout?_seller=${SELLER}`, jar, {
      gateway_id: "test",
      identity: guest(i),
      gateway_data: CARD,
    });
    tally("checkout", pay.status);
    if (pay.status === 200 && pay.json.checkout_result?._data?.[0]?.status === "completed") t.paid += 1;
    else {
      const key = `${pay.status} ${pay.json._data?.[0]?._code ?? ""}`;
      t.payRefused.set(key, (t.payRefused.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: shoppers }, (_, i) => shopper(i)));
  agent.destroy();
  return { ...t, started: start, seconds: (Date.now() - start) / 1000 };
}

/**
 * The admission figures from the line's rows: each pass lets a batch in at one instant. The rate is
 * measured from the on-sale to the last pass before the line ran dry (that pass let in only who was
 * left), and per full minute in that span.
 */
function admissionFigures(visitors, onSaleAt) {
  const passes = new Map();
  for (const v of visitors)
    if (v.admittedAt !== null) passes.set(v.admittedAt, (passes.get(v.admittedAt) ?? 0) + 1);
  const times = [...passes.keys()].sort((a, b) => a - b);
  const arrivals = visitors.map((v) => v.arrivedAt).sort((a, b) => a - b);
  let admitted = 0;
  let arrived = 0;
  let end = times.length - 1;
  for (let k = 0; k < times.length; k++) {
    admitted += passes.get(times[k]);
    while (arrived < arrivals.length && arrivals[arrived] <= times[k]) arrived += 1;
    if (admitted >= arrived) {
      // Nobody was left waiting after this pass: it let in fewer than the rate allowed.
      end = k;
      break;
    }
  }
  const last = times[Math.max(0, end - 1)];
  const inWindow = times.slice(0, Math.max(0, end)).reduce((n, time) => n + passes.get(time), 0);
  const minutes = (last - onSaleAt) / 60_000;
  const perMinute = [];
  for (let m = 0; onSaleAt + (m + 1) * 60_000 <= last; m++) {
    perMinute.push(
      visitors.filter(
        (v) =>
          v.admittedAt !== null &&
          v.admittedAt >= onSaleAt + m * 60_000 &&
          v.admittedAt < onSaleAt + (m + 1) * 60_000,
      ).length,
    );
  }
  // The most who waited at once, just before a pass (arrived and not yet let in).
  let peak = 0;
  let before = 0;
  let came = 0;
  for (const time of times) {
    while (came < arrivals.length && arrivals[came] <= time) came += 1;
    peak = Math.max(peak, came - before);
    before += passes.get(time);
  }
  return { passes: times.length, rate: minutes > 0 ? inWindow / minutes : 0, minutes, perMinute, peak };
}

/** Visitors in the line's order whose admission came before that of someone ahead of them. */
function outOfOrder(visitors, onSaleAt) {
  const line = visitors
    .map((v) => ({ ...v, arrivedAt: new Date(v.arrivedAt) }))
    .sort((a, b) => compareInLine(new Date(onSaleAt), a, b));
  let latest = Number.NEGATIVE_INFINITY;
  let wrong = 0;
  for (const v of line) {
    const at = v.admittedAt ?? Number.POSITIVE_INFINITY;
    if (at < latest) wrong += 1;
    latest = Math.max(latest, at);
  }
  return wrong;
}

const ok = (pass) => (pass ? "OK" : "MISSED");

/** Answers a second that `waiting` line pages ask, each at nextPollMs for its place's estimate. */
function pageDemand(waiting, rate) {
  let perSecond = 0;
  for (let place = 1; place <= waiting; place++) {
    const estimateSeconds = Math.ceil((place / rate) * 60);
    perSecond += 1000 / nextPollMs({ phase: "waiting", estimateSeconds }, 0, 0.5);
  }
  return perSecond;
}

async function benchOne(kind, env) {
  const shoppers = kind === "pglite" ? PGLITE_SHOPPERS : SHOPPERS;
  const rate = kind === "pglite" ? Math.round(RATE / 5) : RATE;
  const content = contentCopy();
  const server = forkBenchServer("./bench-onsale-server.ts", {
    ...env,
    CONTENT_DIR: content,
    BENCH_CAPACITY: String(CAPACITY),
    BENCH_ONSALE_RATE: String(rate),
    BENCH_ONSALE_LEAD_SECONDS: String(LEAD_SECONDS),
  });
  try {
    const ready = await server.next("ready");
    const early = Math.max(0, (ready.onSaleAt - Date.now()) / 1000);
    console.log(
      `${kind}: ${shoppers} shoppers over ${ARRIVAL_SECONDS} s, on sale ${early.toFixed(0)} s after the first arrival, ` +
        `room rate ${rate}/min, ${CAPACITY} places`,
    );
    server.child.send({ type: "run-start" });
    const t = await crowd(ready, shoppers, rate);
    server.child.send({ type: "run-stop" });
    const run = await server.next("run-stopped");
    server.child.send({ type: "check" });
    const c = await server.next("check");
    const lineMs = [...t.lineMs].sort((a, b) => a - b);
    const p99 = percentile(lineMs, 0.99);
    const taken = c.held + c.booked;
    const limit = c.capacity + c.oversell;
    const fine = c.used <= limit && taken <= limit && c.used === taken && c.groupUsedDelta === taken;
    const adm = admissionFigures(c.visitors, ready.onSaleAt);
    const off = adm.rate / rate - 1;
    const wrong = outOfOrder(c.visitors, ready.onSaleAt);
    const earlyCount = c.visitors.filter((v) => v.arrivedAt < ready.onSaleAt).length;
    const admittedRows = c.visitors.filter((v) => v.admittedAt !== null).length;
    console.log(
      `  answers: ${[...t.status].map(([k, v]) => `${k} x${v}`).join(", ")}; ${t.fiveXx} 5xx (goal 0: ${ok(t.fiveXx === 0)}), ` +
        `${t.failed} failed connections, ${t.unfinished} shoppers still waiting at the end, ${t.seconds.toFixed(0)} s`,
    );
    console.log(
      `  position answer: ${lineMs.length} answers, p50 ${percentile(lineMs, 0.5).toFixed(0)} ms, ` +
        `p99 ${p99.toFixed(0)} ms (goal < 1000 ms: ${ok(p99 < 1000)}), max ${(lineMs.at(-1) ?? 0).toFixed(0)} ms`,
    );
    const answered = lineMs.length / Math.max(1, (t.lastLineAt - t.started) / 1000);
    const requests = [...t.status.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  position answers served ${answered.toFixed(0)}/s on average; at the peak ${adm.peak} waited, asking about ` +
        `${pageDemand(adm.peak, rate).toFixed(0)}/s at the page's pace (nextPollMs); ` +
        `server CPU ${(run.cpuMs / Math.max(1, requests)).toFixed(2)} ms per request (${(run.cpuMs / 1000 / t.seconds).toFixed(2)} of a core)`,
    );
    console.log(
      `  admission: ${adm.rate.toFixed(0)}/min over ${adm.minutes.toFixed(1)} min (${adm.passes} passes) vs the room's ${rate}/min: ` +
        `${(off * 100).toFixed(1)} % (goal within ±5 %: ${ok(Math.abs(off) <= 0.05)}); per full minute ${adm.perMinute.join(", ") || "-"}`,
    );
    console.log(
      `  order of the line: ${admittedRows} of ${c.visitors.length} let in (${earlyCount} came before the on-sale), ` +
        `${wrong} let in ahead of someone before them (goal 0: ${ok(wrong === 0)})`,
    );
    const refused = [...t.holdRefused, ...t.payRefused].map(([k, v]) => `${k} x${v}`).join(", ") || "none";
    console.log(
      `  sale: ${t.admitted} let in, ${t.held} held, ${t.soldOut} found it sold out, ${t.paid} paid (other refusals: ${refused})`,
    );
    console.log(
      `  oversell: capacity ${c.capacity} (+${c.oversell}), used ${c.used}, tickets held ${c.held} + booked ${c.booked} = ${taken}, ` +
        `group used +${c.groupUsedDelta}, ${c.orders} orders: ${fine ? "0 oversold, counters consistent" : "OVERSOLD OR INCONSISTENT"}`,
    );
  } finally {
    server.child.send({ type: "stop" });
    await new Promise((resolve) => server.child.once("exit", resolve));
    rmSync(content, { recursive: true, force: true });
  }
}

console.log(`\n== On-sale through the waiting room ==`);
await onEachDatabase("foyer_bench_onsale", async (kind, env) => {
  if (kind === "pglite" && process.env.BENCH_ONSALE_PGLITE === "off") {
    console.log("pglite: skipped (BENCH_ONSALE_PGLITE=off)");
    return;
  }
  await benchOne(kind, env);
});
