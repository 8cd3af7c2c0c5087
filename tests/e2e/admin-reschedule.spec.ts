/**
 * The visitor phones: "we can't come that day, can we come another?" An admin finds the order,
 * moves one of its tickets to a session on another day (the price paid kept), and the order's
 * page shows the new date and the change in its audit trail; the places moved, and the buyer has
 * the updated confirmation. Then the admin cancels a ticket without a refund, after a confirmation
 * that says no money goes back. In Chromium, with axe on the order's page.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

interface SessionRow {
  id: string;
  start_datetime: string;
  available_capacity: number | null;
}

async function sessions(request: APIRequestContext): Promise<SessionRow[]> {
  const res = await request.get(
    "/api/events/hm-general-admission/sessions?_seller=harbour-museum&_limit=100&sold_out=false&_sort=start_datetime",
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { event_session: { _data: SessionRow[] } }).event_session._data;
}

async function available(request: APIRequestContext, id: string) {
  return (await sessions(request)).find((s) => s.id === id)?.available_capacity;
}

test("an admin moves a ticket to another day, then cancels one without a refund", async ({
  page,
  request,
}) => {
  const email = `reschedule-${randomUUID().slice(0, 8)}@example.com`;
  // Sessions well down the list, which the other specs (first open session, next weekday) leave
  // alone, so the places counted here are this test's.
  const all = await sessions(request);
  const roomy = (s: SessionRow) => s.available_capacity === null || s.available_capacity >= 10;
  const from = all.slice(30).find(roomy)?.id ?? "";
  if (!from) throw new Error("no session with room");
  const fromStart = Date.parse(all.find((s) => s.id === from)?.start_datetime ?? "");
  // A session at least a day later with room: another day at the venue.
  const to = all.find((s) => Date.parse(s.start_datetime) >= fromStart + 24 * 3600_000 && roomy(s));
  if (!to) throw new Error("no later session with room");
  const cart = await request.post("/api/my/cart/modify?_seller=harbour-museum", {
    data: { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: from, quantity: 3 }] },
  });
  const cartId = ((await cart.json()) as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: { first_name: "Ada", last_name: "Lovelace", email },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const [fromBefore, toBefore] = [await available(request, from), await available(request, to.id)];

  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("admin@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await page.getByLabel(/^Order number, e-mail/).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("region", { name: "Orders found" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order \S+$/ })).toBeVisible();
  const orderUrl = page.url();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expect(page.getByText("The visitor keeps the price they paid")).toBeVisible();
  await expectNoSeriousAxe(page);

  // Reschedule one of the three tickets.
  const moving = page.getByRole("group", { name: "Tickets to move" }).getByRole("checkbox");
  await expect(moving).toHaveCount(3);
  await moving.nth(1).uncheck();
  await moving.nth(2).uncheck();
  const target = page.getByLabel("Move to");
  await target.selectOption(to.id);
  const newTime = ((await target.locator("option:checked").textContent()) ?? "").replace(/ \(.*\)$/, "");
  expect(newTime).not.toBe("");
  await page.getByLabel("Why move them").fill("Visitor phoned: they can't come that day");
  await page.getByRole("button", { name: "Move tickets…" }).click();
  await expect(page.getByRole("group", { name: "Confirm the change" })).toContainText(
    "Move 1 ticket from General Admission",
  );
  await page.getByRole("button", { name: "Yes, move them" }).click();
  await expect(page.getByRole("status")).toContainText("Moved 1 ticket");
  // After the reload: the ticket's new date, and the change in the audit trail.
  await expect(page.getByRole("heading", { level: 1, name: /^Order \S+$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tickets of the order" })).toContainText(newTime);
  await expect(
    page.getByText(new RegExp(`rescheduled 1 ticket from .* to ${literal(newTime)}`)),
  ).toBeVisible();
  expect(await available(request, from)).toBe((fromBefore ?? 0) + 1);
  expect(await available(request, to.id)).toBe((toBefore ?? 0) - 1);

  // The buyer has the updated confirmation, newest first.
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: /^Your order / })).toHaveCount(2);
  await page
    .getByRole("link", { name: /^Your order / })
    .first()
    .click();
  await expect(page.locator(".mail-text")).toContainText("Your booking has been changed.");

  // Cancel one ticket without a refund.
  await page.goto(orderUrl);
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  const cancelling = page.getByRole("group", { name: "Tickets to cancel" }).getByRole("checkbox");
  await expect(cancelling).toHaveCount(3);
  await cancelling.nth(2).check();
  await page.getByLabel("Why cancel").fill("No-show agreed with the visitor");
  await page.getByRole("button", { name: "Cancel tickets…" }).click();
  const confirm = page.getByRole("group", { name: "Confirm the cancellation" });
  await expect(confirm).toContainText("Cancel 1 ticket without a refund?");
  await expect(confirm).toContainText("No money goes back to the buyer");
  await page.getByRole("button", { name: "Yes, cancel without refund" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled 1 ticket, without a refund.");
  await expect(page.getByRole("cell", { name: "Cancelled" })).toHaveCount(1);
  await expect(page.getByText(/cancelled without a refund: No-show agreed with the visitor/)).toBeVisible();
  await expect(page.getByText(/refund of /)).toHaveCount(0);
});

/** Text as a literal in a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
