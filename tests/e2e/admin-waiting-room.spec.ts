/**
 * Staff watch the on-sale line live in the back office, and pause, resume, or change the rate. A
 * venue of its own (files written here, its first admin made by `npm run staff -- add` as a venue's
 * is, a server of its own whose sale opened ten minutes before it starts), so no other spec meets
 * its line; and the demo museum, which has no room, for the empty state.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { ROOT, startVenueServer, type VenueServer, venueEnv, writeVenue } from "./helpers/own-venue.ts";

const SLUG = "beacon-gallery";
const EVENT = "bg-opening";
const ADMIN = "ada@beacon-gallery.example";
const PASSWORD = "Line-watcher-2026";

const tenantFile = (onSaleAt: string) => ({
  slug: SLUG,
  name: "Beacon Gallery",
  timezone: "Europe/London",
  portal: { default_currency_code: "GBP", admission_event_id: EVENT },
  web: {
    login_modes: ["password"],
    membership_presell: false,
    membership_promo: false,
    home_panels: ["guest"],
    waiting_room: [{ events: [EVENT], on_sale_at: onSaleAt, rate_per_minute: 60, stay_minutes: 15 }],
  },
  theme: { vars: { "color-primary": "#1f4e79" }, logoText: "Beacon Gallery" },
});

const CATALOGUE = `# yaml-language-server: $schema=../catalogue.schema.json
venues:
  - id: bg-hall
    name: The Long Room
    address: 2 Harbour Steps
events:
  - id: ${EVENT}
    name: The Opening Night
    summary: The new show, first look.
    category: Exhibitions
    type: repeating
    reserve_flow: date_first
    groups:
      - id: bg-opening-tickets
        name: Tickets
        kind: tickets
        max_per_order: 4
        types:
          - { id: bg-adult, name: Adult, price: 12.00 }
schedules:
  - event: ${EVENT}
    capacity: 300
    duration: 120
    days: [mon, tue, wed, thu, fri, sat, sun]
    hours: { first: "18:00", last: "18:00", every: 60 }
`;

let venue: VenueServer | undefined;
let base = "";
let setupPath = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ foyerNow }) => {
  test.setTimeout(180_000);
  const onSaleAt = new Date(new Date(foyerNow).getTime() - 10 * 60_000).toISOString();
  const files = writeVenue("admin-waiting-room", SLUG, tenantFile(onSaleAt), CATALOGUE);
  const env = venueEnv(files, foyerNow);
  const tsx = join(ROOT, "node_modules", ".bin", "tsx");
  // A venue's first admin, as the README's "Open your venue" makes one (before the server runs).
  execFileSync(tsx, ["scripts/catalogue.ts", "apply", SLUG], { cwd: ROOT, env, stdio: "pipe" });
  const made = execFileSync(tsx, ["scripts/staff.ts", "add", SLUG, ADMIN, "admin", "--name", "Ada Gallery"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  setupPath = /\/admin\/setup\?token=\S+/.exec(made)?.[0] ?? "";
  expect(setupPath, made).not.toBe("");
  venue = await startVenueServer(files, env);
  base = venue.base;
});

test.afterAll(() => venue?.stop());

/** A shopper joins the line (a new one each call: no cookie is kept). */
async function joinLine(): Promise<void> {
  const res = await fetch(`${base}/api/waiting_room/${EVENT}/line?_seller=${SLUG}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: "{}",
  });
  expect(res.status, await res.text()).toBe(200);
}

const figure = (page: Page, name: string) =>
  page
    .locator(".admin-room__figures div")
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator("dd");

test("a venue's admin watches the line live, pauses it after a confirmation, changes the rate and resumes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/${SLUG}${setupPath}`);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("The same password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set my password" }).click();
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("E-mail address").fill(ADMIN);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin$`));

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Waiting room" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Waiting room" })).toBeVisible();
  const room = page.getByRole("region", { name: "The Opening Night" });
  await expect(room).toContainText("Open since");
  await expect(room).toContainText("60 a minute (the tenant file's)");
  await expect(figure(page, "Waiting")).toHaveText("0");
  await expectNoSeriousAxe(page);

  // Paused, after a confirmation: those who join now wait.
  await page.getByRole("button", { name: "Pause…" }).click();
  await expect(page.getByRole("button", { name: "Pause the line" })).toBeFocused();
  await page.getByRole("button", { name: "Keep it running" }).click();
  await expect(page.getByRole("button", { name: "Pause…" })).toBeFocused();
  await page.getByRole("button", { name: "Pause…" }).click();
  await page.getByRole("button", { name: "Pause the line" }).click();
  await expect(room.getByRole("status")).toHaveText("The line is paused: nobody more is let in.");
  await expect(room).toContainText("Paused: nobody more is let in.");
  for (let i = 0; i < 3; i++) await joinLine();
  // The figures refresh by themselves.
  await expect(figure(page, "Waiting")).toHaveText("3", { timeout: 15_000 });
  await expect(figure(page, "Let in so far")).toHaveText("0");
  await expectNoSeriousAxe(page);

  // A rate that is not a whole number is refused here; one that is, is the line's.
  await room.getByLabel("New rate (shoppers a minute)").fill("2.5");
  await room.getByRole("button", { name: "Set the rate" }).click();
  await expect(room.getByRole("alert")).toHaveText(
    "Write the rate as a whole number of shoppers a minute, from 1 to 100,000.",
  );
  await room.getByLabel("New rate (shoppers a minute)").fill("120");
  await room.getByRole("button", { name: "Set the rate" }).click();
  await expect(room.getByRole("status")).toHaveText("The line lets in 120 a minute from now on.");
  await expect(room).toContainText("120 a minute, set by staff (the tenant file says 60)");

  await page.getByRole("button", { name: "Resume the line" }).click();
  await expect(room.getByRole("status")).toHaveText("The line moves again.");
  await expect(figure(page, "Waiting")).toHaveText("0", { timeout: 15_000 });
  await expect(figure(page, "Let in so far")).toHaveText("3");
  await expect(figure(page, "In the shop now")).toHaveText("3");
  await expect(figure(page, "Let in over the last minute")).toHaveText("3");

  await room.getByRole("button", { name: "Back to the file's rate" }).click();
  await expect(room.getByRole("status")).toHaveText("Back to the tenant file's rate: 60 a minute.");
  await expect(room).toContainText("60 a minute (the tenant file's)");

  // Each change is in the audit log.
  const audit = await page.request.get(`${base}/api/admin/audit?_seller=${SLUG}&resource=waiting_room`);
  expect(audit.status()).toBe(200);
  const entries = ((await audit.json()) as { audit_log?: { _data: { action: string }[] } }).audit_log?._data;
  expect(entries?.map((e) => e.action)).toEqual([
    "waiting_room.rate",
    "waiting_room.resume",
    "waiting_room.rate",
    "waiting_room.pause",
  ]);
});

test("a venue without a waiting room: no link in the navigation, and the page says how to set one up", async ({
  page,
}) => {
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("admin@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await expect(
    page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Waiting room" }),
  ).toHaveCount(0);
  await page.goto("/harbour-museum/admin/waiting-room");
  await expect(page.getByRole("heading", { level: 2, name: "No waiting room" })).toBeVisible();
  await expect(page.getByText("Harbour Museum has no on-sale waiting room.")).toBeVisible();
  await expectNoSeriousAxe(page);
});
