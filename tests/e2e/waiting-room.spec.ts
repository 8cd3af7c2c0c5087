/**
 * The on-sale waiting room end to end: "before the on-sale, a countdown. At the on-sale, two
 * browsers queue and are admitted in the order of the line. A third caller, on the reserve API
 * without a token, is refused." A venue of its own (files written here, a server of its own whose
 * sale opens a minute after it starts), so no other spec meets its line.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { startVenueServer, type VenueServer, venueEnv, writeVenue } from "./helpers/own-venue.ts";

const SLUG = "lantern-hall";
const EVENT = "lh-premiere";
/** The sale opens this long after the server's start (its clock starts at the project's instant). */
const OPENS_AFTER_S = 70;

const tenantFile = (onSaleAt: string) => ({
  slug: SLUG,
  name: "Lantern Hall",
  timezone: "America/New_York",
  portal: { default_currency_code: "USD", admission_event_id: EVENT },
  web: {
    login_modes: ["password"],
    membership_presell: false,
    membership_promo: false,
    home_panels: ["guest"],
    // One shopper every ten seconds: the order of admission shows.
    waiting_room: [{ events: [EVENT], on_sale_at: onSaleAt, rate_per_minute: 6, stay_minutes: 15 }],
  },
  theme: { vars: { "color-primary": "#5b2a86" }, logoText: "Lantern Hall" },
});

const CATALOGUE = `# yaml-language-server: $schema=../catalogue.schema.json
venues:
  - id: lh-hall
    name: The Hall
    address: 1 Lantern Row
events:
  - id: ${EVENT}
    name: The Premiere
    summary: Opening night.
    category: Performances
    type: repeating
    reserve_flow: date_first
    groups:
      - id: lh-premiere-tickets
        name: Tickets
        kind: tickets
        max_per_order: 4
        types:
          - { id: lh-adult, name: Adult, price: 40.00 }
schedules:
  - event: ${EVENT}
    capacity: 200
    duration: 120
    days: [mon, tue, wed, thu, fri, sat, sun]
    hours: { first: "19:00", last: "19:00", every: 60 }
`;

let venue: VenueServer | undefined;
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ foyerNow }) => {
  test.setTimeout(120_000);
  const onSaleAt = new Date(new Date(foyerNow).getTime() + OPENS_AFTER_S * 1000).toISOString();
  const files = writeVenue("waiting-room", SLUG, tenantFile(onSaleAt), CATALOGUE);
  venue = await startVenueServer(files, venueEnv(files, foyerNow));
  base = venue.base;
});

test.afterAll(() => venue?.stop());

/** The place a line page shows, or 0 before it shows one. */
async function placeOn(page: Page): Promise<number> {
  const text = (await page.locator("[data-queue-main]").textContent()) ?? "";
  return Number(text.match(/Your place in line: (\d+)/)?.[1] ?? 0);
}

async function reserveWithout(request: import("./fixtures.ts").APIRequestContext): Promise<string> {
  const sessions = await request.get(`${base}/api/events/${EVENT}/sessions?_seller=${SLUG}&_limit=5`);
  const session = ((await sessions.json()) as { event_session: { _data: { id: string }[] } }).event_session
    ._data[0];
  const res = await request.post(`${base}/api/my/cart/modify?_seller=${SLUG}`, {
    data: { add: [{ ticket_type_id: "lh-adult", event_session_id: session?.id, quantity: 1 }] },
  });
  expect(res.status()).toBe(403);
  return ((await res.json()) as { _data: { _code: string }[] })._data[0]?._code ?? "";
}

test("before the on-sale a countdown; at it, two browsers queue and are let in in the order of the line; the reserve API refuses a caller without a token", async ({
  page,
  browser,
  request,
  foyerNow,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/${SLUG}/events/${EVENT}`);
  await expect(page.getByTestId("on-sale")).toContainText("Tickets go on sale on");
  await expect(page.locator(".on-sale__countdown")).toHaveText(/^The sale opens in \d+:\d\d\.$/);
  await expectNoSeriousAxe(page);
  expect(await reserveWithout(request)).toBe("waiting_room_not_on_sale");

  // Two browsers join the line before the sale opens.
  await page.getByRole("link", { name: "Wait in line" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/events/${EVENT}/queue$`));
  const other = await browser.newContext();
  await other.clock.install({ time: foyerNow });
  const second = await other.newPage();
  await second.goto(`${base}/${SLUG}/events/${EVENT}/queue`);
  await expect(second.locator("[data-queue-main]")).toHaveText(/^The sale opens in/);
  await expectNoSeriousAxe(second);

  // The sale opens: each has a place, one first and one second, at random.
  await expect.poll(() => placeOn(page), { timeout: 90_000, intervals: [1000] }).toBeGreaterThan(0);
  await expect.poll(() => placeOn(second), { timeout: 15_000 }).toBeGreaterThan(0);
  const places = [await placeOn(page), await placeOn(second)];
  expect([...places].sort()).toEqual([1, 2]);
  const [first, last] = places[0] === 1 ? [page, second] : [second, page];
  await expect(last.locator("[data-queue-detail]")).toHaveText(/^Estimated wait: /);
  await expectNoSeriousAxe(last);

  // The first is let in first (a shopper every ten seconds), and goes on to the event.
  await expect(first).toHaveURL(`${base}/${SLUG}/events/${EVENT}`, { timeout: 30_000 });
  expect(last.url()).toMatch(/\/queue$/);
  await expect(first.getByRole("heading", { name: "Get tickets" })).toBeVisible();
  await expect(last).toHaveURL(`${base}/${SLUG}/events/${EVENT}`, { timeout: 30_000 });

  // Anyone else, on the API without a token, is refused.
  expect(await reserveWithout(request)).toBe("waiting_room_required");
  await other.close();
});
