/**
 * Right to left: Sidra Science Centre speaks Arabic by default (`<html lang="ar-KW" dir="rtl">`,
 * English under /en). The layout mirrors through CSS logical properties (the logo at the right, the
 * cart aside on the left), the calendar's left and right arrow keys move the way the mirrored week
 * is drawn (WAI-ARIA grid: in RTL ArrowLeft is the next day), the seat map, a plan of the hall,
 * does not mirror, and axe finds nothing serious. The Arabic event page's look is rtl-visual.spec.ts.
 */

import { expect, type Locator, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { waitForReserveIsland } from "./helpers/reserve.ts";
import { VIEWPORTS, waitForHydrate } from "./helpers/visual.ts";

const SELLER = "sidra-science";
const ENTRY = `/${SELLER}/events/ss-entry`;
const SHOW_MORE_DATES = "عرض المزيد من التواريخ";

// A visitor whose browser asks for Arabic: the default language, no redirect to /en.
test.use({ locale: "ar-KW" });

/** The next day of a YYYY-MM-DD date. */
const nextDay = (date: string, days = 1) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("No box: the element is not shown");
  return b;
}

/** The event page's calendar, opened: focus is on its first open day. */
async function openCalendar(page: Page, path: string, showMore: string): Promise<Locator> {
  await page.goto(path);
  const reserve = await waitForReserveIsland(page);
  await reserve.getByRole("button", { name: showMore }).click();
  const focused = reserve.locator(".calendar-day:focus");
  await expect(focused).toHaveCount(1);
  return reserve;
}

const focusedDate = (reserve: Locator) => reserve.locator(".calendar-day:focus").getAttribute("data-date");

test("the Arabic pages are right to left, the English ones left to right", async ({ page }) => {
  for (const path of ["", "/events", "/events/ss-entry", "/login", "/membership"]) {
    const res = await page.goto(`/${SELLER}${path}`);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator("html"), path).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html"), path).toHaveAttribute("lang", /^ar/);
  }
  await page.goto(`/${SELLER}/en/events/ss-entry`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("the layout mirrors: the logo at the right, the cart aside on the left, the back arrow pointing right", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(ENTRY);
  await waitForHydrate(page);
  const logo = await box(page.locator(".site-logo"));
  const nav = await box(page.locator(".site-nav"));
  expect(logo.x + logo.width).toBeGreaterThan(VIEWPORTS.desktop.width - 120);
  expect(logo.x).toBeGreaterThan(nav.x + nav.width);
  const aside = await box(page.locator(".cart-aside"));
  const heading = await box(page.getByRole("heading", { level: 1 }));
  expect(aside.x + aside.width).toBeLessThan(heading.x + heading.width);
  expect(aside.x).toBeLessThan(VIEWPORTS.desktop.width / 2 - aside.width / 2);
  // The headline starts at the right edge of its column: text-align start.
  const column = await box(page.locator(".event-detail__back"));
  expect(Math.abs(heading.x + heading.width - (column.x + column.width))).toBeLessThan(2);
  // "Back to events" goes towards the start of the line, which is the right.
  const arrow = await page
    .locator(".event-detail__back a")
    .evaluate((a) => getComputedStyle(a, "::before").content);
  expect(arrow).toContain("→");

  // The same page in English keeps its left-to-right layout.
  await page.goto(`/${SELLER}/en/events/ss-entry`);
  await waitForHydrate(page);
  const enLogo = await box(page.locator(".site-logo"));
  expect(enLogo.x).toBeLessThan(120);
  const enAside = await box(page.locator(".cart-aside"));
  expect(enAside.x).toBeGreaterThan(VIEWPORTS.desktop.width / 2);
});

test("card number, expiry, security code and e-mail fields stay left to right on an Arabic checkout", async ({
  page,
}) => {
  await page.goto(ENTRY);
  const reserve = await waitForReserveIsland(page);
  await reserve.locator(".date-button:not([disabled])").first().click();
  await reserve.locator('input[type="radio"]:not([disabled])').first().check();
  await reserve.locator(".stepper").first().locator(".stepper__button").last().click();
  await reserve.getByRole("button", { name: "أضِف إلى السلة" }).click();
  await page.getByRole("complementary").getByRole("link", { name: /الدفع/ }).click();
  await expect(page.locator('.checkout[data-hydrated="true"]')).toBeVisible();
  for (const selector of [
    "input[autocomplete='cc-number']",
    "input[autocomplete='cc-exp']",
    "input[autocomplete='cc-csc']",
    "input[type='email']",
  ]) {
    const direction = await page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).direction);
    expect(direction, selector).toBe("ltr");
  }
  // The name fields are Arabic text: they follow the page.
  const first = await page
    .locator("input[autocomplete='given-name']")
    .evaluate((el) => getComputedStyle(el).direction);
  expect(first).toBe("rtl");
  await expectNoSeriousAxe(page);
});

