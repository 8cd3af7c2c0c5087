/**
 * "The completion page has its membership variant (membership order number, a card per
 * member with its QR, the physical-card note from spec 1 §9)". The order is paid through the API
 * (the membership form is another slice); the page is what the buyer lands on.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { createCart, SELLER } from "./helpers/cart.ts";

test("a guest's Individual membership order shows the member card with its loading QR and the physical-card note", async ({
  page,
  request,
}) => {
  const cart = await createCart(request, [{ ticket_type_id: "hm-membership-individual", quantity: 1 }]);
  const cartId = cart.cart._data[0]?.id ?? "";
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: {
        first_name: "Mary",
        last_name: "Anning",
        email: `member-${randomUUID()}@example.com`,
        additional_info: { zip_code: "02139" },
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const order = (
    (await paid.json()) as { ticket_order: { _data: Array<{ id: string; order_number: string }> } }
  ).ticket_order._data[0];
  if (!order) throw new Error("no order");

  await page.goto(`/${SELLER}/checkout/complete?orderIds=${order.id}`);
  await expect(
    page.getByRole("heading", { name: `Membership order number ${order.order_number}` }),
  ).toBeVisible();
  const cards = page.getByTestId("order-memberships").getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Mary Anning");
  await expect(cards.first()).toContainText("Individual");
  const memberId = (await cards.first().locator("dd").nth(1).textContent())?.trim() ?? "";
  expect(memberId).toMatch(/^HM\d{6}$/);
  const qr = page.getByRole("img", { name: `QR code for member ID ${memberId}` });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(page.getByText("Physical membership cards take 3 to 5 weeks.")).toBeVisible();
});
