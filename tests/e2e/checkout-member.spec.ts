/**
 * A logged-in member's checkout (spec 2 §1 "The buyer is a guest, a logged-in member or a giftee";
 * §7 my/cart/{id}/checkout): the member's details replace the identity form, the order is theirs,
 * and nobody else can pay for their cart.
 */
import { expect, test } from "./fixtures.ts";
import { buyWithAutoRenew, newUser } from "./helpers/account-profile.ts";
import { admissionCart, SELLER, seedCart } from "./helpers/cart.ts";

const USER = { username: "demo@harbour-museum.example", password: "Harbour-2026" };

test("a logged-in member checks out as themselves with 4242 and the order is theirs", async ({
  page,
  browser,
}) => {
  const login = await page.request.post(`/api/login?_seller=${SELLER}`, {
    data: { credential_type: "password", ...USER },
  });
  expect(login.status(), await login.text()).toBe(200);
  const userId = ((await login.json()) as { identity: { _data: { id: string }[] } }).identity._data[0]?.id;

  const answer = await admissionCart(page.request, 1);
  const cartId = answer.cart._data[0]?.id ?? "";
  const owned = (await (await page.request.get(`/api/my/cart/${cartId}`)).json()) as {
    cart: { _data: { identity_id: string }[] };
  };
  expect(owned.cart._data[0]?.identity_id).toBe(userId);
  await seedCart(page, answer);
  await page.goto(`/${SELLER}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();

  // The member's details, not the guest identity form.
  await expect(page.getByTestId("checkout-member")).toContainText(USER.username);
  await expect(page.getByLabel("First name")).toHaveCount(0);

  // Another browser (logged out) cannot pay for the member's cart.
  const stranger = await browser.newContext();
  const refused = await stranger.request.post(`/api/cart/${cartId}/guest_checkout`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: { first_name: "Eve", last_name: "Intruder", email: "eve@example.com" },
    },
  });
  expect(refused.status()).toBe(403);
  await stranger.close();

  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  const orderId = new URL(page.url()).searchParams.get("orderIds") ?? "";
  // Regression: the completion page read a member's order through the shared cached API and failed.
  const qr = page.getByRole("img", { name: /^QR code for order / });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const order = await page.request.get(`/api/ticket_order/${orderId}?_seller=${SELLER}`);
  expect(order.status()).toBe(200);
  const body = (await order.json()) as { ticket_order: { _data: { identity_id: string }[] } };
  expect(body.ticket_order._data[0]?.identity_id).toBe(userId);
});

test("regression: another member's completion page logged an error-level 500 and answered an empty 404; it is the ordinary 404 page", async ({
  browser,
}) => {
  const owner = await browser.newContext();
  await newUser(owner.request, SELLER, { zip_code: "02110" });
  const orderId = await buyWithAutoRenew(owner.request, SELLER, "hm-membership-individual");
  const own = await owner.newPage();
  expect((await own.goto(`/${SELLER}/checkout/complete?orderIds=${orderId}`))?.status()).toBe(200);
  await owner.close();

  const ordinary = await browser.newContext();
  const unknown = await ordinary.newPage();
  expect((await unknown.goto(`/${SELLER}/no-such-page`))?.status()).toBe(404);
  const notFoundHeading = await unknown.getByRole("heading", { level: 1 }).textContent();
  await ordinary.close();

  // Logged in as someone else, and not logged in at all.
  const other = await browser.newContext();
  await newUser(other.request, SELLER);
  const guest = await browser.newContext();
  for (const context of [other, guest]) {
    const page = await context.newPage();
    const answer = await page.goto(`/${SELLER}/checkout/complete?orderIds=${orderId}`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundHeading ?? "");
    await expect(page.locator(".not-found a.button")).toBeVisible();
    await context.close();
  }
});
