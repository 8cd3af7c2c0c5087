// Lighthouse performance scores (DESIGN §9: "Lighthouse performance 95 or more, mobile preset, on
// the listing, event detail and checkout pages, with Debian's Chromium"; the bench now asks 98, on
// the membership form and my account too, and the event detail's LCP at 2.0 s or less). Lighthouse's default
// config is the mobile preset (Moto G Power screen, 4x CPU slowdown, slow 4G) with simulated
// throttling, which models the network from one real load and needs no internet. Chromium
// (CHROME_PATH, default /usr/bin/chromium) runs headless with the DESIGN §8a flags, which keep it
// from trying to reach the internet. When a score is under budget, the metrics that cost the most
// points are printed with their values.
// Used by scripts/bench.mjs; alone: `node scripts/bench-lighthouse.mjs <base url> <path>...`.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export const LIGHTHOUSE_BUDGET = 98;
/** "Event detail LCP <= 2.0 s under Lighthouse's mobile preset". */
export const DETAIL_LCP_BUDGET_MS = 2000;
// The median of three runs: on two cores the server and the browser share, one run's TBT moves by
// 100 ms and more from one run to the next.
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Points each weighted audit of the category lost, largest first. */
function losses(lhr) {
  const category = lhr.categories.performance;
  const total = category.auditRefs.reduce((n, ref) => n + ref.weight, 0);
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      return {
        id: ref.id,
        value: audit?.displayValue ?? "",
        score: audit?.score ?? 0,
        lost: (ref.weight * (1 - (audit?.score ?? 0)) * 100) / total,
      };
    })
    .filter((x) => x.lost > 0)
    .sort((a, b) => b.lost - a.lost);
}

/** Insight audits that estimate savings, largest LCP/FCP saving first. */
function insights(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.metricSavings && a.score !== null && a.score < 1)
    .map((a) => ({
      id: a.id,
      value: a.displayValue ?? "",
      lcp: a.metricSavings.LCP ?? 0,
      fcp: a.metricSavings.FCP ?? 0,
      tbt: a.metricSavings.TBT ?? 0,
      cls: a.metricSavings.CLS ?? 0,
    }))
    .filter((a) => a.lcp + a.fcp + a.tbt + a.cls > 0)
    .sort((a, b) => b.lcp + b.fcp + b.tbt - (a.lcp + a.fcp + a.tbt));
}

/**
 * One Lighthouse run of a page, in a Chromium of its own, as the Lighthouse CLI runs it. Runs in one
 * long-lived Chromium are not the same measure: on this machine the first run of a shared browser
 * scored like a fresh one (checkout 99, TBT 90-110 ms) and every later run scored lower (checkout
 * 88-94, TBT 270-470 ms), with the main thread's script time and GC growing from run to run; fresh
 * browsers, five runs each: 95-100. A run whose trace Chromium failed to record (NO_NAVSTART and
 * the like: Lighthouse says to run it again) is run again, twice at most.
 */
async function measure(url, headers) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
    });
    let result;
    try {
      result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ["performance"],
        output: "json",
        logLevel: "error",
        ...(headers ? { extraHeaders: headers } : {}),
      });
    } finally {
      chrome.kill();
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
}

/**
 * Runs Lighthouse (performance only, mobile preset) on each [name, path, headers?] and prints the
 * scores. `headers` go with every request of that page (a logged-in page gets its session cookie).
 */
export async function runLighthouse(base, pages) {
  const results = [];
  const benchmarkIndexes = [];
  for (const [name, path, headers] of pages) {
    const runs = [];
    // One load first, not counted: a server just started renders the page and its images (the
    // image endpoint encodes each size once) for the first time, on the cores the browser uses.
    await measure(base + path, headers);
    for (let i = 0; i < RUNS; i++) runs.push(await measure(base + path, headers));
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? "?";
    console.log(
      `${name.padEnd(10)} ${String(score).padStart(3)}  budget >= ${LIGHTHOUSE_BUDGET}  ${score >= LIGHTHOUSE_BUDGET ? "OK" : "UNDER BUDGET"}` +
        `  (FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
        `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")})`,
    );
    if (score < LIGHTHOUSE_BUDGET) {
      for (const x of losses(lhr).slice(0, 3))
        console.log(`  -${x.lost.toFixed(1)} points: ${x.id} ${x.value} (audit score ${x.score.toFixed(2)})`);
      for (const x of insights(lhr).slice(0, 3))
        console.log(
          `  insight ${x.id}: ${x.value} est. savings LCP ${x.lcp} ms, FCP ${x.fcp} ms, TBT ${x.tbt} ms, CLS ${x.cls}`,
        );
    }
    const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
    // The 4x CPU slowdown is applied to this machine's own speed, so the same page scores lower on
    // a slower host: checkout scored 90-97 on a host that ran the test suite in 1,033 s, and 100 on
    // one that ran it in 615 s. So the host's Lighthouse benchmark index is printed with the scores.
    benchmarkIndexes.push(lhr.environment?.benchmarkIndex ?? Number.NaN);
    if (name === "detail") {
      console.log(
        `  detail LCP ${(lcpMs / 1000).toFixed(2)} s  budget <= ${DETAIL_LCP_BUDGET_MS / 1000} s  ${lcpMs <= DETAIL_LCP_BUDGET_MS ? "OK" : "OVER BUDGET"}`,
      );
    }
    results.push({ name, score, lcpMs });
  }
  const indexes = benchmarkIndexes.filter(Number.isFinite).sort((a, b) => a - b);
  if (indexes.length)
    console.log(
      `host CPU: Lighthouse benchmark index ${Math.round(indexes[0])}-${Math.round(indexes.at(-1))} ` +
        "(the scores above depend on it: a slower host, lower index, blocks longer under the same 4x slowdown)",
    );
  return results;
}

if (import.meta.url === new URL(process.argv[1] ?? "", "file://").href) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) {
    console.error("usage: node scripts/bench-lighthouse.mjs <base url> <path>...");
    process.exit(1);
  }
  await runLighthouse(
    base.replace(/\/$/, ""),
    paths.map((p) => [p, p]),
  );
}
