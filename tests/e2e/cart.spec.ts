/**
 * The cart widget (spec 1 §2, §4): items and timer, the cart shared across tabs, remove item, the
 * extension prompt at 60 s, the expiry modal, promo codes and their error texts, the mobile cart
 * modal, the upsell listing and accessibility with a cart. Carts are created through the API and
 * handed to the page the way the store stores them; the store then checks them with the server.
 */

import { CLOCK_TAG } from "./clock-runs.ts";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { admissionCart, cartWidget, SELLER, seedCart, shortenHold } from "./helpers/cart.ts";
import { addOneAdult } from "./helpers/reserve.ts";

const LISTING = `/${SELLER}/events`;
const timer = (page: import("@playwright/test").Page) =>
  page.getByRole("timer", { name: "Time left to check out" });

test("the widget shows the items grouped by event, the totals and the timer", { tag: CLOCK_TAG }, async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 2, [{ ticket_type_id: "hm-flex-adult", quantity: 1 }]);
  await seedCart(page, answer);
  await page.goto(LISTING);
  const widget = await cartWidget(page);
  await expect(widget.getByRole("heading", { name: "General Admission" })).toBeVisible();
  await expect(widget.getByText("2 × Adult")).toBeVisible();
  await expect(widget.getByRole("heading", { name: "Flexible any-day ticket" })).toBeVisible();
  await expect(widget.getByText("Any date")).toBeVisible();
  // 'ddd, MMM D, YYYY [at] h:mm A' in the venue's time zone (sessions run 10:00 to 16:30).
  await expect(
    widget.getByText(/^\w{3}, \w{3} \d{1,2}, \d{4} at (1[0-2]|[1-4]):(00|30) (AM|PM)$/),
  ).toBeVisible();
  // 'Image for {event name}' when the event's alt text is empty (the flex pass).
  await expect(widget.getByRole("img", { name: "Image for Flexible any-day ticket" })).toBeVisible();
  await expect(widget.getByText("Total", { exact: true })).toBeVisible();
  await expect(widget.getByText("$83.00")).toBeVisible(); // 2 x 25 + 30 + 2 x 1.50 fees
  await expect(timer(page)).toHaveText(/Time left: 1[0-4]:\d\d/);
  const checkout = widget.getByRole("link", { name: "Proceed to checkout" });
  await expect(checkout).toHaveAttribute("href", `/${SELLER}/checkout/${answer.cart._data[0]?.id}`);
});

test("with no cart the widget starts no React ('Your cart is empty' as served); a cart added in this tab or another wakes it", async ({
  page,
}) => {
  const widgetModules: string[] = [];
  page.on("request", (r) => {
    if (/\/_astro\/CartWidget[.-]/.test(r.url())) widgetModules.push(r.url());
  });
  await page.goto(LISTING);
  const listing = await cartWidget(page);
  await expect(page.locator("astro-island[data-cart-asleep]")).toHaveCount(1);
  await expect(listing.getByText("Your cart is empty")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(widgetModules, "no cart: the widget's module is not loaded").toEqual([]);

  // Another tab adds tickets: its own widget wakes at once, and so does the listing's (storage event).
  const other = await page.context().newPage();
  await other.goto(`/${SELLER}/events/hm-general-admission`);
  await addOneAdult(other);
  const here = other.getByRole("complementary", { name: "Your cart" });
  await expect(here.getByRole("heading", { name: "General Admission" })).toBeVisible();
  await expect(listing.getByRole("heading", { name: "General Admission" })).toBeVisible();
  await expect(page.locator("astro-island[data-cart-asleep]")).toHaveCount(0);
  expect(widgetModules.length).toBeGreaterThan(0);
});

test("a second tab sees the same cart, and a change in one tab shows in the other within a second", async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 1, [{ ticket_type_id: "hm-flex-adult", quantity: 1 }]);
  await seedCart(page, answer);
  await page.goto(LISTING);
  const first = await cartWidget(page);
  const other = await page.context().newPage();
  await other.goto(`/${SELLER}/events/hm-flex-pass`);
  const second = await cartWidget(other);
  await expect(second.getByRole("heading", { name: "Flexible any-day ticket" })).toBeVisible();

  await first.getByRole("button", { name: "Remove Flexible any-day ticket from cart" }).click();
  await page
    .getByRole("dialog", { name: "Remove from cart?" })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(second.getByRole("heading", { name: "Flexible any-day ticket" })).toHaveCount(0, {
    timeout: 1000,
  });
  await expect(second.getByRole("heading", { name: "General Admission" })).toBeVisible();
});

