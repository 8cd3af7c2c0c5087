/**
 * Visual regression helpers ("Visual regression tests take Playwright screenshots of the
 * gallery and key pages in Debian's Chromium"). A page is shot at fixed viewports once its islands
 * have hydrated, its self-hosted fonts and its images have loaded, and animations are off; volatile
 * parts (timers, order numbers) are masked by the caller.
 *
 * The baselines live next to the specs (`*.spec.ts-snapshots/`). After a reviewed change of look:
 *   npm run build && E2E_PORT=<port> npx playwright test tests/e2e/stories.spec.ts \
 *     tests/e2e/visual.spec.ts --project desktop --update-snapshots
 */
import type { Page, PageAssertionsToHaveScreenshotOptions } from "@playwright/test";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT: PageAssertionsToHaveScreenshotOptions = {
  fullPage: true,
  animations: "disabled",
  caret: "hide",
  maxDiffPixelRatio: 0.01,
  // A full-page shot of a long page on a busy machine takes longer than expect's default 5 s.
  timeout: 20_000,
};

/**
 * Every Astro island on the page has hydrated (Astro drops the `ssr` attribute when it has), but for
 * a cart widget asleep with no cart (`client:cart`): it stays as served until a cart is stored.
 */
export async function waitForHydrate(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll("astro-island[ssr]:not([data-cart-asleep])").length === 0,
  );
}

/** Fonts loaded, lazy images loaded and decoded, layout settled: the page is ready to be shot. */
export async function settleForScreenshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = "eager";
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? img.decode().catch(() => undefined) : img.decode().catch(() => undefined),
      ),
    );
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
