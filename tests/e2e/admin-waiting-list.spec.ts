/**
 * A session's waiting list in the back office: an admin sees who waits in the order they joined,
 * an offer by hand refused while no place is free, an entry removed after a confirmation, and an
 * offer sent once a place comes. The list is on for Riverside Zoo's junior keeper day only (its
 * tenant file); the spec takes the last session of its horizon, which no other test buys, closes it
 * to the public by setting its capacity to 0, and two shoppers join through the shop's API.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const ZOO = "riverside-zoo";

async function lastKeeperDay(request: APIRequestContext): Promise<string> {
  const res = await request.get(
    `/api/events/rz-keeper-day/sessions?_seller=${ZOO}&_limit=100&_sort=-start_datetime`,
  );
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { event_session: { _data: { id: string }[] } };
  const id = body.event_session._data[0]?.id;
  if (!id) throw new Error("No junior keeper day session");
  return id;
}

async function setCapacity(request: APIRequestContext, session: string, capacity: number) {
  const res = await request.put(`/api/admin/sessions/${session}/capacity?_seller=${ZOO}`, {
    data: { capacity, reason: "Waiting list spec" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function join(request: APIRequestContext, session: string, email: string, quantity: number) {
  const res = await request.post(`/api/waiting_list?_seller=${ZOO}`, {
    data: {
      event_session_id: session,
      email,
      tickets: [{ ticket_type_id: "rz-keeper-day-junior", quantity }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rowOf = (page: Page, email: string) =>
  page.getByRole("region", { name: "Waiting list" }).getByRole("row").filter({ hasText: email });

/** The row's actions hydrate when they scroll into view (client:visible). */
async function hydratedRow(page: Page, email: string) {
  const row = rowOf(page, email);
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator("astro-island[ssr]")).toHaveCount(0);
  return row;
}

test("an admin sees a session's waiting list, removes an entry and sends an offer by hand", async ({
  page,
}) => {
  await page.goto(`/${ZOO}/admin/login`);
  await page.getByLabel("E-mail address").fill(`admin@${ZOO}.example`);
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${ZOO}/admin$`));

  const request = page.request;
  const session = await lastKeeperDay(request);
  await page.goto(`/${ZOO}/admin/sessions/${session}`);
  await expect(page.getByRole("heading", { level: 2, name: "Waiting list" })).toBeVisible();
  await expect(page.getByText("Nobody has joined this session's waiting list.")).toBeVisible();

  await setCapacity(request, session, 0);
  const first = `first-${randomUUID()}@example.com`;
  const second = `second-${randomUUID()}@example.com`;
  await join(request, session, first, 1);
  await join(request, session, second, 2);

  await page.reload();
  const facts = page.locator(".admin-section", { has: page.getByRole("heading", { name: "Waiting list" }) });
  await expect(facts.locator(".admin-facts")).toContainText("Waiting2");
  await expect(rowOf(page, first)).toContainText("1 × Junior keeper");
  await expect(rowOf(page, first).getByRole("cell").first()).toHaveText("1");
  await expect(rowOf(page, second).getByRole("cell").first()).toHaveText("2");
  await expect(rowOf(page, second)).toContainText("2 × Junior keeper");
  await expectNoSeriousAxe(page);

  // No place is free: the offer is refused with the server's words.
  await (await hydratedRow(page, first)).getByRole("button", { name: `Send offer to ${first}` }).click();
  await expect(rowOf(page, first).getByRole("alert")).toContainText("not enough places");

  // Removing asks first; the reason is optional.
  await (await hydratedRow(page, second)).getByRole("button", { name: `Remove ${second}…` }).click();
  const confirm = page.getByRole("group", { name: `Remove ${second} from the waiting list?` });
  await expect(confirm.getByLabel("Reason (optional, kept in the audit log)")).toBeFocused();
  await expectNoSeriousAxe(page);
  await confirm.getByLabel("Reason (optional, kept in the audit log)").fill("Asked by phone");
  await confirm.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is removed" })).toBeVisible();
  await expect(rowOf(page, second)).toContainText("Removed by staff");
  await expect(rowOf(page, second).getByRole("button")).toHaveCount(0);

  // A place comes: it is kept for the list, and the offer goes out (by hand, or by the list's own
  // pass if it got there first: the page says the same).
  await setCapacity(request, session, 1);
  await (await hydratedRow(page, first)).getByRole("button", { name: `Send offer to ${first}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `An offer is sent to ${first}.` })).toBeVisible();
  await expect(rowOf(page, first)).toContainText("Offered until");
  await expect(facts.locator(".admin-facts")).toContainText("Offers made1");
  await expect(facts.locator(".admin-facts")).toContainText("Offers that became orders0");
  await expectNoSeriousAxe(page);
});
