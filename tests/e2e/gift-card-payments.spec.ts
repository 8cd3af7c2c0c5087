/**
 * Gift cards at checkout, and "An applied promo code can't be removed": the cart shows
 * the paid and remaining lines, an applied gift card can be removed before paying (its balance
 * comes back) and applied again, an inactive card has its own message, and an applied promo code
 * can be taken off the cart. The $100 card here is GC-1000-0004, so this spec never races
 * checkout.spec.ts, which spends GC-1000-0001.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { admissionCart, cartWidget, SELLER, seedCart } from "./helpers/cart.ts";

const CARD_NUMBER = "GC-1000-0004";

async function openCheckout(page: Page, request: APIRequestContext, quantity: number) {
  const answer = await admissionCart(request, quantity);
  const cartId = answer.cart._data[0]?.id ?? "";
  await seedCart(page, answer);
  await page.goto(`/${SELLER}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  return cartId;
}

async function balance(request: APIRequestContext, number: string): Promise<string | undefined> {
  const res = await request.get(`/api/ledger/gift_card/${number}?_seller=${SELLER}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { ledger: { _data: { balance: string }[] } };
  return body.ledger._data[0]?.balance;
}

async function applyGiftCard(page: Page, number: string) {
  await page.getByLabel("Gift card number").fill(number);
  await page.getByRole("button", { name: "Apply gift card" }).click();
}

test("'Show the payments and the remaining amount due': a gift card is applied, removed (its balance back), applied again, and 4242 pays the rest", async ({
  page,
  request,
}) => {
  expect(await balance(request, CARD_NUMBER)).toBe("100.00");
  // 5 adults: 5 x 25.00 + 5 x 1.50 fees = 132.50; the gift card holds 100.00.
  await openCheckout(page, request, 5);
  const widget = await cartWidget(page);
  await expect(widget.getByTestId("cart-payments")).toHaveCount(0);

  await applyGiftCard(page, CARD_NUMBER);
  await expect(page.getByText("Gift card applied: $100.00 paid.")).toBeVisible();
  // The paid and remaining lines, with the number masked to its last 4.
  const paidLines = widget.getByTestId("cart-payments");
  await expect(paidLines).toContainText("Paid by gift card ****0004");
  await expect(paidLines).toContainText("−$100.00");
  await expect(paidLines).toContainText("Remaining to pay");
  await expect(paidLines).toContainText("$32.50");
  await expect(page.getByText(CARD_NUMBER)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay $32.50" })).toBeVisible();
  // The summary by the pay button agrees with it: Total, Paid and Remaining to pay.
  const summary = page.getByTestId("checkout-fees");
  await expect(summary.locator(".checkout-fees__total")).toContainText("$132.50");
  await expect(summary).toContainText("−$100.00");
  await expect(summary.locator(".checkout-fees__remaining")).toContainText("Remaining to pay");
  await expect(summary.locator(".checkout-fees__remaining")).toContainText("$32.50");
  expect(await balance(request, CARD_NUMBER)).toBe("0.00");

  // Removed before paying: the card gets its $100 back and the whole total is due again.
  await page.getByRole("button", { name: "Remove gift card ****0004" }).click();
  await expect(page.getByText("Gift card removed: $100.00 is back on the card.")).toBeVisible();
  await expect(widget.getByTestId("cart-payments")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay $132.50" })).toBeVisible();
  expect(await balance(request, CARD_NUMBER)).toBe("100.00");

  // Applied again, and the card pays the rest.
  await applyGiftCard(page, CARD_NUMBER);
  await expect(paidLines).toContainText("$32.50");
  const pay = page.getByRole("button", { name: "Pay $32.50" });
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Confirm email address").fill("ada@example.com");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  expect(await balance(request, CARD_NUMBER)).toBe("0.00");
});

test("'An inactive card shows \"Gift Card balance is $0\"; it deserves its own message': GC-1000-0003", async ({
  page,
  request,
}) => {
  await openCheckout(page, request, 1);
  await applyGiftCard(page, "GC-1000-0003");
  await expect(page.getByText("This gift card is not active. Please contact us for help.")).toBeVisible();
  await expect(page.getByText("Gift Card balance is $0")).toHaveCount(0);
});

test("'An applied promo code can't be removed': WELCOME10 is applied, then removed from the cart", async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 2);
  await seedCart(page, answer);
  await page.goto(`/${SELLER}/events`);
  const widget = await cartWidget(page);
  await expect(widget.getByText("2 × Adult")).toBeVisible();
  await widget.getByRole("button", { name: "Promo code" }).click();
  const dialog = page.getByRole("dialog", { name: "Enter a promo code" });
  await dialog.getByLabel("Code").fill("WELCOME10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toBeHidden();
  await expect(widget.getByText("WELCOME10", { exact: true })).toBeVisible();
  await expect(widget.getByText("$48.00")).toBeVisible();

  await widget.getByRole("button", { name: "Remove code WELCOME10" }).click();
  await expect(widget.getByText("WELCOME10", { exact: true })).toHaveCount(0);
  await expect(widget.getByText("Promo discount")).toHaveCount(0);
  await expect(widget.getByText("$53.00")).toBeVisible();
  // The promo entry is offered again.
  await expect(widget.getByRole("button", { name: "Promo code" })).toBeVisible();
});
