/**
 * "Staff log in, find an order and refund two of its tickets to the card; the places are on sale
 * again, and the buyer has the e-mail." In Chromium, with axe on the order's page.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { firstOpenSession } from "./helpers/cart.ts";
import { buyGuestOrder } from "./helpers/guest-order.ts";

test("the box office finds an order by e-mail and refunds two of its three tickets to the card", async ({
  page,
  request,
}) => {
  const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
  const session = await firstOpenSession(request, "hm-general-admission", 3);
  await buyGuestOrder(request, {
    session,
    quantity: 3,
    firstName: "Grace",
    lastName: "Hopper",
    email: email,
  });
  const available = async () => {
    const res = await request.get(
      `/api/events/hm-general-admission/sessions/${session}?_seller=harbour-museum`,
    );
    return ((await res.json()) as { event_session: { _data: { available_capacity: number }[] } })
      .event_session._data[0]?.available_capacity;
  };
  const before = await available();

  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await page.getByLabel(/^Order number, e-mail/).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("status")).toHaveText(`1 order matches “${email}”.`);
  await page.getByRole("region", { name: "Orders found" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order \S+$/ })).toBeVisible();
  await expect(page.getByText("card ending 4242")).toBeVisible();
  await expectNoSeriousAxe(page);

  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  const tickets = page.getByRole("group", { name: "Tickets to refund" }).getByRole("checkbox");
  await expect(tickets).toHaveCount(3);
  await tickets.nth(0).check();
  await tickets.nth(1).check();
  await page.getByLabel("Reason").fill("Two of the party are ill");
  await page.getByRole("button", { name: "Refund…" }).click();
  await expect(page.getByRole("group", { name: "Confirm the refund" })).toContainText("Refund 2 tickets");
  await page.getByRole("button", { name: "Yes, refund" }).click();
  await expect(page.getByRole("status")).toContainText("Refunded $53.00");
  // After the reload: two cancelled, one booked, and the audit names the box office member.
  await expect(page.getByRole("cell", { name: "Cancelled" })).toHaveCount(2);
  await expect(page.getByText(/Bea Box Office, refund: Two of the party are ill/)).toBeVisible();
  await expect(page.getByText(/refund of \$53\.00 through the test gateway \(given back\)/)).toBeVisible();

  // The places are on sale again.
  expect(await available()).toBe((before ?? 0) + 2);
  // The buyer has the e-mail.
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /^Refund for your order \S+ with Harbour Museum/ }).click();
  await expect(page.frameLocator("iframe.mail-html").locator("body")).toContainText(
    "We have refunded $53.00 to you. The tickets refunded are cancelled.",
  );
});
