/**
 * A venue opens its shop from files alone: an empty database (DEMO_DATA=off), a tenant file and a
 * catalogue written by the test, `npm run catalogue -- check` and `-- apply`, a server started on
 * them, and a first sale in Chromium. The README's "Open your venue" walks the same steps.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { cartWidget } from "./helpers/cart.ts";
import { ROOT, startVenueServer, type VenueServer, venueEnv, writeVenue } from "./helpers/own-venue.ts";
import { addOneAdult } from "./helpers/reserve.ts";

const SLUG = "orchard-print-museum";
const ANNEX = "orchard-annex";

const TENANT = {
  slug: SLUG,
  name: "Orchard Print Museum",
  description: "Letterpress, woodcuts and a working print shop in an old cider barn.",
  timezone: "America/New_York",
  portal: { default_currency_code: "USD", admission_event_id: "opm-visit" },
  web: {
    login_modes: ["password"],
    membership_presell: false,
    membership_promo: false,
    home_panels: ["guest"],
  },
  theme: { vars: { "color-primary": "#7a2e1f" }, logoText: "Orchard Print Museum" },
};

const CATALOGUE = `# yaml-language-server: $schema=../catalogue.schema.json
venues:
  - id: opm-barn
    name: The Cider Barn
    address: 4 Orchard Lane, Millbrook
events:
  - id: opm-visit
    name: Museum visit
    summary: The presses, the type cases and the print shop. Choose a time.
    category: Admission
    type: repeating
    reserve_flow: date_first
    groups:
      - id: opm-visit-tickets
        name: Tickets
        kind: tickets
        max_per_order: 10
        types:
          - { id: opm-adult, name: Adult, price: 14.50, fee: 0.50 }
          - { id: opm-child, name: Child, summary: Under 16, price: 0 }
schedules:
  - event: opm-visit
    capacity: 20
    duration: 60
    days: [tue, wed, thu, fri, sat, sun]
    hours: { first: "10:00", last: "16:00", every: 60 }
`;

let venue: VenueServer | undefined;
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ foyerNow }) => {
  test.setTimeout(180_000);
  const files = writeVenue("open-venue", SLUG, TENANT, CATALOGUE);
  // A second venue with its tenant file only: no catalogue applied, so no shop yet.
  writeFileSync(
    join(files.content, "tenants", `${ANNEX}.json`),
    JSON.stringify({ ...TENANT, slug: ANNEX, name: "Orchard Annex" }, null, 2),
  );
  const env = venueEnv(files, foyerNow, { CATALOGUE_ON_START: "off" });
  const catalogue = (...args: string[]) =>
    execFileSync("npx", ["tsx", "scripts/catalogue.ts", ...args], { cwd: ROOT, env, encoding: "utf8" });
  expect(catalogue("check", SLUG)).toContain(
    `${SLUG}: OK (USD): 1 venue, 1 event, 1 ticket group, 2 ticket types, 1 schedule`,
  );
  const dry = catalogue("apply", SLUG, "--dry-run");
  expect(dry).toContain("added    tenant orchard-print-museum: Orchard Print Museum (USD)");
  expect(dry).toContain("(dry run: nothing was written)");
  const applied = catalogue("apply", SLUG);
  expect(applied).toContain(`${SLUG}: applied`);
  expect(applied).toMatch(/added {4}\d+ sessions opm-visit: Museum visit, /);
  expect(catalogue("apply", SLUG)).toContain(`${SLUG}: up to date, nothing to change.`);

  venue = await startVenueServer(files, env);
  base = venue.base;
});

test.afterAll(() => venue?.stop());

test("a venue written as files sells its first ticket: listing, date and time, checkout, order", async ({
  page,
}) => {
  await page.goto(`${base}/${SLUG}/events`);
  await expect(page.getByRole("heading", { name: "Museum visit" })).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.goto(`${base}/${SLUG}/events/opm-visit`);
  await addOneAdult(page);
  const widget = await cartWidget(page);
  await expect(widget.getByRole("heading", { name: "Museum visit" })).toBeVisible();
  await widget.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout`));
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Confirm email address").fill("ada@example.com");
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Pay $15.00" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
  await expect(page.getByText("1 × Adult")).toBeVisible();
  await expectNoSeriousAxe(page);
});

test("a tenant file whose catalogue was never applied has no shop: its pages are not found, never an error", async ({
  request,
}) => {
  for (const path of ["events", "events/opm-visit", "membership", "admin/login"]) {
    const res = await request.get(`${base}/${ANNEX}/${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
  }
});
