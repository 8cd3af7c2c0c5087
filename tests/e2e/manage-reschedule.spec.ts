/**
 * Rescheduling from the confirmation mail (spec 2 §2 "/manage/{orderId}/reschedule/
 * {sessionId}", §4, §8): at the harbour (self-edit on) a guest books, opens "Manage your booking"
 * from the mail in the mailbox, follows Reschedule, picks another date and time with the reserve
 * flow's pickers and confirms. Same price: confirmed with the free gateway, straight back to the
 * order. Seniors cost more on Saturdays: the difference is paid on /manage/{orderId}/confirm (the
 * checkout screen, test card) and the shopper returns to the order. axe on both new pages.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { seriousAxeViolations as axe } from "./helpers/axe.ts";
import { testNow } from "./helpers/clock.ts";

const HM = "harbour-museum";
const EVENT = "hm-general-admission";
const TZ = "America/New_York";
const DAY = 86_400_000;

const uniqueEmail = (tag: string) => `reschedule-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const weekday = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: TZ }).format(new Date(iso));

/** An open session at least `days` days ahead that is not on a Saturday (seniors pay more then). */
async function weekdaySession(request: APIRequestContext, days: number) {
  const after = new Date(testNow().getTime() + days * DAY).toISOString();
  const res = await request.get(
    `/api/events/${EVENT}/sessions?_seller=${HM}&_limit=40&sold_out=false&_sort=start_datetime&start_datetime._gte=${encodeURIComponent(after)}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    event_session: {
      _data: Array<{ id: string; start_datetime: string; available_capacity: number | null }>;
    };
  };
  const session = body.event_session._data.find(
    (s) =>
      weekday(s.start_datetime) !== "Sat" && (s.available_capacity === null || s.available_capacity > 10),
  );
  if (!session) throw new Error("no open weekday session");
  return session;
}

/** Books `add` (or the cart `existing`) as a guest on the checkout page, paying with the test card. */
async function book(page: Page, add: Array<Record<string, unknown>>, email: string, existing?: string) {
  let cartId = existing ?? "";
  if (!existing) {
    const res = await page.request.post(`/api/my/cart/modify?_seller=${HM}`, { data: { add } });
    expect(res.status(), await res.text()).toBe(200);
    cartId = ((await res.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
  }
  await page.goto(`/${HM}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await payByCard(page);
  await expect(page).toHaveURL(new RegExp(`/${HM}/checkout/complete\\?orderIds=`));
}

async function payByCard(page: Page) {
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** Opens the "Manage your booking" link of the newest mail to `to` from the mailbox. */
async function openManageLink(page: Page, to: string) {
  await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
  await page
    .getByRole("link", { name: /^Your order \S+ with / })
    .first()
    .click();
  const href =
    (await page
      .frameLocator(".mail-html")
      .getByRole("link", { name: "Manage your booking" })
      .getAttribute("href")) ?? "";
  expect(href).toMatch(/\/manage\/[^/?]+\?token=v1\./);
  await page.goto(href);
  await hydrated(page);
  return href;
}

async function hydrated(page: Page) {
  for (const island of await page.locator("astro-island").all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

/** From the manage page: Reschedule (the session's link), the reschedule page hydrated. */
async function openReschedule(page: Page, sessionId: string) {
  const link = page.getByRole("link", { name: /^Reschedule/ });
  await expect(link).toHaveAttribute("href", new RegExp(`/reschedule/${sessionId}\\?token=v1\\.`));
  const res = await page.goto((await link.getAttribute("href")) ?? "");
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Reschedule your tickets" })).toBeVisible();
  await page.locator('.reschedule[data-hydrated="true"]').waitFor();
}

/** Picks a date button (by its label) and then the first open time. */
async function pickDateAndTime(page: Page, date: RegExp) {
  await page.getByRole("button", { name: date }).first().click();
  await page.locator(".session-option input:not([disabled])").first().check();
}

test("reschedule to another date from the confirmation mail: same price, confirmed free, the order moved", async ({
  page,
  request,
}) => {
  const session = await weekdaySession(request, 3);
  const email = uniqueEmail("free");
  await book(page, [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }], email);
  const manageHref = await openManageLink(page, email);
  await openReschedule(page, session.id);
  await expect(page.getByRole("heading", { name: /^Your tickets for General Admission on / })).toBeVisible();
  await expect(page.getByText("2 × Adult")).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The eighth date offered is days after the booked one (at least 3 days ahead).
  const dates = page.locator(".date-buttons button:not([disabled])");
  await expect(dates.nth(7)).toBeVisible();
  await dates.nth(7).click();
  await page.locator(".session-option input:not([disabled])").first().check();
  await expect(page.getByTestId("reschedule-difference")).toHaveText("No price difference.");
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Confirm new time" }).click();

  await expect(page).toHaveURL(manageHref);
  await hydrated(page);
  await expect(page.getByText(/^Booked$/)).toHaveCount(2);
  await expect(page.getByText(/^Cancelled$/)).toHaveCount(2);
  // The buyer is told by mail (log_context order_update): a second mail for the order.
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: /^Your order / })).toHaveCount(2);
});

