/**
 * "An offline test": the gate staff member starts checking everything today (the gate downloads
 * the day's codes), then the network goes. Two of today's tickets are typed: both Admitted
 * offline, "2 scans waiting". Meanwhile another gate, online, admits one of them (an admin in a
 * second browser context). The network comes back: the gate syncs, nothing waits, the conflict is
 * reported on the gate and on the admin's Today page. A reload while offline shows the gate page
 * from its service worker, with the page's own headers; logout clears the gate's data. Axe on the
 * offline state.
 */
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { SELLER } from "./helpers/cart.ts";
import { watchCspViolations } from "./helpers/csp-guard.ts";
import { boughtTicketCode, today } from "./helpers/gate.ts";

async function logIn(page: Page, email: string) {
  await page.goto(`/${SELLER}/admin/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/admin$`));
}

async function openTheGate(page: Page, name: string) {
  await page.goto(`/${SELLER}/admin/gate`);
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByLabel(/^Gate name/).fill(name);
  await page.getByRole("radio", { name: /^Everything today/ }).check();
  await page.getByRole("button", { name: "Start checking" }).click();
  await expect(page.getByText(`${name} checks everything today.`)).toBeVisible();
}

/** Another gate, online: an admin's session in a browser context of its own. */
async function otherGate(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logIn(page, "admin@harbour-museum.example");
  return { context, page };
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Check code" }).click();
}

test("offline, the gate admits from the day's codes and queues; back online it syncs and reports the conflict", async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  const first = await boughtTicketCode(request, today);
  const second = await boughtTicketCode(request, today);
  const main = await otherGate(browser, testInfo.project.use.baseURL);
  try {
    await logIn(page, "gate@harbour-museum.example");
    await openTheGate(page, "South gate");
    const network = page.getByRole("status").filter({ hasText: /^(Online|Offline)/ });
    await expect(network).toHaveText("Online");
    // The day's codes are in IndexedDB before the network goes.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const name = (await indexedDB.databases()).find((d) => d.name?.startsWith("foyer-gate:"))?.name;
          if (!name) return 0;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const day = await new Promise<{ codes: unknown[] } | undefined>((resolve) => {
            const get = db.transaction("day").objectStore("day").get("day");
            get.onsuccess = () => resolve(get.result);
          });
          db.close();
          return day?.codes.length ?? 0;
        }),
      )
      .toBeGreaterThan(1);

    await context.setOffline(true);
    await expect(network).toHaveText("Offline: 0 scans waiting");
    const answer = page.getByRole("region", { name: "Scan answer" });
    await typeCode(page, first);
    await expect(answer.getByRole("status")).toContainText("Admitted offline");
    await expect(answer).toHaveClass(/gate-verdict--green/);
    await expect(network).toHaveText("Offline: 1 scan waiting");

    // Meanwhile the main gate, online, admits the second ticket first.
    const admitted = await main.page.request.post(`/api/admin/gate/scans?_seller=${SELLER}`, {
      data: { scan_id: randomUUID(), code: second, gate: "Main gate", scope: { kind: "today" } },
    });
    expect(admitted.status(), await admitted.text()).toBe(200);
    expect(await admitted.text()).toContain('"light":"green"');

    await typeCode(page, second);
    await expect(answer.getByRole("status")).toContainText("Admitted offline");
    await expect(network).toHaveText("Offline: 2 scans waiting");
    // A second offline scan of a ticket admitted here: already admitted, and nothing more waits.
    await typeCode(page, first);
    await expect(answer.getByRole("alert")).toContainText("Already admitted");
    await expect(answer.getByRole("alert")).toContainText("South gate");
    // A code not among today's tickets cannot be checked offline, and the gate says so.
    await typeCode(page, `NOPE-${randomUUID().slice(0, 8)}`);
    await expect(answer.getByRole("alert")).toContainText("Not found offline");
    await expect(network).toHaveText("Offline: 2 scans waiting");
    await expectNoSeriousAxe(page);

    await context.setOffline(false);
    await expect(network).toHaveText("Online", { timeout: 25_000 });
    const conflicts = page.getByRole("region", { name: "Conflicts" });
    await expect(conflicts.getByRole("listitem")).toHaveCount(1);
    await expect(conflicts).toContainText(`…${second.trim().slice(-6)}`);
    await expect(conflicts).toContainText("Main gate");
    await expect(conflicts).toContainText("Reported to the back office.");
    await expect(page.getByText(/1 conflict reported to the back office/)).toBeVisible();
    // The day's counts are read again once the waiting scans are in.
    await expect(page.getByText(/^\d+ of \d+ checked in$/)).not.toHaveText(/^0 of/);
    await expectNoSeriousAxe(page);

    await main.page.goto(`/${SELLER}/admin`);
    const today_ = main.page.getByRole("region", { name: "Gate conflicts" });
    await expect(today_).toContainText("South gate");
    await expect(today_).toContainText("Main gate");
  } finally {
    await main.context.close();
  }
});

test("the gate page opens offline from its service worker, with its own headers, and logout clears the gate's data", async ({
  page,
  context,
}) => {
  const cspViolations = await watchCspViolations(context);
  await logIn(page, "gate@harbour-museum.example");
  await openTheGate(page, "West gate");
  const manifest = await page.request.get(`/${SELLER}/admin/gate.webmanifest`);
  expect(await manifest.json()).toMatchObject({
    name: "Harbour Museum gate",
    start_url: `/${SELLER}/admin/gate`,
    scope: `/${SELLER}/admin/gate`,
    display: "standalone",
  });
  // The worker controls the page once it is active and has the page and its assets in its cache.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope)))
    .toMatch(new RegExp(`/${SELLER}/admin/gate$`));
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open("foyer-gate:harbour-museum")).keys()).length),
    )
    .toBeGreaterThan(2);

  await context.setOffline(true);
  const offlinePage = await page.reload();
  // From the worker's cache, with the page's own headers: the camera and the decoder's WebAssembly.
  expect(offlinePage?.fromServiceWorker()).toBe(true);
  const headers = offlinePage?.headers() ?? {};
  expect(headers["permissions-policy"]).toContain("camera=(self)");
  expect(headers["content-security-policy"]).toContain("'wasm-unsafe-eval'");
  await expect(page.getByRole("heading", { level: 1, name: "Gate" })).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expect(page.getByLabel(/^Gate name/)).toHaveValue("West gate");
  await page.getByRole("button", { name: "Start checking" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveText(
    "Offline: 0 scans waiting",
  );
  await expectNoSeriousAxe(page);
  await context.setOffline(false);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SELLER}/admin/login$`));
  await expect
    .poll(() =>
      page.evaluate(async () => ({
        databases: (await indexedDB.databases()).filter((d) => d.name?.startsWith("foyer-gate:")).length,
        cache: await caches.has("foyer-gate:harbour-museum"),
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        gateName: Object.keys(localStorage).filter((k) => k.startsWith("foyer.gate.")).length,
      })),
    )
    .toEqual({ databases: 0, cache: false, workers: 0, gateName: 0 });
  expect(cspViolations, "CSP violations reported in the browser").toEqual([]);
});
