/**
 * The science centre, a tenant from catalogue files alone, sells in Kuwaiti dinars: three decimals
 * on the event page, at checkout, on the completed order and in the confirmation mail. Its default
 * language is Arabic: this test shops in English, at its `/sidra-science/en/…` addresses.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { cartWidget } from "./helpers/cart.ts";
import { addOneAdult } from "./helpers/reserve.ts";

const SELLER = "sidra-science";
/** The English pages' base: the tenant's default language is Arabic. */
const EN = `/${SELLER}/en`;

test("a visit bought in KWD: 'From KWD 3.500', Pay KWD 3.750, and the mail says KWD 3.750", async ({
  page,
}) => {
  await page.goto(`${EN}/events`);
  await expect(page.getByText("From KWD 3.500")).toBeVisible();
  await page.goto(`${EN}/events/ss-entry`);
  await addOneAdult(page);
  const widget = await cartWidget(page);
  await widget.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`${EN}/checkout/`));
  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Last name").fill("Al-Sabah");
  await page.getByLabel("Email address", { exact: true }).fill("noura@example.com");
  await page.getByLabel("Confirm email address").fill("noura@example.com");
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Pay KWD 3.750" }).click();
  await expect(page).toHaveURL(new RegExp(`${EN}/checkout/complete\\?orderIds=`));
  const heading = page.getByRole("heading", { name: /^Order number \S+/ });
  await expect(heading).toBeVisible();
  const fees = page.getByTestId("order-fees");
  await expect(fees.locator(".checkout-fees__total")).toContainText("KWD 3.750");
  const number = ((await heading.textContent()) ?? "").replace("Order number", "").trim();

  await page.goto(`/_mail?to=${encodeURIComponent("noura@example.com")}`);
  await page.getByRole("link", { name: new RegExp(`^Your order ${number}`) }).click();
  const body = page.frameLocator("iframe.mail-html").locator("body");
  await expect(body).toContainText("KWD 3.750");
  await expect(body).not.toContainText("375.00");
});
