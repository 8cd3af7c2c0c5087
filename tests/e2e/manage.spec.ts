/**
 * Managing a booking from the confirmation mail (spec 2 §2, §4, §5, §6, §8): a guest books
 * a free keeper talk at the zoo, opens "Manage your booking" from the mail in the mailbox and
 * cancels the free order (its places go back); without a valid token the page says "We could not
 * find that order." and mails the link again; a logged-in visitor is asked to log out; at the
 * harbour (self-edit on) a paid order can't be cancelled ("You must contact us to cancel this
 * order.") and an edit is discarded. axe on every state of the page.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { seriousAxeViolations as axe } from "./helpers/axe.ts";
import { testNow } from "./helpers/clock.ts";

const ZOO = "riverside-zoo";
const HARBOUR = "harbour-museum";
const NOT_FOUND = "We could not find that order.";

const uniqueEmail = (tag: string) => `manage-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function sessionFrom(request: APIRequestContext, seller: string, event: string, after: Date) {
  const res = await request.get(
    `/api/events/${event}/sessions?_seller=${seller}&_limit=20&sold_out=false&_sort=start_datetime&start_datetime._gte=${encodeURIComponent(after.toISOString())}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    event_session: { _data: Array<{ id: string; available_capacity: number | null }> };
  };
  const session = body.event_session._data.find(
    (s) => s.available_capacity === null || s.available_capacity > 10,
  );
  if (!session) throw new Error(`no open session of ${event}`);
  return session;
}

async function available(request: APIRequestContext, seller: string, event: string, sessionId: string) {
  const res = await request.get(`/api/events/${event}/sessions?_seller=${seller}&id=${sessionId}`);
  const body = (await res.json()) as {
    event_session: { _data: Array<{ available_capacity: number | null }> };
  };
  return body.event_session._data[0]?.available_capacity ?? null;
}

/** Checks a cart out on the checkout page as a guest; answers when the completion page shows. */
async function checkOut(page: Page, seller: string, cartId: string, email: string, card: boolean) {
  await page.goto(`/${seller}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  if (card) {
    const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
    if (await terms.count()) await terms.check();
    await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
  } else {
    await page.getByRole("button", { name: "Complete order" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/${seller}/checkout/complete\\?orderIds=`));
}

