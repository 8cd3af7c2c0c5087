/**
 * Members in the back office: the box office finds a member by name, opens the membership with its
 * cards and auto-renew, and sends the membership e-mail again.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

test("the box office finds Ada Lovelace's membership and sends its e-mail again", async ({ page }) => {
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Members" }).click();
  await page.getByLabel(/^Member ID, name or e-mail/).fill("Lovelace");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("status")).toHaveText("1 membership matches “Lovelace”.");
  await page
    .getByRole("region", { name: "Memberships found" })
    .getByRole("link", { name: "HM100001" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.locator(".admin-facts")).toContainText("Member IDHM100001");
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: /^Send it again to / }).click();
  await expect(page.getByRole("status")).toContainText("The membership e-mail is sent again to");
});
