/**
 * The box office's desk sale in Chromium: a box office member logs in, sells two adult tickets for
 * a session paid in cash (the change worked out), sees the order number, opens the printable
 * tickets with their QR codes, and e-mails the tickets, which arrive in the dev mailbox. Axe on the
 * desk page, its answer and the tickets page.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { firstOpenSession } from "./helpers/cart.ts";

test("the box office sells two tickets paid in cash, prints them and e-mails them", async ({
  page,
  request,
}) => {
  const email = `desk-${randomUUID().slice(0, 8)}@example.com`;
  const sessionId = await firstOpenSession(request, "hm-general-admission", 2);
  const read = await request.get(
    `/api/events/hm-general-admission/sessions/${sessionId}?_seller=harbour-museum`,
  );
  const start =
    ((await read.json()) as { event_session: { _data: { start_datetime: string }[] } }).event_session._data[0]
      ?.start_datetime ?? "";

  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Desk sale" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Desk sale" })).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expectNoSeriousAxe(page);

  // The session's day, in the venue's time zone (the desk's own answer names the zone).
  const day = await page.request.get("/api/admin/desk/sessions?_seller=harbour-museum");
  const zone = ((await day.json()) as { desk_day: { _data: { timezone: string }[] } }).desk_day._data[0]
    ?.timezone;
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(start));
  await page.getByLabel("Date of the visit").fill(date);
  const session = page.locator(`input[name="session"][value="${sessionId}"]`);
  await expect(session).toBeEnabled();
  await session.check();

  // Two adults: one typed, one more with the + button; the total is read out as it changes.
  await page.getByLabel(/^Adult \(/).fill("1");
  await page.getByRole("button", { name: "One more Adult" }).click();
  await expect(page.getByText("Total: $53.00 for 2 tickets")).toBeVisible();
  await page.getByLabel("Cash", { exact: true }).check();
  await page.getByLabel(/^Cash tendered in USD/).fill("60");
  await expect(page.getByText("Change to give: $7.00")).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Sell 2 tickets for $53.00" }).click();

  const sold = page.getByRole("heading", { level: 2, name: /^Sold: order \S+$/ });
  await expect(sold).toBeFocused();
  const orderNumber = ((await sold.textContent()) ?? "").replace("Sold: order ", "").trim();
  await expect(page.getByText("$7.00")).toBeVisible();
  await expectNoSeriousAxe(page);

  // E-mailed: the order's confirmation goes to the address the visitor gives.
  await page.getByLabel("E-mail the tickets to").fill(email);
  await page.getByRole("button", { name: "E-mail tickets" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The tickets are sent" })).toHaveText(
    `The tickets are sent to ${email}.`,
  );

  // Printed: one card per ticket, each with its QR code and the order number.
  await page.getByRole("link", { name: "Print tickets" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Tickets of order ${orderNumber}` }),
  ).toBeVisible();
  const cards = page.getByTestId("ticket-card");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card.locator("svg.ticket-qr")).toBeVisible();
    await expect(card).toContainText(orderNumber);
  }
  await expect(page.getByRole("button", { name: "Print tickets" })).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: new RegExp(orderNumber) })
    .first()
    .click();
  await expect(page.frameLocator("iframe.mail-html").locator("body")).toContainText(orderNumber);
});
