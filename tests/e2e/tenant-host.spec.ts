/**
 * Run by host name: Harbour Museum lists tickets.harbour-museum.example
 * (src/content/tenants/harbour-museum.json). Chromium maps that name to 127.0.0.1, where the e2e
 * server listens, so the storefront is reached as http://tickets.harbour-museum.example:{port}/.
 * DESIGN §7: "A tenant may also list its own host names: on those, requests need no `_seller` and
 * the router base is `/`". Proved: home, an event page, reserve → cart → checkout as a guest, the
 * completion page, a mail link on the tenant host, login and /my, all under `/` with no
 * `/harbour-museum` in any link; `/harbour-museum/…` there answers 301 to `/…`; the shared host
 * keeps `/{seller}/…`.
 */
import { test as base, expect, type Page } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { addOneAdult } from "./helpers/reserve.ts";

const HOST = "tickets.harbour-museum.example";
const PORT = Number(process.env.E2E_PORT ?? 4391);
const ORIGIN = `http://${HOST}:${PORT}`;
const PREFIX = "/harbour-museum";

/** The suite's browser (playwright.config.ts), with the tenant's host name mapped to the server. */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const args = [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`];
      await use({ ...launchOptions, args });
    },
    { scope: "worker" },
  ],
});
test.use({ baseURL: ORIGIN });

/** Every link and form target on the page (after hydration, so island links count too). */
async function targets(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...[...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
    ...[...document.querySelectorAll("form[action]")].map((f) => f.getAttribute("action") ?? ""),
  ]);
}

/** 'Its storefront is served at /': no link names the seller prefix, and there are links to check. */
async function expectLinksUnderRoot(page: Page): Promise<void> {
  const all = await targets(page);
  expect(all.length, "links on the page").toBeGreaterThan(0);
  expect(all.filter((href) => href.includes(PREFIX))).toEqual([]);
}

/** The page's islands that load at once have hydrated (client:visible ones may wait for a scroll). */
async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  for (const island of await page.locator('astro-island[client="load"]').all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

test("a guest on the tenant host: home, event page, reserve → cart → checkout → completion, all under '/'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  expect(page.url()).toBe(`${ORIGIN}/`);
  await expect(page.locator('a.site-logo[href="/"]')).toBeVisible();
  await expect(page.locator('a[href="/events"]').first()).toBeAttached();
  await expectLinksUnderRoot(page);
  await expectNoSeriousAxe(page);

  await page.goto("/events");
  expect(page.url()).toBe(`${ORIGIN}/events`);
  await expect(page.locator('a[href="/events/hm-general-admission"]').first()).toBeVisible();
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);

  // The event page and the reserve island (its API calls go to this host's /api).
  await page.goto("/events/hm-general-admission");
  await addOneAdult(page);
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);
  await expectNoSeriousAxe(page);

  // The cart widget's checkout link is `/checkout/{cartId}`.
  const toCheckout = page.locator('.cart-aside a[href^="/checkout/"]').first();
  await expect(toCheckout).toBeVisible();
  await toCheckout.click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/checkout/[^/]+$`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expectLinksUnderRoot(page);
  await expectNoSeriousAxe(page);

  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill("ada.host@example.com");
  await page.getByLabel("Confirm email address").fill("ada.host@example.com");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/checkout/complete\\?orderIds=`));
  await expect(page.getByRole("heading", { name: /^Order number \S+/ })).toBeVisible();
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);
  await expectNoSeriousAxe(page);
});

test("on the tenant host `/harbour-museum/…` answers 301 to `/…`; login and /my under '/'; a mailed link is on the tenant host", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const moved = await page.goto(`${PREFIX}/events?date=all`);
  expect(page.url()).toBe(`${ORIGIN}/events?date=all`);
  const first = moved?.request().redirectedFrom();
  expect(first?.url()).toBe(`${ORIGIN}${PREFIX}/events?date=all`);
  expect((await first?.response())?.status()).toBe(301);

  // Log in by member ID on the login page; 'the router base is /' for the way back too.
  await page.goto(`/login?redirect=${encodeURIComponent("/my")}`);
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);
  await page.getByLabel("Member ID").fill("HM100002");
  await page.getByLabel("ZIP code").fill("10001");
  await page.getByRole("button", { name: "Log in with member ID" }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/my/(membership|profile)$`));
  await expect(page.getByTestId("account-nav").getByRole("link", { name: "My account" })).toHaveAttribute(
    "href",
    "/my",
  );
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);
  await expectNoSeriousAxe(page);
  const cookies = await page.context().cookies(ORIGIN);
  expect(cookies.find((c) => c.name === "foyer_session")?.path).toBe("/");

  // A mail written for a request on the tenant host links there, at `/` (never from the Host header:
  // the name is the tenant's configured one).
  const email = `host-${crypto.randomUUID()}@example.com`;
  const created = await page.evaluate(async (address) => {
    const res = await fetch("/api/user", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Ada",
        last_name: "Host",
        email: address,
        password: "Harbour-Host-2026",
      }),
    });
    return res.status;
  }, email);
  expect(created, "POST /api/user without _seller on the tenant host").toBe(201);
  await page.context().clearCookies();
  await page.goto("/user/forgot-password");
  await islandsHydrated(page);
  await expectLinksUnderRoot(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).not.toBeEmpty();
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /password/i })
    .first()
    .click();
  const text = (await page.locator(".mail-text").textContent()) ?? "";
  const link = /https?:\/\/\S+reset-password\?token=\S+/.exec(text)?.[0] ?? "";
  expect(link.startsWith(`${ORIGIN}/user/reset-password?token=`), link).toBe(true);
  await page.goto(link);
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await expectLinksUnderRoot(page);
});

test("the shared host keeps `/{seller}/…` as before", async ({ page }) => {
  const shared = `http://127.0.0.1:${PORT}`;
  const res = await page.goto(`${shared}${PREFIX}/events`);
  expect(res?.status()).toBe(200);
  expect(page.url()).toBe(`${shared}${PREFIX}/events`);
  await expect(page.locator(`a[href="${PREFIX}/events/hm-general-admission"]`).first()).toBeVisible();
  await expect(page.locator(`a.site-logo[href="${PREFIX}"]`)).toBeVisible();
  // And `/events` there is no storefront (the router base is the seller slug).
  const bare = await page.goto(`${shared}/events`);
  expect(bare?.status()).toBe(404);
});
