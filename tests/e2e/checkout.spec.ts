/**
 * The checkout pages (spec 2 §2, §4, §8): a guest pays with the test gateway and reaches the
 * completion page; a declined card keeps the shopper on checkout with the spec's message; the
 * gift-card messages; the route-entry rules; accessibility of checkout and completion.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures.ts";
import { admissionCart, SELLER, seedCart } from "./helpers/cart.ts";

const checkoutUrl = (cartId: string) => `/${SELLER}/checkout/${cartId}`;

async function openCheckout(page: Page, request: import("@playwright/test").APIRequestContext, quantity = 2) {
  const answer = await admissionCart(request, quantity);
  const cartId = answer.cart._data[0]?.id ?? "";
  await seedCart(page, answer);
  await page.goto(checkoutUrl(cartId));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  return cartId;
}

async function fillIdentity(page: Page, confirm = "ada@example.com") {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Confirm email address").fill(confirm);
}

async function fillCard(page: Page, number: string, expiry = "12/34") {
  await page.getByLabel("Card number", { exact: true }).fill(number);
  await page.getByLabel("Expiry date (MM/YY)").fill(expiry);
  await page.getByLabel("Security code (CVC)").fill("123");
}

/** Serious and critical axe violations, as "rule: targets" lines, minus the `ignore`d ones. */
const axe = async (page: Page, ignore: string[] = []) => {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
    .filter((line) => !ignore.includes(line));
};

test("a guest pays with 4242 4242 4242 4242 and sees the order number and its QR code", async ({
  page,
  request,
}) => {
  const cartId = await openCheckout(page, request);
  const response = await page.request.get(checkoutUrl(cartId));
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await axe(page)).toEqual([]);

  // 'Email addresses must match.' (spec 1 §5) blocks the payment.
  await fillIdentity(page, "ada@example.org");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await fillCard(page, "4242 4242 4242 4242");
  const pay = page.getByRole("button", { name: "Pay $53.00" });
  await pay.click();
  await expect(page.getByText("Email addresses must match.")).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(
    "There were errors found in the information you submitted. Please address the errors and re-submit the form.",
  );
  await expect(page).toHaveURL(checkoutUrl(cartId));

  await page.getByLabel("Confirm email address").fill("ADA@example.com");
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
  const qr = page.getByRole("img", { name: /^QR code for order / });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^\/cached_api\/ticket_order\/[^/]+\/qrcode\?margin=4$/);
  await expect(page.getByRole("button", { name: "Print tickets" })).toBeVisible();
  await expect(page.getByText("2 × Adult")).toBeVisible();
  // $50.00 of tickets and $3.00 of fees.
  const fees = page.getByTestId("order-fees");
  await expect(fees.locator("div").filter({ hasText: "Subtotal" })).toContainText("$50.00");
  await expect(fees.locator("div").filter({ hasText: "Fees" })).toContainText("$3.00");
  await expect(fees.locator(".checkout-fees__total")).toContainText("$53.00");
  // The booked cart is no longer the shopper's cart.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `foyer.cart.${SELLER}`))
    .toBeNull();
  expect(await axe(page)).toEqual([]);

  // The cart is ordered now: its checkout link goes to the completion page (spec §8).
  await page.goto(checkoutUrl(cartId));
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
});

test("a declined card shows 'Your card has not been charged.' and stays on checkout with the cart", async ({
  page,
  request,
}) => {
  const cartId = await openCheckout(page, request);
  await fillIdentity(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $53.00" }).click();
  await expect(page.getByRole("alert")).toContainText(/^Your card has not been charged\. \S/);
  await expect(page).toHaveURL(checkoutUrl(cartId));
  await expect(page.getByRole("complementary", { name: "Your cart" }).getByText("2 × Adult")).toBeVisible();
});

test("the terms tick is required when the tenant has terms", async ({ page, request }) => {
  await openCheckout(page, request);
  await fillIdentity(page);
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Pay $53.00" }).click();
  await expect(page.getByText("Please accept the terms and conditions.")).toBeVisible();
  await page.getByRole("button", { name: "Read the terms and conditions" }).click();
  await expect(page.getByRole("dialog", { name: "Terms and conditions" })).toContainText("non-refundable");
});

test("a gift card with no balance shows 'Gift Card balance is $0'; an unknown one is not found", async ({
  page,
  request,
}) => {
  await openCheckout(page, request);
  await page.getByLabel("Gift card number").fill("GC-1000-0002");
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByText("Gift Card balance is $0", { exact: true })).toBeVisible();
  await page.getByLabel("Gift card number").fill("GC-9999-9999");
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByText(/could not find that gift card/)).toBeVisible();
});

