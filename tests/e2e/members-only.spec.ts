/**
 * First slice: members-only events use the visitor's real role, and the membership
 * routes (spec 2 §2 `/membership/{action?}`) reach the membership event instead of the 404 page.
 */
import { expect, test } from "./fixtures.ts";
import { openSessions, pickFirstDate, serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const HM = "/harbour-museum";
const PREVIEW = `${HM}/events/hm-members-preview`;
const MEMBERS_ONLY = "Sorry! This event is members only";

test("regression: a logged-in member (HM100001) saw 'Sorry! This event is members only'; a member may now buy members-only tickets", async ({
  page,
}) => {
  const login = await page.request.post("/api/login?_seller=harbour-museum", {
    data: { credential_type: "scan_code", scan_code: "HM100001", zip_code: "02110" },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(PREVIEW);
  await expect(page.getByText(MEMBERS_ONLY)).toHaveCount(0);
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  await openSessions(reserve).first().check();
  await reserve.getByRole("button", { name: "Add one Member", exact: true }).click();
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
  const cart = await serverCart(page, "harbour-museum");
  expect(cart.ticket._data.map((t) => t.ticket_type_id)).toEqual(["hm-preview-member"]);

  // Logged out, the notice shows again and nothing can be reserved.
  await page.context().clearCookies();
  await page.goto(PREVIEW);
  await expect(page.getByText(MEMBERS_ONLY)).toBeVisible();
  await expect(page.locator("#reserve-root")).toHaveCount(0);
});

test("the header's 'Membership' link reaches the membership event page, not the 404 page", async ({
  page,
}) => {
  await page.goto(`${HM}/events`);
  await page.getByRole("banner").getByRole("link", { name: "Membership", exact: true }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/events\/hm-membership$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/not found/i);
});

test("'/membership/renew' redirects to /events/{membership event id}/renew, which renders the event page", async ({
  page,
}) => {
  const res = await page.request.get(`${HM}/membership/renew`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(`${HM}/events/hm-membership/renew`);
  const landed = await page.goto(`${HM}/membership/renew`);
  expect(landed?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${HM}/events/hm-membership/renew$`));
  await expect(page.locator("article.event-detail[data-event-id='hm-membership']")).toBeVisible();
});