test("calendar: in RTL ArrowLeft goes to the next day and ArrowRight to the day before", async ({ page }) => {
  const reserve = await openCalendar(page, ENTRY, SHOW_MORE_DATES);
  const start = (await focusedDate(reserve)) ?? "";
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The next day is drawn to the left of this one (unless it starts a new week row).
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => focusedDate(reserve)).toBe(nextDay(start));
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => focusedDate(reserve)).toBe(nextDay(start, 2));
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => focusedDate(reserve)).toBe(nextDay(start));
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedDate(reserve)).toBe(nextDay(start, 8));
  // What the keys do matches what the eye sees: the day ArrowLeft reached is left of the one before.
  const here = await box(reserve.locator(".calendar-day:focus"));
  await page.keyboard.press("ArrowLeft");
  const there = await box(reserve.locator(".calendar-day:focus"));
  if (there.y === here.y) expect(there.x).toBeLessThan(here.x);
  await expectNoSeriousAxe(page);
});

test("calendar: on an English (LTR) page ArrowRight still goes to the next day", async ({ page }) => {
  const reserve = await openCalendar(page, "/harbour-museum/events/hm-general-admission", "Show more dates");
  const start = (await focusedDate(reserve)) ?? "";
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => focusedDate(reserve)).toBe(nextDay(start));
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => focusedDate(reserve)).toBe(start);
});

test("the seat map is a plan of the hall: it does not mirror on a right-to-left page", async ({ page }) => {
  // No Arabic shop sells seats yet: the concert's page, turned right to left once it has hydrated.
  await page.goto("/harbour-museum/events/hm-evening-concert");
  const reserve = await waitForReserveIsland(page);
  await page.evaluate(() => {
    document.documentElement.dir = "rtl";
  });
  await reserve.locator(".date-button:not([disabled])").nth(2).click();
  await reserve.locator('input[type="radio"]:not([disabled])').first().check();
  await reserve.getByRole("button", { name: "Add one Stalls seat" }).click();
  await reserve.getByRole("button", { name: "Find Seats" }).click();
  const selector = page.getByRole("dialog", { name: "Select your seats" });
  const map = selector.getByRole("group", { name: "Seat map" });
  await expect(map).toBeVisible();
  expect(await map.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  // The surrounding dialog mirrors: its heading is at the right, the close button at the left.
  const title = await box(selector.getByRole("heading", { name: "Select your seats" }));
  const close = await box(selector.getByRole("button", { name: "Close" }).first());
  expect(close.x).toBeLessThan(title.x);
  // Seat 1 of a row stays at the left as in the hall, and ArrowRight moves to the seat on the right.
  const one = selector.getByRole("button", { name: /^Seat D1, Stalls/ });
  const two = selector.getByRole("button", { name: /^Seat D2, Stalls/ });
  expect((await box(one)).x).toBeLessThan((await box(two)).x);
  const from = await box(selector.getByRole("button", { name: /^Seat D7, Stalls/ }));
  await selector.getByRole("button", { name: /^Seat D7, Stalls/ }).focus();
  await page.keyboard.press("ArrowRight");
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.getBoundingClientRect().x : Number.NaN;
  });
  expect(focused).toBeGreaterThan(from.x);
});

test("axe: the Arabic home, listing, login and membership pages", async ({ page }) => {
  for (const path of ["", "/events", "/login", "/membership"]) {
    await page.goto(`/${SELLER}${path}`);
    await waitForHydrate(page);
    await expectNoSeriousAxe(page);
  }
});
