/**
 * "Faster pages": a page's first Intl formatter loads ICU's data, which blocked the event
 * page's main thread inside the reserve island's first render. Base.astro starts a worker that
 * loads it first (inline-scripts.ts, INTL_WARMUP_SCRIPT); the CSP guard of every test proves the
 * inline script and the worker run under the page's policy.
 */
import { expect, test } from "./fixtures.ts";

test("the event page starts the Intl warm-up worker before its islands format dates and money", async ({
  page,
}) => {
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto("/harbour-museum/events/hm-general-admission");
  await expect.poll(() => workers).toContain("/intl-warmup.js");
  // The warm-up changes no text: the day buttons still write the tenant's dates and prices
  // (en-US, spec 1 §9 'ddd, MMM D, YYYY'), which the islands' formatters produce.
  await expect(page.locator(".date-button__date").first()).toHaveText(
    /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  );
  await expect(page.locator(".date-button__price").first()).toContainText("$");
});

test("the warm-up script is the page's first script, so it runs before any island loads", async ({
  page,
}) => {
  await page.goto("/riverside-zoo/events");
  const firstScript = await page.locator("script").first().textContent();
  expect(firstScript).toContain('new Worker("/intl-warmup.js"');
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
});