test("remove item asks first; removing the only item deletes the whole cart", async ({ page, request }) => {
  const answer = await admissionCart(request, 2, [{ ticket_type_id: "hm-flex-adult", quantity: 1 }]);
  const cartId = answer.cart._data[0]?.id;
  await seedCart(page, answer);
  await page.goto(LISTING);
  const widget = await cartWidget(page);

  const removeFlex = widget.getByRole("button", { name: "Remove Flexible any-day ticket from cart" });
  await removeFlex.click();
  const confirm = page.getByRole("dialog", { name: "Remove from cart?" });
  await expect(confirm).toContainText("Remove Flexible any-day ticket from your cart?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(removeFlex).toBeFocused();
  await removeFlex.click();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(widget.getByRole("heading", { name: "Flexible any-day ticket" })).toHaveCount(0);
  await expect(widget.getByText("2 × Adult")).toBeVisible();

  await widget.getByRole("button", { name: "Remove General Admission from cart" }).click();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(widget.getByText("Your cart is empty.")).toBeVisible();
  // The server released the cart (DELETE my/cart/{id}): its state is deleted.
  const res = await request.get(`/api/my/cart/${cartId}`);
  const body = (await res.json()) as { cart?: { _data: Array<{ state: string }> } };
  expect(res.ok() ? body.cart?._data[0]?.state : "gone").toMatch(/^(deleted|gone)$/);
  expect(await page.evaluate(() => localStorage.getItem("foyer.cart.harbour-museum"))).toBeNull();
});

test("the extension prompt opens at 60 s and adds 2 minutes", { tag: CLOCK_TAG }, async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 1);
  const cartId = answer.cart._data[0]?.id ?? "";
  await shortenHold(request, cartId, 65);
  await seedCart(page, answer);
  await page.goto(LISTING);
  await cartWidget(page);
  // The store's first refresh brings the shortened expiry: 65 s on the server, 60 s locally.
  const prompt = page.getByRole("dialog", { name: "Need more time?" });
  await expect(prompt).toBeVisible();
  await expect(timer(page)).toHaveText(/Time left: 0:[0-5]\d|Time left: 1:00/);
  await expect(page.getByText("Less than 2 minutes left to check out.").first()).toBeVisible();
  await prompt.getByRole("button", { name: "Add 2 minutes" }).click();
  await expect(prompt).toBeHidden();
  await expect(timer(page)).toHaveText(/Time left: 2:[3-5]\d/);
});

test("declining the extension prompt sticks across reloads", { tag: CLOCK_TAG }, async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 1);
  await shortenHold(request, answer.cart._data[0]?.id ?? "", 50);
  await seedCart(page, answer);
  await page.goto(LISTING);
  await cartWidget(page);
  const prompt = page.getByRole("dialog", { name: "Need more time?" });
  await prompt.getByRole("button", { name: "No, thanks" }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await cartWidget(page);
  await expect(timer(page)).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(prompt).toBeHidden();
});

test("at expiry the expiry modal opens and the cart is cleared", { tag: CLOCK_TAG }, async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 1);
  await shortenHold(request, answer.cart._data[0]?.id ?? "", 9);
  await seedCart(page, answer);
  await page.goto(LISTING);
  const widget = await cartWidget(page);
  const expired = page.getByRole("dialog", { name: "Your cart has expired" });
  await expect(expired).toBeVisible({ timeout: 15_000 });
  await expect(widget.getByText("Your cart is empty.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("foyer.cart.harbour-museum"))).toBeNull();
  await expired.getByRole("button", { name: "OK" }).click();
  await expect(expired).toBeHidden();
});

