/**
 * A session in the back office: from Today to a session, its attendees, a new capacity with a
 * reason, closed and opened again. On a session at the end of the week ahead, which no other test
 * buys.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

test("an admin changes a session's capacity, closes it and opens it again, each with a reason", async ({
  page,
}) => {
  await page.goto("/riverside-zoo/admin/login");
  await page.getByLabel("E-mail address").fill("admin@riverside-zoo.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/riverside-zoo\/admin$/);
  await page.getByRole("region", { name: "The week ahead, day by day" }).getByRole("link").last().click();
  const talks = page.getByRole("region", { name: "Sessions of Keeper talk" });
  await talks.getByRole("link").last().click();
  await expect(page.getByRole("heading", { level: 1, name: "Keeper talk" })).toBeVisible();
  await expect(page.getByText("No tickets sold for this session yet.")).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expectNoSeriousAxe(page);

  await page.getByLabel("Reason (kept in the audit log)").fill("Extra keeper on duty");
  await page.getByLabel("Capacity (places; empty for no limit)").fill("55");
  await page.getByRole("button", { name: "Change the capacity" }).click();
  await expect(page.getByRole("status")).toContainText("The capacity is changed.");
  await expect(page.locator(".admin-facts")).toContainText("Capacity55");

  await page.getByLabel("Reason (kept in the audit log)").fill("Pool maintenance");
  await page.getByRole("button", { name: "Close the session" }).click();
  await expect(page.locator(".admin-facts")).toContainText("StateClosed");
  await page.getByLabel("Reason (kept in the audit log)").fill("Maintenance done");
  await page.getByRole("button", { name: "Open the session again" }).click();
  await expect(page.locator(".admin-facts")).toContainText("StateOpen");
});