test("route entry: /checkout/complete without orderIds and an unknown cart give the 404 page", async ({
  page,
}) => {
  const complete = await page.goto(`/${SELLER}/checkout/complete`);
  expect(complete?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Oops, We could not find anything at this URL" }),
  ).toBeVisible();
  const unknown = await page.goto(`/${SELLER}/checkout/no-such-cart`);
  expect(unknown?.status()).toBe(404);
});

test("/checkout with no cart shows a friendly empty state linking to events", async ({ page }) => {
  await page.goto(`/${SELLER}/checkout`);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse events" })).toHaveAttribute(
    "href",
    `/${SELLER}/events`,
  );
});

test("'Payment 402 with code intent_requires_action triggers card confirmation': Confirm payment completes the order", async ({
  page,
  request,
}) => {
  await openCheckout(page, request);
  await fillIdentity(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await fillCard(page, "4000 0000 0000 3220");
  await page.getByRole("button", { name: "Pay $53.00" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm payment" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
});

test("'pending (payment intent still processing): go to /checkout/pending/{cartId}' with the reference number", async ({
  page,
  request,
}) => {
  const cartId = await openCheckout(page, request);
  await fillIdentity(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await fillCard(page, "4242 4242 4242 4242", "12/99");
  await page.getByRole("button", { name: "Pay $53.00" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/pending/${cartId}`));
  await expect(page.getByRole("heading", { name: "Your payment is clearing" })).toBeVisible();
  await expect(page.getByText(/^Reference number \S+/)).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test("a gift card pays part ('gift cards go first') and a card pays the rest", async ({ page, request }) => {
  // 5 adults: 5 x 25.00 + 5 x 1.50 fees = 132.50; the gift card holds 100.00.
  await openCheckout(page, request, 5);
  await page.getByLabel("Gift card number").fill("GC-1000-0001");
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByText("Gift card applied: $100.00 paid.")).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay $32.50" });
  await expect(pay).toBeVisible();
  await fillIdentity(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await fillCard(page, "4242 4242 4242 4242");
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  await expect(page.getByText("5 × Adult")).toBeVisible();
});

test("riverside-zoo: a free order goes through the free gateway with the keyboard only, and no terms tick without terms", async ({
  page,
  request,
}) => {
  const zoo = "riverside-zoo";
  const sessions = await request.get(
    `/api/events/rz-keeper-talk/sessions?_seller=${zoo}&_limit=1&sold_out=false&_sort=start_datetime`,
  );
  const session = ((await sessions.json()) as { event_session: { _data: Array<{ id: string }> } })
    .event_session._data[0]?.id;
  const created = await request.post(`/api/my/cart/modify?_seller=${zoo}`, {
    data: { add: [{ ticket_type_id: "rz-talk-adult", event_session_id: session, quantity: 2 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const cartId = ((await created.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id;
  // No stored cart: the page adopts the cart of its address.
  await page.goto(`/${zoo}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(page.getByText("Nothing to pay: your order is free.")).toBeVisible();
  await expect(page.getByLabel("Card number", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "I agree to the terms and conditions" })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  await page.getByLabel("First name").focus();
  await page.keyboard.type("Grace");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Hopper");
  await page.keyboard.press("Tab");
  await page.keyboard.type("grace@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("grace@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Complete order" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/${zoo}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
});

test("small screens: a mobile footer with 'Total to pay' and the amount", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckout(page, request);
  const footer = page.locator(".checkout-footer");
  await expect(footer).toBeVisible();
  await expect(footer.getByText("Total to pay")).toBeVisible();
  await expect(footer.getByText("$53.00", { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