test("reschedule with a difference: a senior moved to a Saturday pays $2.00 on the confirm page and returns to the order", async ({
  page,
  request,
}) => {
  const session = await weekdaySession(request, 3);
  const email = uniqueEmail("paid");
  await book(page, [{ ticket_type_id: "hm-ga-senior", event_session_id: session.id, quantity: 1 }], email);
  const manageHref = await openManageLink(page, email);
  await openReschedule(page, session.id);

  await pickDateAndTime(page, /^Sat, /);
  await expect(page.getByTestId("reschedule-difference")).toHaveText("Price difference to pay: $2.00");
  await page.getByRole("button", { name: "Confirm new time" }).click();

  await expect(page).toHaveURL(new RegExp(`/${HM}/manage/[^/]+/confirm\\?token=v1\\.`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(page.getByRole("button", { name: "Pay $2.00" })).toBeVisible();
  // The order has its purchaser: no identity form on this checkout.
  await expect(page.getByLabel("First name")).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await payByCard(page);

  await expect(page).toHaveURL(manageHref);
  await hydrated(page);
  await expect(page.getByText(/^Booked$/)).toHaveCount(1);
  await expect(page.getByText(/^Cancelled$/)).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 3 }).filter({ hasText: /Sat, / })).toHaveCount(1);
});

