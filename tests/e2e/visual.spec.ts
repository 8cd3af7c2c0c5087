/**
 * Visual regression of the key storefront pages: each tenant's home, listing and an
 * event page, and checkout with an item, on a desktop and a phone viewport, against the committed
 * baselines in visual.spec.ts-snapshots/. The server and the browser run on the suite's fixed clock
 * (FOYER_NOW), so the dates are the same on every run; what still moves (the cart timer, the
 * session a parallel test left room on, remaining-capacity notes) is masked.
 * Regenerate after a reviewed change of look: see tests/e2e/helpers/visual.ts. The pages show the
 * dates of their instant, so playwright.config.ts runs this file only at the suite's default one.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { admissionCart, cartWidget, SELLER, seedCart } from "./helpers/cart.ts";
import {
  SCREENSHOT,
  settleForScreenshot,
  VIEWPORTS,
  type ViewportName,
  waitForHydrate,
} from "./helpers/visual.ts";

test.describe.configure({ timeout: 60_000 });

const PAGES: Array<[string, string]> = [
  ["harbour-home", "/harbour-museum"],
  ["harbour-listing", "/harbour-museum/events"],
  ["harbour-event", "/harbour-museum/events/hm-general-admission"],
  ["zoo-home", "/riverside-zoo"],
  ["zoo-listing", "/riverside-zoo/events"],
  ["zoo-event", "/riverside-zoo/events/rz-day-admission"],
];

/** Parts that differ from run to run whatever the clock: timers, and what parallel tests change. */
const volatile = (page: Page) => [
  page.locator(".cart-timer"),
  page.locator("[role=timer]"),
  page.locator(".cart-item__when"),
  page.locator(".session-option__remaining"),
];

async function shoot(page: Page, name: string, viewport: ViewportName) {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await settleForScreenshot(page);
  await expect(page).toHaveScreenshot(`${name}-${viewport}.png`, { ...SCREENSHOT, mask: volatile(page) });
}

for (const [name, path] of PAGES) {
  test(`visual: ${name}`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await waitForHydrate(page);
    // An event page's reserve island reads its dates after mounting: shoot it once they are shown.
    if (name.endsWith("-event"))
      await expect(page.getByRole("button", { name: "Show more dates" })).toBeVisible();
    await shoot(page, name, "desktop");
    await shoot(page, name, "phone");
  });
}

test("visual: checkout with an item", async ({ page, request }) => {
  const cart = await admissionCart(request, 2);
  await seedCart(page, cart);
  const cartId = cart.cart._data[0]?.id ?? "";
  const res = await page.goto(`/${SELLER}/checkout/${encodeURIComponent(cartId)}`);
  expect(res?.status()).toBe(200);
  await cartWidget(page);
  await expect(page.locator('.checkout[data-hydrated="true"]')).toBeVisible();
  await waitForHydrate(page);
  await shoot(page, "harbour-checkout", "desktop");
  await shoot(page, "harbour-checkout", "phone");
});