async function cartOf(request: APIRequestContext, seller: string, add: Array<Record<string, unknown>>) {
  const res = await request.post(`/api/my/cart/modify?_seller=${seller}`, { data: { add } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
}

/** The "Manage your booking" link of the newest confirmation mail to `to`, read in the mailbox. */
async function manageLinkFromMail(page: Page, to: string): Promise<string> {
  await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
  await page
    .getByRole("link", { name: /^Your order \S+ with / })
    .first()
    .click();
  const link = page.frameLocator(".mail-html").getByRole("link", { name: "Manage your booking" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/\/manage\/[^/?]+\?token=v1\./);
  await expect(page.locator(".mail-text")).toContainText(`Manage your booking: ${href}`);
  return href;
}

async function hydrated(page: Page) {
  for (const island of await page.locator("astro-island").all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

test("from the confirmation mail in the mailbox: 'Manage your booking' opens the order and cancels the free order, giving the places back", async ({
  page,
  request,
}) => {
  const session = await sessionFrom(
    request,
    ZOO,
    "rz-keeper-talk",
    new Date(testNow().getTime() + 86_400_000),
  );
  const before = await available(request, ZOO, "rz-keeper-talk", session.id);
  const cartId = await cartOf(request, ZOO, [
    { ticket_type_id: "rz-talk-adult", event_session_id: session.id, quantity: 2 },
  ]);
  const email = uniqueEmail("free");
  await checkOut(page, ZOO, cartId, email, false);

  const href = await manageLinkFromMail(page, email);
  const res = await page.goto(href);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Manage your booking" })).toBeVisible();
  await expect(page.getByText(/^Booked$/)).toHaveCount(2);
  // Dates 'ddd, MMMM D YYYY' with the time in the venue's zone.
  await expect(page.getByRole("heading", { level: 3 }).first()).toContainText(
    /Keeper talk\w{3}, \w+ \d{1,2} \d{4} at \d{1,2}:\d{2}/,
  );
  expect(await axe(page)).toEqual([]);

  // Nothing selected: the page says so. Then both tickets, a confirmation, and the result.
  await page.getByRole("button", { name: "Cancel selected tickets" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Select the tickets to cancel." })).toBeVisible();
  for (const box of await page.getByRole("checkbox", { name: /^Select Adult/ }).all()) await box.check();
  await page.getByRole("button", { name: "Cancel selected tickets" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel tickets?" });
  await expect(dialog).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your tickets have been cancelled." }),
  ).toBeVisible();
  await expect(page.getByText(/^Cancelled$/)).toHaveCount(2);
  await expect(page.getByText("No valid tickets found on this order.")).toBeVisible();
  expect(await available(request, ZOO, "rz-keeper-talk", session.id)).toBe(before);

  // The buyer is told by mail (log_context order_cancel).
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /^Your order / })
    .first()
    .click();
  await expect(page.locator(".mail-text")).toContainText("Your booking has been cancelled.");
});

test("without a valid token: 'We could not find that order.' and the form mails the link again", async ({
  page,
  request,
}) => {
  const session = await sessionFrom(request, ZOO, "rz-keeper-talk", testNow());
  const cartId = await cartOf(request, ZOO, [
    { ticket_type_id: "rz-talk-child", event_session_id: session.id, quantity: 1 },
  ]);
  const email = uniqueEmail("link");
  await checkOut(page, ZOO, cartId, email, false);
  const orderNumber = ((await page.getByRole("heading", { name: /^Order number \S+/ }).textContent()) ?? "")
    .replace("Order number ", "")
    .trim();
  const href = await manageLinkFromMail(page, email);
  const forged = href.replace(/token=v1\.(\d+)\./, (_m, exp: string) => `token=v1.${Number(exp) + 1}.`);

  const res = await page.goto(forged);
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(page.getByText("Booked")).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If the order number and e-mail address match an order, we have e-mailed the link to that address.",
  );
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: /^Your order / })).toHaveCount(2);
});

test("a logged-in visitor sees 'Please log-out to edit your tickets' with a Logout link", async ({
  page,
}) => {
  const login = await page.request.post(`/api/login?_seller=${HARBOUR}`, {
    data: { credential_type: "password", username: "demo@harbour-museum.example", password: "Harbour-2026" },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/${HARBOUR}/manage/any-order?token=v1.1.x`);
  await expect(page.getByText("Please log-out to edit your tickets")).toBeVisible();
  await expect(page.getByRole("link", { name: "Logout" })).toHaveAttribute("href", `/${HARBOUR}/logout`);
  expect(await axe(page)).toEqual([]);
});

test("self-edit (harbour): a paid order shows 'You must contact us to cancel this order.', Reschedule, and an edit that is discarded", async ({
  page,
  request,
}) => {
  const session = await sessionFrom(
    request,
    HARBOUR,
    "hm-general-admission",
    new Date(testNow().getTime() + 3 * 86_400_000),
  );
  const cartId = await cartOf(request, HARBOUR, [
    { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 },
  ]);
  const email = uniqueEmail("edit");
  await checkOut(page, HARBOUR, cartId, email, true);
  const before = await available(request, HARBOUR, "hm-general-admission", session.id);

  await page.goto(await manageLinkFromMail(page, email));
  await hydrated(page);
  await expect(page.getByText("You must contact us to cancel this order.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Reschedule/ })).toHaveAttribute(
    "href",
    new RegExp(`/${HARBOUR}/manage/[^/]+/reschedule/${session.id}\\?token=v1\\.`),
  );
  expect(await axe(page)).toEqual([]);

  await page.getByRole("button", { name: "Change tickets" }).click();
  await expect(page.getByText(/You have unsaved changes\./)).toBeVisible();
  await expect(page.getByText(/Time left: \d+:\d{2}/)).toBeVisible();
  await page.getByRole("button", { name: "One fewer Adult" }).click();
  await expect(page.locator("output").first()).toHaveText("1");
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your changes were discarded." })).toBeVisible();
  await expect(page.getByText(/^Booked$/)).toHaveCount(2);
  expect(await available(request, HARBOUR, "hm-general-admission", session.id)).toBe(before);
});

test("self-edit (harbour): removing a ticket costs nothing more, so Confirm uses the free gateway and the buyer gets the order_update mail", async ({
  page,
  request,
}) => {
  const session = await sessionFrom(
    request,
    HARBOUR,
    "hm-general-admission",
    new Date(testNow().getTime() + 4 * 86_400_000),
  );
  const cartId = await cartOf(request, HARBOUR, [
    { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 },
  ]);
  const email = uniqueEmail("confirm");
  await checkOut(page, HARBOUR, cartId, email, true);
  const before = await available(request, HARBOUR, "hm-general-admission", session.id);

  await page.goto(await manageLinkFromMail(page, email));
  await hydrated(page);
  await page.getByRole("button", { name: "Change tickets" }).click();
  await page.getByRole("button", { name: "One fewer Adult" }).click();
  await expect(page.locator("output").first()).toHaveText("1");
  await page.getByRole("button", { name: "Confirm changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your booking has been changed." })).toBeVisible();
  await expect(page.getByText(/^Booked$/)).toHaveCount(1);
  await expect(page.getByText(/^Cancelled$/)).toHaveCount(1);
  expect(await available(request, HARBOUR, "hm-general-admission", session.id)).toBe((before ?? 0) + 1);

  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /^Your order / })
    .first()
    .click();
  await expect(page.locator(".mail-text")).toContainText("Your booking has been changed.");
});

test("self-edit (harbour), a seated concert: a seat added in Edit order sits beside the party (not A5), and other seats can be chosen on the seat map", async ({
  page,
  request,
}) => {
  // A concert a week or more ahead, so the other concert specs' seats are elsewhere.
  const session = await sessionFrom(
    request,
    HARBOUR,
    "hm-evening-concert",
    new Date(testNow().getTime() + 8 * 86_400_000),
  );
  const cartId = await cartOf(
    request,
    HARBOUR,
    ["hm-seat-C09", "hm-seat-C10"].map((seat_template_id) => ({
      ticket_type_id: "hm-concert-stalls-standard",
      event_session_id: session.id,
      seat_template_id,
    })),
  );
  const email = uniqueEmail("seats");
  await checkOut(page, HARBOUR, cartId, email, true);

  await page.goto(await manageLinkFromMail(page, email));
  await hydrated(page);
  await page.getByRole("button", { name: "Change tickets" }).click();
  await page.getByRole("button", { name: "One more Stalls seat" }).click();
  const seats = page.getByTestId("selected-seats");
  await expect(seats).toHaveText(/^Stalls: (C8|C11)$/);
  expect(await axe(page)).toEqual([]);

  await page.getByRole("button", { name: "Change Selected Seats" }).click();
  const selector = page.getByRole("dialog", { name: "Select your seats" });
  await expect(selector.getByRole("group", { name: "Seat map" })).toBeVisible();
  const picked = (await seats.textContent())?.replace("Stalls: ", "") ?? "";
  await selector.getByRole("button", { name: `Seat ${picked}, Stalls, Selected`, exact: true }).click();
  await selector.getByRole("button", { name: "Seat D10, Stalls, Available", exact: true }).click();
  await selector.getByRole("button", { name: "Confirm Selection" }).click();
  await expect(seats).toHaveText("Stalls: D10");
  await expect(page.locator(".manage-edit output").first()).toHaveText("3");
});
