/**
 * The mailbox page ("a mailbox page at /_mail, outside production, shows what was sent";
 * the e2e server runs with MAILBOX=on): the page renders its empty or list state with one heading,
 * is never cached, and passes axe; and a guest order's confirmation, opened there on a phone,
 * fits the phone's width.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { firstOpenSession } from "./helpers/cart.ts";
import { buyGuestOrder } from "./helpers/guest-order.ts";

test("mailbox: /_mail renders with one h1, the recipient filter, no-store, and no serious axe violations", async ({
  page,
}) => {
  const res = await page.goto("/_mail");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByLabel("Recipient e-mail")).toBeVisible();
  // Either the empty state or the table of mail, newest first.
  await expect(page.getByText("No mail yet.").or(page.getByRole("table"))).toBeVisible();
  await expectNoSeriousAxe(page);
});

test("mailbox: ?to= filters by recipient and says when there is none", async ({ page }) => {
  const res = await page.goto("/_mail?to=nobody%40example.test");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("No mail for nobody@example.test.")).toBeVisible();
  await page.getByLabel("Recipient e-mail").fill("someone@example.test");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/_mail\?to=someone%40example\.test$/);
  await expect(page.getByText("No mail for someone@example.test.")).toBeVisible();
});

test("mailbox: an unknown mail or attachment is a 404", async ({ request }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  expect((await request.get(`/_mail/${id}`)).status()).toBe(404);
  expect((await request.get(`/_mail/${id}/attachment/qr-1`)).status()).toBe(404);
  expect((await request.get("/_mail/not-a-uuid")).status()).toBe(404);
});

test("the order confirmation reads on a 390 px phone: no sideways scrolling, each ticket's QR code whole below its details", async ({
  page,
  request,
}) => {
  const email = `phone-${randomUUID()}@example.test`;
  const session = await firstOpenSession(request, "hm-general-admission", 2);
  await buyGuestOrder(request, { session, quantity: 2, firstName: "Amira", lastName: "Haddad", email });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /Your order \d+ with Harbour Museum/ }).click();
  // The mailbox page itself: the plain text's long links wrap instead of widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const mail = page.frameLocator("iframe.mail-html");
  const qr = mail.getByRole("img", { name: /^QR code of ticket / });
  await expect(qr).toHaveCount(2);
  const frameWidth = (await page.locator("iframe.mail-html").boundingBox())?.width ?? 0;
  const inside = await mail.locator("body").evaluate((body) => ({
    scroll: body.ownerDocument.documentElement.scrollWidth,
    client: body.ownerDocument.documentElement.clientWidth,
  }));
  expect(inside.scroll).toBeLessThanOrEqual(inside.client);
  for (const code of await qr.all()) {
    const box = await code.evaluate((img) => img.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.right).toBeLessThanOrEqual(frameWidth);
  }
  // On a phone the code sits below the ticket's details (the columns wrap), not squeezed beside them.
  const block = mail.locator("[data-ticket-block]").first();
  const [detailsBottom, qrTop] = await block.evaluate((table) => [
    table.querySelector("table")?.getBoundingClientRect().bottom ?? 0,
    table.querySelector("img")?.getBoundingClientRect().top ?? 0,
  ]);
  expect(qrTop).toBeGreaterThan(detailsBottom);
});
