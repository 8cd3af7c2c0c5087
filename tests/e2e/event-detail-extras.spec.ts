/**
 * Spec 1 §2: the event page's promo banner (tenant content blocks), the membership promo
 * (hidden for a logged-in member), the description dialog (rich text, full screen on a phone) and
 * spec 1 §9's all-day events ('All day' in place of the time picker).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { pickFirstDate, serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const HM_GA = "/harbour-museum/events/hm-general-admission";
const KEEPER_DAY = "/riverside-zoo/events/rz-keeper-day";
const PHONE = { width: 390, height: 844 };

const promoBanner = (page: Page) => page.getByRole("complementary", { name: "Offers" });
const memberPromo = (page: Page) => page.getByRole("complementary", { name: "Membership" });

test("the promo banner shows each tenant's promo content block on event pages, and the listing's on the listing", async ({
  page,
}) => {
  await page.goto(HM_GA);
  await expect(promoBanner(page)).toContainText("Late opening every Thursday:");
  await page.goto(KEEPER_DAY);
  await expect(promoBanner(page)).toContainText("Make a day of it:");
  await page.goto("/riverside-zoo/events");
  await expect(promoBanner(page)).toHaveText("Save 10% when you book online. Children under 3 go free.");
  // A gift card is no visit: the event pages' promo (enabled on `event`) stays off it.
  await page.goto("/riverside-zoo/events/rz-gift-card");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gift card");
  await expect(promoBanner(page)).toHaveCount(0);
});

test("the membership promo invites visitors in the tenant's words; not on membership or donation pages, nor beside the members-only notice", async ({
  page,
}) => {
  await page.goto(HM_GA);
  await expect(memberPromo(page)).toContainText("Members visit free all year and skip the ticket line.");
  await expect(memberPromo(page).getByRole("link", { name: "Become a member" })).toHaveAttribute(
    "href",
    "/harbour-museum/membership",
  );
  await page.goto(KEEPER_DAY);
  await expect(memberPromo(page)).toContainText("Zoo members visit free every day of the year.");
  await expect(memberPromo(page).getByRole("link", { name: "Join the zoo" })).toHaveAttribute(
    "href",
    "/riverside-zoo/membership",
  );
  for (const path of [
    "/harbour-museum/events/hm-membership",
    "/harbour-museum/events/hm-donation",
    "/harbour-museum/events/hm-members-preview",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(memberPromo(page)).toHaveCount(0);
  }
});

test("a logged-in member sees no membership promo (their page is private, never the shared copy)", async ({
  page,
}) => {
  const login = await page.request.post("/api/login?_seller=harbour-museum", {
    data: { credential_type: "scan_code", scan_code: "HM100001", zip_code: "02110" },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await page.goto(HM_GA);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("General Admission");
  await expect(promoBanner(page)).toBeVisible();
  await expect(memberPromo(page)).toHaveCount(0);
});

test("the description: an excerpt of 128 characters and 'Read more' opening the whole rich text in a modal dialog", async ({
  page,
}) => {
  await page.goto(KEEPER_DAY);
  const excerpt = page.locator(".event-description__excerpt");
  const text = (await excerpt.textContent()) ?? "";
  expect(Array.from(text)).toHaveLength(129);
  expect(text.endsWith("…")).toBe(true);
  const dialog = page.getByRole("dialog", { name: "About Junior keeper day" });
  await expect(dialog).toBeHidden();

  const more = page.getByRole("button", { name: "Read more" });
  await more.click();
  await expect(dialog).toBeVisible();
  // The rich text: a bold lead-in and a list, from the event's Markdown.
  await expect(dialog.locator("strong")).toHaveText("The day includes:");
  await expect(dialog.getByRole("listitem")).toHaveCount(3);
  // showModal(): the rest of the page is inert, so focus stays in the dialog.
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  // Behind a modal dialog the page is inert: 'Read more' cannot take focus.
  await more.evaluate((button) => button.focus());
  await expect(more).not.toBeFocused();
  await page.keyboard.press("Tab");
  // Tab moves within the dialog (or out to the browser), never to the page behind it.
  expect(
    await page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body || active.closest("dialog[open]") !== null;
    }),
  ).toBe(true);
  await expectNoSeriousAxe(page);

  // Escape closes it and focus returns to 'Read more'; so does the labelled close button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a description that fits the excerpt is shown whole, with no 'Read more'", async ({ page }) => {
  await page.goto("/riverside-zoo/events/rz-keeper-talk");
  await expect(page.getByText("Talks start at 11:00 and 14:00 every day.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Read more" })).toHaveCount(0);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("the description dialog fills the screen; the page with its promos passes axe", async ({ page }) => {
    await page.goto(KEEPER_DAY);
    await expect(promoBanner(page)).toBeVisible();
    await expect(memberPromo(page)).toBeVisible();
    await waitForReserveIsland(page);
    await expectNoSeriousAxe(page);
    await page.getByRole("button", { name: "Read more" }).click();
    const dialog = page.getByRole("dialog", { name: "About Junior keeper day" });
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && [box.x, box.y, Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([0, 0, PHONE.width, PHONE.height]);
    await expectNoSeriousAxe(page);
  });
});

test("spec 1 §9 all-day event: the date's single 6½-hour session shows 'All day' with no time picker, is booked, and the cart shows its date 'all day'", async ({
  page,
}) => {
  await page.goto(KEEPER_DAY);
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  const time = reserve.getByRole("region", { name: "Time" });
  await expect(time).toContainText("All day");
  await expect(reserve.locator('input[type="radio"]')).toHaveCount(0);
  await expect(reserve.getByRole("heading", { name: "Choose a time" })).toHaveCount(0);
  await expectNoSeriousAxe(page);
  await reserve.getByRole("button", { name: "Add one Junior keeper", exact: true }).click();
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
  const cart = await serverCart(page, "riverside-zoo");
  expect(cart.ticket._data.map((t) => t.ticket_type_id)).toEqual(["rz-keeper-day-junior"]);
  expect(cart.ticket._data[0]?.event_session_id).toMatch(/^rz-keeper-day-\d{8}-0930$/);
  // In the cart too the session reads as all day: its date, no start time (en-GB: "Sat, 28 Nov 2026, all day").
  const when = page.getByRole("complementary").locator(".cart-item__when");
  await expect(when).toHaveText(/^\w{3}, \d{1,2} \w{3} \d{4}, all day$/);
});

test("a date with several sessions still asks for a time (the zoo's keeper talk)", async ({ page }) => {
  await page.goto("/riverside-zoo/events/rz-keeper-talk");
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  await expect(reserve.getByRole("heading", { name: "Choose a time" })).toBeVisible();
  await expect(reserve.getByText("All day")).toHaveCount(0);
});
