/**
 * Checkout extras (spec 2 §2, §4, §5): the donation add changes the total to pay; the
 * confirmation e-mail of a completed checkout is in the mailbox with the order number in its
 * subject and its QR images; scheduled payments (Upcoming/Overdue, total outstanding) with the
 * partial-amount choice, the other amount clamped, and a partial result staying on the page; a
 * cart blocked until a code is entered (the curator's tour, code CURATOR).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures.ts";
import { admissionCart, createCart, firstOpenSession, SELLER, seedCart } from "./helpers/cart.ts";

const checkoutUrl = (cartId: string) => `/${SELLER}/checkout/${cartId}`;

async function openCart(page: Page, answer: Awaited<ReturnType<typeof createCart>>) {
  const cartId = answer.cart._data[0]?.id ?? "";
  await seedCart(page, answer);
  await page.goto(checkoutUrl(cartId));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  return cartId;
}

async function fillIdentity(page: Page, email: string) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  // A harbour membership asks the buyer's ZIP code (the group's identity_form).
  const zip = page.getByLabel("ZIP code");
  if (await zip.count()) await zip.fill("02110");
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
}

async function fillCard(page: Page) {
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
}

test("the donation add changes the total; the confirmation e-mail is in /_mail with the order number and QR images", async ({
  page,
  request,
}) => {
  await openCart(page, await admissionCart(request, 2));
  await expect(page.getByRole("button", { name: "Pay $53.00" })).toBeVisible();

  const donation = page.getByRole("group", { name: "Add a donation" });
  // A flexible amount outside min/max is refused with the spec's text (flexible-price rules).
  await donation.getByRole("radio", { name: "Other amount" }).check();
  await donation.getByRole("spinbutton", { name: "Other amount" }).fill("0.50");
  // The button is disabled and the field says why.
  await expect(donation.getByRole("button", { name: "Add donation" })).toBeDisabled();
  await expect(donation.getByText("Value entered is outside min/max. Enter at least $1.00.")).toBeVisible();
  await donation.getByRole("radio", { name: "$10.00" }).check();
  await donation.getByRole("button", { name: "Add donation" }).click();
  await expect(
    donation.getByText("Thank you! Your donation of $10.00 was added to your cart."),
  ).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay $63.00" });
  await expect(pay).toBeVisible();

  const email = `extras-${crypto.randomUUID()}@example.com`;
  await fillIdentity(page, email);
  await fillCard(page);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  const heading = await page.getByRole("heading", { name: /^Order number \S+/ }).textContent();
  const orderNumber = heading?.replace("Order number ", "").trim() ?? "";
  expect(orderNumber).not.toBe("");

  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  const link = page.getByRole("link", { name: new RegExp(`Your order ${orderNumber} `) });
  await expect(link).toBeVisible();
  await link.click();
  const body = page.frameLocator("iframe.mail-html");
  // Each ticket block's QR image is named after the ticket's scan code.
  const qr = body.getByRole("img", { name: /^QR code of ticket [A-Z0-9]+$/ }).first();
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // One per admission ticket; the donation is no ticket to show at the gate.
  await expect(body.getByRole("img", { name: /^QR code of ticket/ })).toHaveCount(2);
});

test("scheduled payments: pay in full is the default, nothing due today reads 'Overdue', the other amount is clamped; the first instalment books the order and checkout confirms it", async ({
  page,
  request,
}) => {
  // Regression: checkout opened with the instalment selected, labelled today's deposit 'Overdue', and
  // after it was paid kept offering 'Pay' with no order number, no e-mail and no way to the order.
  const cartId = await openCart(
    page,
    await createCart(request, [{ ticket_type_id: "hm-membership-individual" }]),
  );
  const schedule = page.getByRole("region", { name: "Scheduled payments" });
  await expect(schedule.getByRole("listitem")).toHaveCount(3);
  await expect(schedule.getByRole("listitem").nth(0)).toContainText("$25.50");
  await expect(schedule.getByRole("listitem").nth(0)).toContainText("Due today");
  await expect(schedule.getByText("Overdue")).toHaveCount(0);
  await expect(schedule.getByRole("listitem").nth(1)).toContainText("Upcoming");
  await expect(schedule.getByRole("listitem").nth(1)).toContainText(
    /^[A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2} \d{4}/,
  );
  await expect(schedule.getByText("Total outstanding")).toBeVisible();
  await expect(schedule.getByText("$75.00")).toBeVisible();

  const amount = page.getByRole("group", { name: "Amount to pay" });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  // The plan is an opt-in choice: a buyer who does not look at it pays in full.
  await expect(amount.getByRole("radio", { name: "Total outstanding ($75.00)" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Pay $75.00" })).toBeVisible();
  await amount.getByRole("radio", { name: /^Amount due/ }).check();
  await expect(page.getByRole("button", { name: "Pay $25.50" })).toBeVisible();
  // Spec §5: the other amount is clamped between the due amount and the outstanding balance.
  await amount.getByRole("radio", { name: "Other amount" }).check();
  const other = amount.getByRole("spinbutton");
  await other.fill("10");
  await other.blur();
  await expect(other).toHaveValue("25.50");
  await other.fill("30.004");
  await other.blur();
  await expect(other).toHaveValue("30.00");
  const pay = page.getByRole("button", { name: "Pay $30.00" });
  await expect(pay).toBeVisible();

  const email = `plan-${crypto.randomUUID()}@example.com`;
  await fillIdentity(page, email);
  await fillCard(page);
  await pay.click();
  // Spec 2 §4: the buyer stays on checkout, and learns what they now have.
  const panel = page.getByRole("region", { name: "Your order is booked" });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(checkoutUrl(cartId));
  await expect(panel.getByText("Thank you! Your payment of $30.00 was received.")).toBeVisible();
  await expect(panel.getByTestId("plan-order-number")).toHaveText(/^Order number \S+$/);
  await expect(panel.getByRole("listitem").filter({ hasText: "Individual" })).toBeVisible();
  await expect(panel.getByRole("listitem").nth(1)).toContainText("Paid");
  await expect(panel.getByText("$45.00")).toBeVisible();
  await expect(
    panel.getByText(/^Your next payment is due on [A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2} \d{4}\.$/),
  ).toBeVisible();
  await expect(
    panel.getByText(`We have sent a confirmation with your payment schedule to ${email}.`),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  const number = ((await panel.getByTestId("plan-order-number").textContent()) ?? "").replace(
    "Order number ",
    "",
  );
  await page.screenshot({ path: test.info().outputPath("plan-order-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("plan-order-390.png"), fullPage: true });
  await panel.getByRole("link", { name: "View your order" }).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  await expect(page.getByText(number).first()).toBeVisible();
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: new RegExp(`^Your order ${number}`) })).toBeVisible();
});

test("a payment whose answer is lost is retried with the same idempotency key: paid once, not twice", async ({
  page,
  request,
}) => {
  // Regression: every click made a new key, so a partial payment retried after a lost answer was
  // taken twice.
  const cartId = await openCart(
    page,
    await createCart(request, [{ ticket_type_id: "hm-membership-individual" }]),
  );
  await fillIdentity(page, `retry-${crypto.randomUUID()}@example.com`);
  await fillCard(page);
  await page.getByRole("radio", { name: /^Amount due/ }).check();
  // The first payment request reaches the server, but its answer never comes back to the page.
  let lost = false;
  await page.route(new RegExp(`/api/cart/${cartId}/guest_checkout(\\?|$)`), async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  const pay = page.getByRole("button", { name: "Pay $25.50" });
  await pay.click();
  await expect(page.getByRole("alert")).toBeVisible();
  await pay.click();
  await expect(page.getByText("Thank you! Your payment of $25.50 was received.")).toBeVisible();
  // Paid once: the order still owes $49.50 of its $75.00.
  await expect(page.getByRole("region", { name: "Your order is booked" }).getByText("$49.50")).toBeVisible();
});

test("'a form for a cart blocked until a code is entered': a wrong code shows the error, the right code unblocks, then 4242 pays", async ({
  page,
  request,
}) => {
  const session = await firstOpenSession(request, "hm-hidden-event");
  await openCart(
    page,
    await createCart(request, [
      { ticket_type_id: "hm-curator-adult", event_session_id: session, quantity: 1 },
    ]),
  );
  const form = page.getByRole("region", { name: "Code required" });
  await expect(form).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay $60.00" });
  await expect(pay).toBeDisabled();

  // Spec 1 §5: trimmed, 2 to 35 characters; apply disabled below the minimum.
  const code = form.getByLabel("Code", { exact: true });
  const apply = form.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await code.fill(" x ");
  await expect(apply).toBeDisabled();
  await code.fill("NOTACODE");
  await apply.click();
  await expect(form.getByRole("alert")).toHaveText('"NOTACODE" is not a valid promo code.');
  await expect(pay).toBeDisabled();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  await code.fill(" curator ");
  await apply.click();
  await expect(form).toHaveCount(0);
  await expect(pay).toBeEnabled();
  await fillIdentity(page, `code-${crypto.randomUUID()}@example.com`);
  await fillCard(page);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
});

test("harbour-museum: a donation-only order", async ({ page, request }) => {
  const res = await request.post(`/api/my/cart/modify?_seller=${SELLER}`, {
    data: { add: [{ ticket_type_id: "hm-donation-amount", quantity: 1, face_value: "40.00" }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  await openCart(page, (await res.json()) as Awaited<ReturnType<typeof createCart>>);
  const pay = page.getByRole("button", { name: "Pay $40.00" });
  await expect(pay).toBeVisible();
  await fillIdentity(page, "donor@example.com");
  await fillCard(page);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
});