test("regression: a WELCOME10 order moved to a Saturday showed one difference and charged another; the preview, the summary and the pay button now agree", async ({
  page,
  request,
}) => {
  const session = await weekdaySession(request, 3);
  const email = uniqueEmail("promo");
  const res = await page.request.post(`/api/my/cart/modify?_seller=${HM}`, {
    data: {
      add: [
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 },
        { ticket_type_id: "hm-ga-senior", event_session_id: session.id, quantity: 1 },
      ],
    },
  });
  const cartId = ((await res.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
  const code = await page.request.post(`/api/my/cart/${cartId}/apply_code?_seller=${HM}`, {
    data: { code: "WELCOME10" },
  });
  expect(code.status(), await code.text()).toBe(200);
  await book(page, [], email, cartId);
  const manageHref = await openManageLink(page, email);
  await openReschedule(page, session.id);

  // A Saturday senior costs $2.00 more, less WELCOME10's 10 %.
  await pickDateAndTime(page, /^Sat, /);
  await expect(page.getByTestId("reschedule-difference")).toHaveText("Price difference to pay: $1.80");
  await page.getByRole("button", { name: "Confirm new time" }).click();

  await expect(page).toHaveURL(new RegExp(`/${HM}/manage/[^/]+/confirm\\?token=v1\\.`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  const summary = page.getByTestId("checkout-fees");
  await expect(summary.getByText("Promo discount")).toBeVisible();
  await expect(summary.locator("div").filter({ hasText: "Your current tickets" })).toBeVisible();
  await expect(summary.locator("div").filter({ hasText: "Total to pay" })).toContainText("$1.80");
  await expect(page.getByRole("button", { name: "Pay $1.80" })).toBeVisible();
  await payByCard(page);
  await expect(page).toHaveURL(manageHref);
});

test("a seated concert: the reschedule offers the seat map, and left to us the party keeps its seats C9 and C10 at the new time", async ({
  page,
  request,
}) => {
  const after = new Date(testNow().getTime() + 10 * DAY).toISOString();
  const res = await request.get(
    `/api/events/hm-evening-concert/sessions?_seller=${HM}&_limit=5&sold_out=false&_sort=start_datetime&start_datetime._gte=${encodeURIComponent(after)}`,
  );
  const concert = ((await res.json()) as { event_session: { _data: Array<{ id: string }> } }).event_session
    ._data[0];
  if (!concert) throw new Error("no concert");
  const email = uniqueEmail("seated");
  await book(
    page,
    ["hm-seat-C09", "hm-seat-C10"].map((seat_template_id) => ({
      ticket_type_id: "hm-concert-stalls-standard",
      event_session_id: concert.id,
      seat_template_id,
    })),
    email,
  );
  const manageHref = await openManageLink(page, email);
  await openReschedule(page, concert.id);
  // The last date the calendar offers, later than the booked one.
  await page.locator(".date-buttons button:not([disabled])").last().click();
  await page.locator(".session-option input:not([disabled])").first().check();
  await expect(page.getByRole("button", { name: "Find Seats" })).toBeVisible();
  await expect(page.getByTestId("reschedule-difference")).toHaveText("No price difference.");
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Confirm new time" }).click();

  await expect(page).toHaveURL(manageHref);
  await hydrated(page);
  const booked = page.locator(".manage-session").filter({ hasText: "Booked" });
  await expect(booked.getByText("Stalls seat, C9")).toBeVisible();
  await expect(booked.getByText("Stalls seat, C10")).toBeVisible();
});

test("without a valid token the reschedule and confirm pages say 'We could not find that order.'; a logged-in visitor is asked to log out", async ({
  page,
}) => {
  for (const path of [`/${HM}/manage/any-order/reschedule/any-session`, `/${HM}/manage/any-order/confirm`]) {
    const res = await page.goto(`${path}?token=v1.1.x`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByText("We could not find that order.")).toBeVisible();
    expect(await axe(page)).toEqual([]);
  }
  const login = await page.request.post(`/api/login?_seller=${HM}`, {
    data: { credential_type: "password", username: "demo@harbour-museum.example", password: "Harbour-2026" },
  });
  expect(login.status()).toBe(200);
  for (const path of [`/${HM}/manage/any-order/reschedule/any-session`, `/${HM}/manage/any-order/confirm`]) {
    await page.goto(`${path}?token=v1.1.x`);
    await expect(page.getByText("Please log-out to edit your tickets")).toBeVisible();
    await expect(page.getByRole("link", { name: "Logout" })).toHaveAttribute("href", `/${HM}/logout`);
    expect(await axe(page)).toEqual([]);
  }
});

test("self-edit off (riverside-zoo): the reschedule page says 'Please contact us to reschedule your tickets.'", async ({
  page,
  request,
}) => {
  const after = new Date(testNow().getTime() + 2 * DAY).toISOString();
  const sessions = await request.get(
    `/api/events/rz-keeper-talk/sessions?_seller=riverside-zoo&_limit=5&sold_out=false&_sort=start_datetime&start_datetime._gte=${encodeURIComponent(after)}`,
  );
  const session = ((await sessions.json()) as { event_session: { _data: Array<{ id: string }> } })
    .event_session._data[0];
  if (!session) throw new Error("no keeper talk");
  const res = await page.request.post("/api/my/cart/modify?_seller=riverside-zoo", {
    data: { add: [{ ticket_type_id: "rz-talk-adult", event_session_id: session.id, quantity: 1 }] },
  });
  const cartId = ((await res.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
  const email = uniqueEmail("zoo");
  await page.goto(`/riverside-zoo/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await page.getByRole("button", { name: "Complete order" }).click();
  await expect(page).toHaveURL(/\/riverside-zoo\/checkout\/complete\?orderIds=/);
  const manage = await openManageLink(page, email);
  await page.goto(manage.replace("?token=", `/reschedule/${session.id}?token=`));
  await expect(page.getByText("Please contact us to reschedule your tickets.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to your booking" })).toHaveAttribute(
    "href",
    new URL(manage).pathname + new URL(manage).search,
  );
  expect(await axe(page)).toEqual([]);
});
