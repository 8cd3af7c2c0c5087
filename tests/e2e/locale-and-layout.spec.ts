/**
 * Shopping both tenants in a real browser: dates and times in the tenant's locale (the UK
 * zoo is en-GB), one fixed bar at the bottom of a phone that keeps clear of the content, the parts
 * of donation, gift card and membership pages, the marked category chip, and a stale 'Added to your
 * cart.' after the cart is gone.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type CartAnswer, cartWidget, seedCart } from "./helpers/cart.ts";
import { pickFirstDate, waitForReserveIsland } from "./helpers/reserve.ts";

const ZOO = "riverside-zoo";
const HM = "/harbour-museum";

const WEEKDAY = "(Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
/** en-GB 'Sat, 28 Nov 2026' and a 24-hour '09:30'. */
const GB_DATE = new RegExp(`^${WEEKDAY}, \\d{1,2} ${MONTH} \\d{4}$`);
const GB_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** en-US (spec 1 §9) 'Sat, Nov 28, 2026' and 'h:mm A'. */
const US_DATE = new RegExp(`^${WEEKDAY}, ${MONTH} \\d{1,2}, \\d{4}$`);
const US_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** A zoo cart with `quantity` adult day admissions on the first open session, made through the API. */
async function zooCart(request: APIRequestContext, quantity: number): Promise<CartAnswer> {
  const sessions = await request.get(
    `/api/events/rz-day-admission/sessions?_seller=${ZOO}&_limit=1&sold_out=false&_sort=start_datetime`,
  );
  expect(sessions.ok()).toBe(true);
  const session = ((await sessions.json()) as { event_session: { _data: Array<{ id: string }> } })
    .event_session._data[0]?.id;
  expect(session, "an open zoo session").toBeTruthy();
  const res = await request.post(`/api/my/cart/modify?_seller=${ZOO}`, {
    data: { add: [{ ticket_type_id: "rz-day-adult", event_session_id: session, quantity }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CartAnswer;
}

/** Hands the zoo cart to the page the way the store keeps it; answers its id. */
async function seedZooCart(page: Page, answer: CartAnswer): Promise<string> {
  const id = answer.cart._data[0]?.id;
  if (!id) throw new Error("No cart in the answer");
  await seedCart(page, answer, ZOO);
  return id;
}

test.describe("'Dates and times follow the tenant's locale, which is part of tenant config'", () => {
  // Bug: the UK zoo showed 'Sat, Nov 28, 2026' and '10:00 AM'.
  test("the UK zoo writes en-GB dates and a 24-hour clock on the reserve screen and in the cart", async ({
    page,
    request,
  }) => {
    await seedZooCart(page, await zooCart(request, 1));
    await page.goto(`/${ZOO}/events/rz-day-admission`);
    const reserve = await waitForReserveIsland(page);
    const dates = reserve.locator(".date-button__date");
    await expect(dates.first()).toHaveText(GB_DATE);
    await pickFirstDate(reserve);
    const times = reserve.locator(".session-option__time");
    await expect(times.first()).toBeVisible();
    for (const text of await times.allTextContents()) expect(text).toMatch(GB_TIME);
    const widget = await cartWidget(page);
    await expect(widget.locator(".cart-item__when").first()).toHaveText(
      new RegExp(`^${WEEKDAY}, \\d{1,2} ${MONTH} \\d{4} at ([01]\\d|2[0-3]):[0-5]\\d$`),
    );
  });

  test("the museum (en-US) keeps spec 1 §9's 'ddd, MMM D, YYYY' and 'h:mm A'", async ({ page }) => {
    await page.goto(`${HM}/events/hm-general-admission`);
    const reserve = await waitForReserveIsland(page);
    await expect(reserve.locator(".date-button__date").first()).toHaveText(US_DATE);
    await pickFirstDate(reserve);
    const times = reserve.locator(".session-option__time");
    await expect(times.first()).toBeVisible();
    for (const text of await times.allTextContents()) expect(text).toMatch(US_TIME);
  });
});

test.describe("phone layout: 'Combine the bars, and keep content clear of them'", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Bug: the 'Time left' strip covered the last ticket stepper on detail pages.
  test("on a detail page the last ticket stepper is not covered by the fixed bar", async ({
    page,
    request,
  }) => {
    await seedZooCart(page, await zooCart(request, 1));
    await page.goto(`/${ZOO}/events/rz-day-admission`);
    const reserve = await waitForReserveIsland(page);
    await pickFirstDate(reserve);
    await reserve.locator('input[type="radio"]:not([disabled])').first().check();
    const strip = page.locator(".cart-timer-strip");
    const footer = page.locator(".reserve-footer");
    await expect(strip.getByRole("timer")).toBeVisible();
    const steppers = reserve.locator(".stepper");
    await expect(steppers.last()).toBeVisible();
    const stripBox = await strip.boundingBox();
    const footerBox = await footer.boundingBox();
    if (!stripBox || !footerBox) throw new Error("no fixed bar");
    // One bar: the timer band sits right on the footer.
    expect(Math.abs(stripBox.y + stripBox.height - footerBox.y)).toBeLessThanOrEqual(1);
    // Scrolled into view (as focus and find-in-page do), the last stepper stops above the bar, not
    // behind it (the page's scroll-padding-bottom).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await steppers.last().evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
    const focused = await steppers.last().boundingBox();
    expect(focused).not.toBeNull();
    expect((focused?.y ?? 0) + (focused?.height ?? 0)).toBeLessThanOrEqual(stripBox.y);
    // At the end of the page the content ends above the bar (padding-bottom of its height).
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    const last = await steppers.last().boundingBox();
    expect(last).not.toBeNull();
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(stripBox.y);
  });

  // Bug: two stacked fixed bars took about 150 of 844 px on checkout.
  test("checkout has one bar at the bottom: cart button, 'Total to pay' and pay, with the timer on it", async ({
    page,
    request,
  }) => {
    const cartId = await seedZooCart(page, await zooCart(request, 2));
    await page.goto(`/${ZOO}/checkout/${cartId}`);
    await page.locator('.checkout[data-hydrated="true"]').waitFor();
    await cartWidget(page);
    const footer = page.locator(".checkout-footer");
    await expect(footer.getByRole("button", { name: "Cart 2 tickets" })).toBeVisible();
    await expect(footer.getByText("Total to pay")).toBeVisible();
    await expect(page.locator(".cart-footer")).toHaveCount(0);
    await expect(page.getByRole("timer", { name: "Time left to check out" }).last()).toBeVisible();
    const fixedBars = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => {
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          return (
            style.position === "fixed" && style.display !== "none" && box.height > 0 && box.bottom >= 600
          );
        })
        .map((el) => el.getBoundingClientRect())
        .map((box) => ({ top: box.top, bottom: box.bottom })),
    );
    // The footer and the timer band on top of it: together one bar, well under 150 px.
    const top = Math.min(...fixedBars.map((b) => b.top));
    expect(844 - top).toBeLessThanOrEqual(120);
    const pay = page.locator("form .checkout-pay").first();
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    const payBox = await pay.boundingBox();
    if (!payBox) throw new Error("no pay button");
    expect(payBox.y + payBox.height).toBeLessThanOrEqual(top);
  });
});

test.describe("'Wrong parts on some event pages' (spec 1 §2 event detail variants)", () => {
  // Bug: donation, gift card and membership pages showed 'Get tickets', the venue and the cloakroom notice.
  for (const [name, id, island] of [
    ["donation", "hm-donation", true],
    ["gift card", "hm-gift-card", true],
    ["membership", "hm-membership", false],
  ] as const) {
    test(`the ${name} page has no 'Get tickets' heading, no venue and no cloakroom notice`, async ({
      page,
    }) => {
      await page.goto(`${HM}/events/${id}`);
      if (island) await waitForReserveIsland(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Get tickets" })).toHaveCount(0);
      await expect(page.getByText(/^Venue:/)).toHaveCount(0);
      await expect(page.getByText(/cloakroom/)).toHaveCount(0);
    });
  }

  test("a visit (general admission) keeps the heading, the venue and the notice", async ({ page }) => {
    await page.goto(`${HM}/events/hm-general-admission`);
    await waitForReserveIsland(page);
    await expect(page.getByRole("heading", { name: "Get tickets" })).toBeVisible();
    await expect(page.getByText(/^Venue:/)).toBeVisible();
    await expect(page.getByText(/cloakroom/)).toBeVisible();
  });
});

test.describe("controls look as they act", () => {
  // Bug: the selected category chip looked like the others.
  test("the selected category chip is marked (aria-current) and looks selected", async ({ page }) => {
    await page.goto(`${HM}/events?category=Exhibitions`);
    const nav = page.getByRole("navigation", { name: "Categories" });
    const chosen = nav.getByRole("link", { name: "Exhibitions" });
    const other = nav.getByRole("link", { name: "All" });
    await expect(chosen).toHaveAttribute("aria-current", "page");
    await expect(other).not.toHaveAttribute("aria-current", /.+/);
    const background = (link: typeof chosen) => link.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(chosen)).not.toBe(await background(other));
    // Not by colour alone: the chosen chip is underlined as well.
    const underline = (link: typeof chosen) => link.evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(await underline(chosen)).toContain("underline");
    expect(await underline(other)).not.toContain("underline");
  });

  // Bug: a stale 'Added to your cart.' stayed after the cart expired.
  test("'Added to your cart.' goes once the cart has expired", async ({ page }) => {
    await page.goto(`${HM}/events/hm-donation?price=25`);
    const reserve = await waitForReserveIsland(page);
    await reserve.getByRole("button", { name: "Add to cart" }).click();
    const added = reserve.getByRole("status").filter({ hasText: "Added to your cart." });
    await expect(added).toBeVisible();
    // The page clock runs past the 15-minute hold: the timer expires the cart and the store clears it.
    await page.clock.fastForward("16:00");
    const expired = page.getByRole("dialog", { name: "Your cart has expired" });
    await expect(expired).toBeVisible({ timeout: 15_000 });
    await expect(reserve.getByText("Added to your cart.")).toHaveCount(0);
  });
});
