/**
 * Tickets in hand in the browser: the completion page shows a QR code per ticket and the
 * wallet buttons only where walletprecheck says ok; the tickets page prints one ticket per card
 * without page chrome; the confirmation mail in the mailbox holds the QR code of every ticket
 * (the `qrcode` rendering of its scan code, byte for byte: no QR decoder package is installed)
 * and the calendar; axe finds nothing serious.
 */
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import sharp from "sharp";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { admissionCart, SELLER } from "./helpers/cart.ts";

interface Order {
  id: string;
  order_number: string;
  email: string;
}

/** A guest checkout of two adult admissions; exp_year 2099 keeps the payment processing (a pending order). */
async function guestOrder(request: APIRequestContext, expYear = 2034): Promise<Order> {
  const cart = await admissionCart(request, 2);
  const email = `tickets-${randomUUID()}@example.com`;
  const paid = await request.post(`/api/cart/${cart.cart._data[0]?.id}/guest_checkout?_seller=${SELLER}`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: expYear, cvc: "123" },
      identity: { first_name: "Ada", last_name: "Lovelace", email },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const order = (
    (await paid.json()) as { ticket_order?: { _data: Array<{ id: string; order_number: string }> } }
  ).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  return { ...order, email };
}

/** The scan codes of an order's tickets, through the order read. */
async function scanCodes(request: APIRequestContext, orderId: string): Promise<string[]> {
  const res = await request.get(`/api/ticket_order?_seller=${SELLER}&id._in=${orderId}&_embed=ticket`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { ticket: { _data: Array<{ scan_code: string | null }> } };
  return body.ticket._data.map((t) => t.scan_code ?? "").filter(Boolean);
}

const completion = (page: Page, orderId: string) =>
  page.goto(`/${SELLER}/checkout/complete?orderIds=${orderId}`);

test("completion: 'a QR code per ticket, carrying its scan_code, next to the order's QR code', with the wallet buttons walletprecheck allows", async ({
  page,
  request,
}, testInfo) => {
  const order = await guestOrder(request);
  const codes = await scanCodes(request, order.id);
  expect(codes).toHaveLength(2);
  const res = await completion(page, order.id);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("img", { name: `QR code for order ${order.order_number}` })).toBeVisible();
  const ticketQrs = page.getByTestId("ticket-qr");
  await expect(ticketQrs).toHaveCount(2);
  for (const code of codes) {
    await expect(page.getByRole("img", { name: `QR code of ticket ${code}` })).toBeVisible();
  }
  // Regression: timed tickets showed no entry time, and each QR read only 'Adult · code'. The line
  // says its entry time, and each QR is on a card naming its event, date, time and type.
  await expect(page.locator(".order-complete__when strong")).toHaveText(/^\d{1,2}:\d{2}\s(AM|PM)$/);
  for (const card of await ticketQrs.all()) {
    await expect(card.getByRole("heading", { level: 3 })).toHaveText("General Admission");
    await expect(card.getByText("Time", { exact: true })).toBeVisible();
    await expect(card.getByText("Ticket", { exact: true })).toBeVisible();
  }
  // Demo mode has local wallet keys: both providers say ok for an active ticket of a completed order.
  const apple = page.getByRole("link", { name: "Add to Apple Wallet" });
  const google = page.getByRole("link", { name: "Save to Google Wallet" });
  await expect(apple).toHaveCount(2);
  await expect(google).toHaveCount(2);
  const pkpass = await apple.first().getAttribute("href");
  expect(pkpass).toMatch(/^\/api\/ticket\/[^/]+\/pkpass\?token=/);
  const pass = await page.request.get(pkpass ?? "");
  expect(pass.status()).toBe(200);
  expect(pass.headers()["content-type"]).toBe("application/vnd.apple.pkpass");
  // The seller's content (spec 2 §2): the sanitized message, the links, the image with a mobile source below 26em.
  await expect(page.locator(".order-complete__message strong")).toHaveText(
    "Thank you for visiting the Harbour Museum.",
  );
  await expect(page.getByRole("link", { name: "Plan your visit" })).toBeVisible();
  await expect(page.locator('picture source[media="(max-width: 26em)"]')).toHaveCount(1);
  await expect(
    page.getByRole("img", { name: "Paintbrushes thick with blue, pink and green paint" }),
  ).toHaveCSS("object-position", "50% 40%");
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: testInfo.outputPath("completion-desktop.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole("img", { name: "Paintbrushes thick with blue, pink and green paint" }),
  ).toHaveCSS("object-position", "50% 30%");
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: testInfo.outputPath("completion-phone.png"), fullPage: true });
});

