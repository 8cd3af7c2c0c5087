/**
 * The back office login in Chromium: a wrong password says so, the right one opens the back
 * office, and log out ends the session. Keyboard and screen reader: labelled fields, an alert for
 * the error, and axe finds nothing serious.
 */
import { randomUUID } from "node:crypto";
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
  // Tuesday 17 November 2026 at the zoo: the suite's clock.
  await expect(page.getByRole("heading", { level: 1, name: "Tuesday 17 November" })).toBeVisible();
  await expect(page.getByText("Riverside Zoo · Viewer · times in Europe/London")).toBeVisible();
  await expect(page.getByRole("table", { name: "Day admission" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Visits: / })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/riverside-zoo\/admin\/login$/);
  await page.goto("/riverside-zoo/admin");
  await expect(page).toHaveURL(/\/riverside-zoo\/admin\/login$/);
});

test("an admin invites a colleague from the Staff page; the colleague sets a password from the mailed link", async ({
  page,
}) => {
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("admin@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await page.getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Gus Gate" })).toBeVisible();
  await expectNoSeriousAxe(page);
  const email = `kim-${randomUUID().slice(0, 8)}@harbour-museum.example`;
  await page.getByLabel("Name").fill("Kim Cashier");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("radio", { name: /^Box office/ }).check();
  await page.getByLabel(/^Refund limit/).fill("50.00");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Kim Cashier is invited: a setup link is on its way to ${email}.`,
  );
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Box office (refunds up to $50.00)");
  await expect(row).toContainText("Invited, no password yet");
  await page.getByRole("button", { name: "Log out" }).click();

  // The colleague, on the link from their mail.
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /Your Harbour Museum back office account/ }).click();
  const link = await page
    .frameLocator("iframe.mail-html")
    .getByRole("link", { name: /\/admin\/setup\?token=/ })
    .getAttribute("href");
  await page.goto(new URL(link ?? "", page.url()).pathname + new URL(link ?? "", page.url()).search);
  await expect(page.getByText(`For Kim Cashier (${email}), staff of Harbour Museum.`)).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByLabel("New password").fill("Cash-and-carry-7");
  await page.getByLabel("The same password again").fill("Cash-and-carry-7");
  await page.getByRole("button", { name: "Set my password" }).click();
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("Cash-and-carry-7");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  await expect(page.getByText("Harbour Museum · Box office")).toBeVisible();
  await expect(page.locator(".admin-logout__name")).toHaveText("Kim Cashier");
});
