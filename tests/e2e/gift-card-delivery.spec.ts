/**
 * The gift card page as a buyer meets it: the recipient's e-mail is checked ('not-an-email' and
 * 'bob@' are refused), the form starts over after an add (a second click does not silently add a
 * second card), and after paying, the completion page says where the number went and the
 * recipient's mail (the mailbox, /_mail) holds the number, the balance and the message.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { SELLER } from "./helpers/cart.ts";
import { serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const HM = `/${SELLER}`;

test("'Bought gift cards are never delivered': the recipient's e-mail is checked, the form resets, and the recipient's mail holds the number", async ({
  page,
}) => {
  const ann = `ann-${randomUUID()}@example.test`;
  await page.goto(`${HM}/events/hm-gift-card`);
  const reserve = await waitForReserveIsland(page);
  await reserve.getByRole("radio", { name: "$50 gift card", exact: true }).check();
  const recipient = reserve.getByRole("group", { name: "Who is it for?" });
  await recipient.getByLabel("Recipient's name").fill("Ann Smith");
  const add = reserve.getByRole("button", { name: "Add to cart" });
  for (const bad of ["not-an-email", "bob@"]) {
    await recipient.getByLabel("Recipient's e-mail").fill(bad);
    await add.click();
    await expect(recipient.getByText("Enter a valid e-mail address.")).toBeVisible();
  }
  await recipient.getByLabel("Recipient's e-mail").fill(ann);
  await recipient.getByLabel("Message for the recipient").fill("Happy birthday!");
  await add.click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();

  // "The form resets after adding, so a second click doesn't add a second card silently."
  await expect(recipient.getByLabel("Recipient's name")).toHaveValue("");
  await expect(recipient.getByLabel("Recipient's e-mail")).toHaveValue("");
  await expect(recipient.getByLabel("Message for the recipient")).toHaveValue("");
  await add.click();
  await expect(recipient.getByText("Please answer this question.").first()).toBeVisible();
  const cart = await serverCart(page, SELLER);
  expect(cart.ticket._data).toEqual([expect.objectContaining({ ticket_type_id: "hm-gift-card-50" })]);

  const cartId = cart.cart._data[0]?.id ?? "";
  await page.goto(`${HM}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Bea");
  await page.getByLabel("Last name").fill("Buyer");
  await page.getByLabel("Email address", { exact: true }).fill("bea@example.test");
  await page.getByLabel("Confirm email address").fill("bea@example.test");
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").pressSequentially("1230");
  await page.getByLabel("Security code (CVC)").fill("123");
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  await page.getByRole("button", { name: "Pay $50.00" }).click();
  await expect(page).toHaveURL(new RegExp(`${HM}/checkout/complete\\?orderIds=`));
  await expect(page.getByText(`For Ann Smith (${ann})`)).toBeVisible();
  await expect(page.getByText(`The gift card number is e-mailed to ${ann}.`)).toBeVisible();
  await expect(page.getByText(/GC-[2-9A-Z]{4}-/)).toHaveCount(0);

  await page.goto(`/_mail?to=${encodeURIComponent(ann)}`);
  await page
    .getByRole("link", { name: /gift card/ })
    .first()
    .click();
  await expect(page.getByText(/GC-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}/).first()).toBeVisible();
  await expect(page.getByText("$50.00").first()).toBeVisible();
  await expect(page.getByText("Happy birthday!")).toBeVisible();
});
