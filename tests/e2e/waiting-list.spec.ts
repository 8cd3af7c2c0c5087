/**
 * The waiting list end to end: "a shopper joins the list of a sold-out session; a ticket of that
 * session is cancelled; the shopper gets the offer e-mail, follows it and pays. Nobody else could
 * buy the place in between." In Chromium, with axe on the join, offer and checkout pages.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { SELLER } from "./helpers/cart.ts";
import { testNow } from "./helpers/clock.ts";
import { buyGuestOrder } from "./helpers/guest-order.ts";

const EVENT = "hm-general-admission";

/** A venue day three weeks after the test's instant (no other spec sells its sessions out). */
function quietDate(): string {
  const day = new Date(testNow().getTime() + 21 * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(day);
}

interface SessionRow {
  id: string;
  used_capacity: number;
  available_capacity: number;
  start_datetime: string;
}

async function sessionsOn(request: APIRequestContext, date: string): Promise<SessionRow[]> {
  const res = await request.get(
    `/api/events/${EVENT}/sessions?_seller=${SELLER}&_ondate=${date}&_sort=start_datetime&_limit=50`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { event_session: { _data: SessionRow[] } }).event_session._data;
}

/** Whether anyone else can hold a place of the session now (a fresh visitor's reserve). */
async function publicCanHold(request: APIRequestContext, session: string): Promise<number> {
  const res = await request.post(`/api/my/cart/modify?_seller=${SELLER}`, {
    data: { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session, quantity: 1 }] },
  });
  return res.status();
}

async function newestMail(page: Page, to: string, subject: RegExp): Promise<string> {
  await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
  await page.getByRole("link", { name: subject }).first().click();
  return (await page.locator(".mail-text").textContent()) ?? "";
}

test("a shopper joins a sold-out session's list; a cancellation's places are offered by e-mail, held for them alone, and they pay", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.slow();
  const date = quietDate();
  const session = (await sessionsOn(request, date)).at(-1);
  if (!session) throw new Error(`No session of ${EVENT} on ${date}`);
  const order = await buyGuestOrder(request, {
    session: session.id,
    quantity: 2,
    firstName: "Olga",
    lastName: "Holder",
    email: `holder-${randomUUID().slice(0, 8)}@example.com`,
  });

  // Staff close the session to what is taken: it is sold out.
  const staff = await playwright.request.newContext({ baseURL });
  const login = await staff.post(`/api/admin/login?_seller=${SELLER}`, {
    data: { email: "admin@harbour-museum.example", password: "Backoffice-2026" },
  });
  expect(login.status(), await login.text()).toBe(200);
  const taken = (await sessionsOn(request, date)).find((s) => s.id === session.id)?.used_capacity ?? 0;
  const closed = await staff.put(`/api/admin/sessions/${session.id}/capacity?_seller=${SELLER}`, {
    data: { capacity: taken, reason: "Sold out for the waiting list test" },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  // The shopper finds the list from the event page and joins it for two adults.
  const email = `waiting-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`/${SELLER}/events/${EVENT}`);
  await page
    .locator(".waiting-list-link")
    .getByRole("link", { name: "Sold out? Join the waiting list" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Join the waiting list" })).toBeVisible();
  await page.getByLabel("Date").fill(date);
  await page.getByRole("button", { name: "Show sessions" }).click();
  const form = page.locator(".waiting-list-form");
  await expect(form).toBeVisible();
  await page.locator(`astro-island:not([ssr]) input[value="${session.id}"]`).check();
  await page.getByLabel("Adult").selectOption("2");
  await page.getByLabel("E-mail").fill(email);
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(page.getByRole("heading", { name: "You are on the waiting list" })).toBeVisible();
  await expect(page.getByTestId("waiting-list-position")).toHaveText("You are 1st in line.");
  await expect(page.getByText("This is not a guarantee of tickets")).toBeVisible();
  await expectNoSeriousAxe(page);
  expect(await newestMail(page, email, /You are on the waiting list for General Admission/)).toContain(
    "/waiting-list/leave?token=",
  );

  // Nobody else can take a place, before the cancellation or after it.
  const stranger = await playwright.request.newContext({ baseURL });
  expect(await publicCanHold(stranger, session.id)).toBe(409);
  const cancelled = await staff.post(`/api/admin/orders/${order.id}/cancel?_seller=${SELLER}`, {
    data: { reason: "The holders cannot come" },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  expect(await publicCanHold(stranger, session.id)).toBe(409);

  // The offer mail comes with the next pass of the list (every few seconds).
  await expect
    .poll(
      async () => {
        await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
        return page.getByRole("link", { name: /Tickets for General Admission are held for you/ }).count();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
  const offer = await newestMail(page, email, /Tickets for General Admission are held for you/);
  expect(offer).toContain("2 tickets are held for you until");
  expect(await publicCanHold(stranger, session.id)).toBe(409);

  // The offer page, then checkout through the mail's link, and pay.
  const offerLink = offer.match(/https?:\/\/\S+\/waiting-list\/offer\?token=\S+/)?.[0] ?? "";
  await page.goto(new URL(offerLink).pathname + new URL(offerLink).search);
  await expect(page.getByRole("heading", { level: 1, name: "Tickets held for you" })).toBeVisible();
  await expect(page.getByText(/^2 tickets for General Admission on .* are held for you until/)).toBeVisible();
  await expectNoSeriousAxe(page);
  const payLink = offer.match(/https?:\/\/\S+\/transfer-cart\/\S+/)?.[0] ?? "";
  await page.goto(new URL(payLink).pathname);
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout$`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Wanda");
  await page.getByLabel("Last name").fill("Waiting");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Pay $53.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete/);
  expect(await publicCanHold(stranger, session.id)).toBe(409);
  await stranger.dispose();
  await staff.dispose();
});
