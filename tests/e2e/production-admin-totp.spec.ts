/**
 * The back office in production mode: "a second factor (TOTP, with recovery codes), required for
 * admin and box office in production mode", then the done-when: "staff log in (with TOTP in
 * production mode), find an order and refund two of its tickets to the card; the places are on
 * sale again, and the buyer has the e-mail". This server has no mailbox (production mode refuses
 * one), so the mail is read where staff read it: on the order's page, under "E-mails sent".
 */
import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { firstOpenSession } from "./helpers/cart.ts";
import { buyGuestOrder } from "./helpers/guest-order.ts";

test("in production mode, box office sets up an authenticator, logs in with its code, and refunds two tickets to the card", async ({
  page,
  request,
}) => {
  test.slow();
  const email = `prod-refund-${randomUUID().slice(0, 8)}@example.com`;
  const session = await firstOpenSession(request, "hm-general-admission", 3);
  await buyGuestOrder(request, {
    session,
    quantity: 3,
    firstName: "Ada",
    lastName: "Lovelace",
    email: email,
  });
  const available = async () => {
    const res = await request.get(
      `/api/events/hm-general-admission/sessions/${session}?_seller=harbour-museum`,
    );
    return ((await res.json()) as { event_session: { _data: { available_capacity: number }[] } })
      .event_session._data[0]?.available_capacity;
  };
  const before = (await available()) ?? 0;

  // The password alone is not enough: the box office must set up an authenticator first.
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Set up your authenticator" })).toBeFocused();
  await expect(page.getByRole("img", { name: /QR code of the key/ })).toBeVisible();
  // Until the code is confirmed, the back office stays shut.
  const early = await page.request.get("/api/admin/orders?_seller=harbour-museum&q=x");
  expect(early.status()).toBe(403);
  expect(await early.text()).toContain("staff_second_factor_setup_required");
  const key = ((await page.locator(".admin-login__secret code").textContent()) ?? "").replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  const right = totp.generate();
  const wrong = `${(Number(right[0]) + 1) % 10}${right.slice(1)}`;
  await page.getByLabel("Code from the app").fill(wrong);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeFocused();
  const recovery = (await page.locator(".admin-login__codes li").allInnerTexts()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  await page.getByRole("link", { name: /back office/i }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);

  // Log out, and in again: password, then a code. A recovery code works once.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin\/login/);
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeFocused();
  await page.getByLabel("Code", { exact: true }).fill(recovery[0] ?? "");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await expectNoSeriousAxe(page);

  // Find the order and refund two of its three tickets to the card.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await page.getByLabel(/^Order number, e-mail/).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("status")).toHaveText(`1 order matches “${email}”.`);
  await page.getByRole("region", { name: "Orders found" }).getByRole("link").click();
  await expect(page.getByText("card ending 4242")).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  const tickets = page.getByRole("group", { name: "Tickets to refund" }).getByRole("checkbox");
  await tickets.nth(0).check();
  await tickets.nth(1).check();
  await page.getByLabel("Reason").fill("Two of the party are ill");
  await page.getByRole("button", { name: "Refund…" }).click();
  await page.getByRole("button", { name: "Yes, refund" }).click();
  await expect(page.getByRole("status")).toContainText("Refunded $");
  await expect(page.getByRole("cell", { name: "Cancelled" })).toHaveCount(2);

  // The places are on sale again, and the buyer's refund mail is on its way.
  expect(await available()).toBe(before + 2);
  await expect(
    page
      .getByRole("region", { name: "E-mails sent" })
      .or(page.locator("section[aria-labelledby=mails-heading]"))
      .getByText(new RegExp(`“Refund for your order \\S+ with Harbour Museum.*” to ${email}`)),
  ).toBeVisible();

  // The used recovery code is spent.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("Code", { exact: true }).fill(recovery[0] ?? "");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});
