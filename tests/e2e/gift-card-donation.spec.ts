/**
 * The one-ticket pages: the gift card asks for its recipient (name, e-mail, message)
 * and the cart line and the completed order show it, without 'Any date'; the card expiry is
 * formatted as typed; the option and field labels read once
 * ('$25 gift card', 'Other amount'); an out-of-range donation disables 'Add to cart' and the field
 * says why.
 */
import { expect, test } from "./fixtures.ts";
import { cartWidget, SELLER } from "./helpers/cart.ts";
import { serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const HM = `/${SELLER}`;

test("'The gift card has no recipient name, e-mail or message': asked, carried with the cart, shown in its line", async ({
  page,
}) => {
  await page.goto(`${HM}/events/hm-gift-card`);
  const reserve = await waitForReserveIsland(page);
  // Copy: "'$25 gift card ($25.00)'" and "'Choose an amount amount'".
  await expect(reserve.getByRole("radio", { name: "$25 gift card", exact: true })).toBeChecked();
  await reserve.getByRole("radio", { name: "Other amount" }).check();
  await expect(reserve.getByRole("spinbutton", { name: "Other amount" })).toBeVisible();
  await expect(page.getByText("amount amount")).toHaveCount(0);
  await reserve.getByRole("spinbutton", { name: "Other amount" }).fill("40");

  const recipient = reserve.getByRole("group", { name: "Who is it for?" });
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(recipient.getByText("Please answer this question.").first()).toBeVisible();
  await recipient.getByLabel("Recipient's name").fill("Grace Hopper");
  await recipient.getByLabel("Recipient's e-mail").fill("grace@example.test");
  await recipient.getByLabel("Message for the recipient").fill("Happy birthday!");
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();

  const cart = (await serverCart(page, SELLER)) as Awaited<ReturnType<typeof serverCart>> & {
    cart: { _data: Array<{ additional_info: Record<string, Record<string, string>> }> };
  };
  expect(cart.ticket._data).toEqual([
    expect.objectContaining({ ticket_type_id: "hm-gift-card-custom", face_value: "40.00" }),
  ]);
  expect(cart.cart._data[0]?.additional_info["hm-gift-card-cards"]).toEqual({
    recipient_name: "Grace Hopper",
    recipient_email: "grace@example.test",
    recipient_message: "Happy birthday!",
  });

  // "The cart line reads '1 × Choose an amount', and donation and gift card lines say 'Any date'."
  const widget = await cartWidget(page);
  const line = widget.locator(".cart-item").filter({ hasText: "Gift card" });
  await expect(line.getByText("For Grace Hopper")).toBeVisible();
  await expect(line.getByText("1 × Custom amount")).toBeVisible();
  await expect(line.getByText("Choose an amount")).toHaveCount(0);
  await expect(line.getByText("Any date")).toHaveCount(0);

  // "... shown in the cart line and the order": the completion page names the recipient.
  const cartId = cart.cart._data[0]?.id ?? "";
  await page.goto(`${HM}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill("ada@example.test");
  await page.getByLabel("Confirm email address").fill("ada@example.test");
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  // "Card expiry typed as `1230` is refused: format it as the shopper types."
  await page.getByLabel("Expiry date (MM/YY)").pressSequentially("1230");
  await expect(page.getByLabel("Expiry date (MM/YY)")).toHaveValue("12/30");
  await page.getByLabel("Security code (CVC)").fill("123");
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  await page.getByRole("button", { name: "Pay $40.00" }).click();
  await expect(page).toHaveURL(new RegExp(`${HM}/checkout/complete\\?orderIds=`));
  await expect(page.getByText("For Grace Hopper (grace@example.test)")).toBeVisible();
});

test("'An out-of-range donation ... Disable it, and say why next to the field'", async ({ page }) => {
  // Regression: 'Add to cart' stayed enabled and silently did nothing for an amount off the bounds.
  await page.goto(`${HM}/events/hm-donation`);
  const reserve = await waitForReserveIsland(page);
  const amount = reserve.getByLabel("Donation amount");
  const add = reserve.getByRole("button", { name: "Add to cart" });
  await amount.fill("0.50");
  await expect(add).toBeDisabled();
  const why = reserve
    .getByRole("alert")
    .filter({ hasText: "Value entered is outside min/max. Enter at least $1.00." });
  await expect(why).toBeVisible();
  await expect(amount).toHaveAttribute("aria-describedby", new RegExp(`${await why.getAttribute("id")}`));
  await amount.fill("1000.01");
  await expect(reserve.getByText("Value entered is outside min/max. Enter at most $1,000.00.")).toBeVisible();
  await expect(add).toBeDisabled();
  await amount.fill("20");
  await expect(add).toBeEnabled();
  await expect(reserve.getByText("Value entered is outside min/max")).toHaveCount(0);
});
