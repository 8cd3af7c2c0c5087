/**
 * A venue opens its shop from files alone: an empty database (DEMO_DATA=off), a tenant file and a
 * catalogue written by the test, `npm run catalogue -- check` and `-- apply`, a server started on
 * them, and a first sale in Chromium. The README's "Open your venue" walks the same steps.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { cartWidget } from "./helpers/cart.ts";
import { addOneAdult } from "./helpers/reserve.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SLUG = "orchard-print-museum";
const ANNEX = "orchard-annex";
const work = mkdtempSync(join(tmpdir(), "foyer-open-venue-"));
const content = join(work, "content");
const data = join(work, "data");

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let server: ChildProcess | undefined;
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ foyerNow }) => {
  test.setTimeout(180_000);
  mkdirSync(join(content, "tenants"), { recursive: true });
  mkdirSync(join(content, "catalogue", SLUG), { recursive: true });
  writeFileSync(join(content, "tenants", `${SLUG}.json`), JSON.stringify(TENANT, null, 2));
  writeFileSync(join(content, "catalogue", SLUG, "catalogue.yaml"), CATALOGUE);
  // A second venue with its tenant file only: no catalogue applied, so no shop yet.
  writeFileSync(
    join(content, "tenants", `${ANNEX}.json`),
    JSON.stringify({ ...TENANT, slug: ANNEX, name: "Orchard Annex" }, null, 2),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    CONTENT_DIR: content,
    DATA_DIR: data,
    DEMO_DATA: "off",
    CATALOGUE_ON_START: "off",
    FOYER_NOW: foyerNow,
    FOYER_MODE: "demo",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
  };
  const catalogue = (...args: string[]) =>
    execFileSync("npx", ["tsx", "scripts/catalogue.ts", ...args], { cwd: root, env, encoding: "utf8" });
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

  server = spawn(process.execPath, ["scripts/serve.mjs"], { cwd: root, env, stdio: "ignore" });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(work, { recursive: true, force: true });
});

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
