/**
 * The Arabic event page keeps its look, at desktop and phone widths (baselines in
 * rtl-visual.spec.ts-snapshots/, regenerated as tests/e2e/helpers/visual.ts says). The page shows
 * the dates of its instant: like visual.spec.ts, playwright.config.ts runs it only at the suite's
 * default instant.
 */
import { expect, test } from "./fixtures.ts";
import { SCREENSHOT, settleForScreenshot, VIEWPORTS, waitForHydrate } from "./helpers/visual.ts";

const ENTRY = "/sidra-science/events/ss-entry";
const SHOW_MORE_DATES = "عرض المزيد من التواريخ";

// An Arabic browser: the shop's default language (an English one goes to /en).
test.use({ locale: "ar-KW" });

test("visual: the Arabic event page at desktop and phone widths", async ({ page }) => {
  test.setTimeout(60_000);
  const res = await page.goto(ENTRY);
  expect(res?.status()).toBe(200);
  await waitForHydrate(page);
  await expect(page.getByRole("button", { name: SHOW_MORE_DATES })).toBeVisible();
  const volatile = [
    page.locator(".cart-timer"),
    page.locator("[role=timer]"),
    page.locator(".cart-item__when"),
    page.locator(".session-option__remaining"),
  ];
  for (const viewport of ["desktop", "phone"] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await settleForScreenshot(page);
    await expect(page).toHaveScreenshot(`ar-event-${viewport}.png`, { ...SCREENSHOT, mask: volatile });
  }
});