test("completion: a pending order's tickets have no wallet pass yet, so walletprecheck says no and no wallet button shows", async ({
  page,
  request,
}) => {
  const order = await guestOrder(request, 2099);
  await completion(page, order.id);
  await expect(page.getByTestId("ticket-qr")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Add to Apple Wallet" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Save to Google Wallet" })).toHaveCount(0);
});

test("the tickets page: one card per ticket with its QR code and 'Add to calendar'; printed, no chrome and one ticket per printed card", async ({
  page,
  request,
}, testInfo) => {
  const order = await guestOrder(request);
  const codes = await scanCodes(request, order.id);
  await completion(page, order.id);
  await page.getByRole("link", { name: "View tickets" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete/tickets\\?orderIds=${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Your tickets" })).toBeVisible();
  const cards = page.getByTestId("ticket-card");
  await expect(cards).toHaveCount(2);
  for (const code of codes)
    await expect(page.getByRole("img", { name: `QR code of ticket ${code}` })).toBeVisible();
  // Date as 'ddd, MMMM D YYYY' in the venue's zone, the time, the ticket type.
  await expect(cards.first().locator("dd").first()).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2} \d{4}$/);
  await expect(cards.first()).toContainText("Adult");
  const calendar = page.getByRole("link", { name: "Add to calendar" });
  const ics = await page.request.get((await calendar.getAttribute("href")) ?? "");
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("BEGIN:VEVENT");
  await expect(page.getByRole("button", { name: "Print tickets" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: testInfo.outputPath("tickets-desktop.png"), fullPage: true });

  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print tickets" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Add to Apple Wallet" }).first()).toBeHidden();
  const items = page.locator(".ticket-cards > li");
  await expect(items.nth(0)).toHaveCSS("break-inside", "avoid");
  await expect(items.nth(1)).toHaveCSS("break-before", "page");
  await expect(items.nth(0)).not.toHaveCSS("break-before", "page");
  for (const code of codes)
    await expect(page.getByRole("img", { name: `QR code of ticket ${code}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("tickets-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: testInfo.outputPath("tickets-phone.png"), fullPage: true });
});

/** A PNG's pixels as RGBA, whatever colour type it was written in. */
const rgba = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();

test("the mail in the mailbox: a QR image per ticket, the qrcode rendering of its scan code, and the calendar attachment", async ({
  page,
  request,
}, testInfo) => {
  const order = await guestOrder(request);
  const codes = await scanCodes(request, order.id);
  await page.goto(`/_mail?to=${encodeURIComponent(order.email)}`);
  await page
    .getByRole("link", { name: new RegExp(order.order_number) })
    .first()
    .click();
  const frame = page.frameLocator("iframe.mail-html");
  for (const code of codes) {
    const image = frame.getByRole("img", { name: `QR code of ticket ${code}` });
    await expect(image).toBeVisible();
    const src = (await image.getAttribute("src")) ?? "";
    const png = await page.request.get(src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const expected = await QRCode.toBuffer(code, {
      type: "png",
      margin: 4,
      width: 256,
      errorCorrectionLevel: "M",
    });
    // The mail writes the same pixels in a smaller grey PNG: compared as pixels, not bytes.
    const [got, want] = await Promise.all([rgba(Buffer.from(await png.body())), rgba(expected)]);
    expect(got.equals(want), `the QR image of ${code}`).toBe(true);
  }
  await expect(frame.getByRole("link", { name: "Add to Apple Wallet" })).toHaveCount(2);
  await expect(frame.getByRole("link", { name: "View and print your tickets" })).toBeVisible();
  await expect(page.getByRole("link", { name: `order-${order.order_number}.ics` })).toBeVisible();
  await expect(page.locator("pre.mail-text")).toContainText(`Ticket code: ${codes[0]}`);
  await page.screenshot({ path: testInfo.outputPath("mail.png"), fullPage: true });
});
