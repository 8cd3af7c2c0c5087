/**
 * Figures in the back office: a viewer reads this month's sales by day, event and ticket type, and
 * downloads them as CSV whose cells a spreadsheet reads as text.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

test("a viewer reads the month's sales and downloads them as CSV", async ({ page }) => {
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("viewer@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Figures" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Figures" })).toBeVisible();
  await expect(page.getByLabel("From")).toHaveValue("2026-11-01");
  await expect(page.getByRole("region", { name: "Sales by event" })).toBeVisible();
  // "Charts where people would rather look than read": the days as bars, summed up in words.
  await expect(page.getByRole("img", { name: /^Sales: .* in all; the busiest day is / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Tickets: \d+ in all; the busiest day is / })).toBeVisible();
  await expectNoSeriousAxe(page);
  const download = await page.request.get(
    (await page.getByRole("link", { name: "Download by event (CSV)" }).getAttribute("href")) ?? "",
  );
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("text/csv");
  expect((await download.text()).split("\n")[0]).toMatch(/event/i);
});