test("promo codes: WELCOME10 gives its discount; SOLDOUT and an unknown code show their texts", {
  tag: CLOCK_TAG,
}, async ({ page, request }) => {
  const answer = await admissionCart(request, 2);
  await seedCart(page, answer);
  await page.goto(LISTING);
  const widget = await cartWidget(page);
  await expect(widget.getByText("2 × Adult")).toBeVisible();

  await widget.getByRole("button", { name: "Promo code" }).click();
  const dialog = page.getByRole("dialog", { name: "Enter a promo code" });
  const field = dialog.getByLabel("Code");
  const apply = dialog.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await field.fill(" S ");
  await expect(apply).toBeDisabled(); // under the 2-character minimum, and no message shown
  await expect(dialog.getByRole("alert")).toHaveText("");

  await field.fill("SOLDOUT");
  await apply.click();
  await expect(dialog.getByRole("alert")).toHaveText("This promo code has been used up.");
  await field.fill("NOPE123");
  await apply.click();
  await expect(dialog.getByRole("alert")).toHaveText('"NOPE123" is not a valid promo code.');

  await field.fill(" welcome10 ");
  await apply.click();
  await expect(dialog).toBeHidden();
  await expect(widget.getByText("Promo discount")).toBeVisible();
  await expect(widget.getByText("−$5.00").first()).toBeVisible();
  await expect(widget.getByText("$48.00")).toBeVisible();
  await expect(widget.getByText("WELCOME10", { exact: true })).toBeVisible();
});

test("upsell listing: the add-on banner shows, events already in the cart stay, the add-on appears with an anchor", {
  tag: CLOCK_TAG,
}, async ({ page, request }) => {
  await page.goto(LISTING);
  await cartWidget(page);
  await expect(page.getByRole("heading", { name: "Add to your visit" })).toBeHidden();
  await expect(page.getByRole("link", { name: "General Admission" })).toBeVisible();
  // Spec §2: "Events flagged hidden are listed only when the cart has an anchor."
  await expect(page.getByRole("link", { name: "Curator's private tour" })).toBeHidden();

  const answer = await admissionCart(request, 1);
  await seedCart(page, answer);
  await page.goto(LISTING);
  await cartWidget(page);
  await expect(page.getByRole("heading", { name: "Add to your visit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Skip", exact: true })).toHaveAttribute(
    "href",
    `/${SELLER}/checkout`,
  );
  // More admission tickets can still be added, so General Admission stays listed.
  await expect(page.getByRole("link", { name: "General Admission" })).toBeVisible();
  // The add-on that needs an admission is offered now that the cart holds one.
  await expect(page.getByRole("link", { name: "Special exhibition" })).toBeVisible();
  // The hidden tour is an add-on of no admission: it stays hidden (addon-and-prices.spec.ts).
  await expect(page.getByRole("link", { name: "Curator's private tour" })).toBeHidden();
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the footer cart button opens the mobile cart modal", async ({ page, request }) => {
    const answer = await admissionCart(request, 3);
    await seedCart(page, answer);
    await page.goto(LISTING);
    await cartWidget(page);
    const button = page.getByRole("button", { name: "Cart 3 tickets" });
    await expect(button).toBeVisible();
    await button.click();
    const modal = page.getByRole("dialog", { name: "Your cart" });
    await expect(modal.getByText("3 × Adult")).toBeVisible();
    await expect(modal.getByText("Amount due by card")).toBeVisible();
    await expect(modal.getByRole("link", { name: "More events" })).toHaveAttribute("href", LISTING);
    await expect(modal.getByRole("link", { name: "Proceed to checkout" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(button).toBeFocused();
  });
});

for (const [name, path] of [
  ["listing", LISTING],
  ["event page", `/${SELLER}/events/hm-special-exhibition`],
] as const) {
  test(`a11y with a cart: ${name}`, async ({ page, request }) => {
    await seedCart(page, await admissionCart(request, 2));
    await page.goto(path);
    const widget = await cartWidget(page);
    await expect(widget.getByText("2 × Adult")).toBeVisible();
    await expectNoSeriousAxe(page);
  });
}
