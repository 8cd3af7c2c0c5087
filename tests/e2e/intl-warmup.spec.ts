/**
 * Issue 17, "Faster pages": a page's first Intl formatter loads ICU's data, which blocked the event
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
  // The warm-up changes no text: the calendar still writes the tenant's dates.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the warm-up script is the page's first script, so it runs before any island loads", async ({
  page,
}) => {
  await page.goto("/riverside-zoo/events");
  const firstScript = await page.locator("script").first().textContent();
  expect(firstScript).toContain('new Worker("/intl-warmup.js"');
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
});
