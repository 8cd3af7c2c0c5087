/**
 * The checkout flows on the second tenant, riverside-zoo (GBP, no terms): a guest buys
 * timed tickets with 4242 and sees the order number and QR codes, and the confirmation is in the
 * mailbox; a declined card shows the spec's message and keeps the cart; a pending payment goes to
 * the pending page; a gift card pays part and a card the rest; a donation-only order.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { seriousAxeViolations as seriousAxe } from "./helpers/axe.ts";

const ZOO = "riverside-zoo";

async function openSession(request: APIRequestContext): Promise<string> {
  const res = await request.get(
    `/api/events/rz-day-admission/sessions?_seller=${ZOO}&_limit=1&sold_out=false&_sort=start_datetime`,
  );
  const id = ((await res.json()) as { event_session: { _data: Array<{ id: string }> } }).event_session
    ._data[0]?.id;
  if (!id) throw new Error("no open zoo session");
  return id;
}

type Line = { ticket_type_id: string; event_session_id?: string; quantity?: number; face_value?: string };

/** A cart made through the API; the checkout page adopts the cart of its address. */
async function openCheckout(page: Page, request: APIRequestContext, add: Line[]): Promise<string> {
  const created = await request.post(`/api/my/cart/modify?_seller=${ZOO}`, { data: { add } });
  expect(created.status(), await created.text()).toBe(200);
  const cartId =
    ((await created.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
  await page.goto(`/${ZOO}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  return cartId;
}

async function adults(page: Page, request: APIRequestContext, quantity: number) {
  return openCheckout(page, request, [
    { ticket_type_id: "rz-day-adult", event_session_id: await openSession(request), quantity },
  ]);
}

async function fillIdentity(page: Page, email: string) {
  await page.getByLabel("First name").fill("Jane");
  await page.getByLabel("Last name").fill("Goodall");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
}

async function fillCard(page: Page, number: string, expiry = "12/34") {
  await page.getByLabel("Card number", { exact: true }).fill(number);
  await page.getByLabel("Expiry date (MM/YY)").fill(expiry);
  await page.getByLabel("Security code (CVC)").fill("123");
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £\d+\.\d{2}$/ });

test("riverside-zoo: a guest buys timed tickets with 4242, sees the order number and QR codes, and the mailbox has the confirmation", async ({
  page,
  request,
}) => {
  await adults(page, request, 2);
  const email = `zoo-${crypto.randomUUID()}@example.com`;
  await fillIdentity(page, email);
  await fillCard(page, "4242 4242 4242 4242");
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/checkout/complete\\?orderIds=`));
  const heading = await page.getByRole("heading", { name: /^Order number \S+/ }).textContent();
  const orderNumber = heading?.replace("Order number ", "").trim() ?? "";
  expect(orderNumber).not.toBe("");
  const qr = page.getByRole("img", { name: /^QR code for order / });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await seriousAxe(page)).toEqual([]);

  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: new RegExp(`Your order ${orderNumber} `) })).toBeVisible();
});

test("riverside-zoo: a declined card shows 'Your card has not been charged.' and the cart is kept", async ({
  page,
  request,
}) => {
  const cartId = await adults(page, request, 1);
  await fillIdentity(page, "declined@example.com");
  await fillCard(page, "4000 0000 0000 0002");
  await payButton(page).click();
  await expect(page.getByText(/^Your card has not been charged\./)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/checkout/${cartId}$`));
  const cart = await page.request.get(`/api/cart/${cartId}`);
  expect(cart.status()).toBe(200);
  const body = (await cart.json()) as {
    cart: { _data: Array<{ state: string }> };
    ticket: { _data: unknown[] };
  };
  expect(body.cart._data[0]?.state).toBe("pending");
  expect(body.ticket._data).toHaveLength(1);
});

test("riverside-zoo: a pending payment goes to /checkout/pending/{cartId} with the reference number", async ({
  page,
  request,
}) => {
  const cartId = await adults(page, request, 1);
  await fillIdentity(page, "pending@example.com");
  await fillCard(page, "4242 4242 4242 4242", "12/99");
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/checkout/pending/${cartId}`));
  await expect(page.getByText(/^Reference number \S+/)).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
});

test("riverside-zoo: a gift card pays part ('gift cards go first') and a card pays the rest", async ({
  page,
  request,
}) => {
  await adults(page, request, 3);
  await page.getByLabel("Gift card number").fill("GC-2000-0001");
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByText("Gift card applied: £50.00 paid.")).toBeVisible();
  await fillIdentity(page, "giftcard@example.com");
  await fillCard(page, "4242 4242 4242 4242");
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/checkout/complete\\?orderIds=`));
  await expect(page.getByText("3 × Adult")).toBeVisible();
});

test("riverside-zoo: a donation-only order", async ({ page, request }) => {
  await openCheckout(page, request, [
    { ticket_type_id: "rz-donation-amount", quantity: 1, face_value: "25.00" },
  ]);
  await expect(page.getByRole("button", { name: "Pay £25.00" })).toBeVisible();
  await fillIdentity(page, "donor@example.com");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £25.00" }).click();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
});
