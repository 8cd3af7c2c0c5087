/**
 * The back office login in Chromium: a wrong password says so, the right one opens the back
 * office, and log out ends the session. Keyboard and screen reader: labelled fields, an alert for
 * the error, and axe finds nothing serious.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

test("staff log in to the back office with the demo admin, see who they are, and log out", async ({
  page,
}) => {
  await page.goto("/riverside-zoo/admin");
  await expect(page).toHaveURL(/\/riverside-zoo\/admin\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByLabel("E-mail address").fill("viewer@riverside-zoo.example");
  await page.getByLabel("Password").fill("Not-the-password-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or the password is not right.");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/riverside-zoo\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today at Riverside Zoo" })).toBeVisible();
  await expect(page.getByText("Vera Viewer (viewer@riverside-zoo.example)")).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/riverside-zoo\/admin\/login$/);
  await page.goto("/riverside-zoo/admin");
  await expect(page).toHaveURL(/\/riverside-zoo\/admin\/login$/);
});
