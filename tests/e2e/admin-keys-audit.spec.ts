/**
 * An admin's API keys, staff editing and audit log in Chromium: a key is created and shown once,
 * works as a Bearer key on the admin API until it is revoked; a box office member's refund limit
 * is changed from the staff list; the audit log lists those changes and filters them. Axe on each
 * page.
 */
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("admin@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
}

const ORDERS = "/api/admin/orders?_seller=harbour-museum&q=Lovelace";

test("an admin creates an API key, uses it, revokes it; changes a refund limit; the audit log lists and filters those", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const keyName = `Kiosk ${tag}`;
  await logInAsAdmin(page);
  const nav = page.getByRole("navigation", { name: "Back office" });

  // API keys: created, shown once with a warning, used, revoked.
  await nav.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await expectNoSeriousAxe(page);
  await page.getByLabel("Name").fill(keyName);
  await page.getByRole("radio", { name: /^Box office/ }).check();
  await page.getByRole("button", { name: "Create the key" }).click();
  await expect(page.getByRole("heading", { name: `The key “${keyName}”` })).toBeFocused();
  await expect(page.getByText("It will not be shown again")).toBeVisible();
  const key = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^foyer_[a-z0-9]{10}_/);
  await expect(page.getByRole("button", { name: "Copy the key" })).toBeVisible();
  await expectNoSeriousAxe(page);

  const bearer = { Authorization: `Bearer ${key}` };
  const before = await page.request.get(ORDERS, { headers: bearer });
  expect(before.status(), await before.text()).toBe(200);

  await page.getByRole("button", { name: "I have copied it" }).click();
  const row = page.getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("by Alex Admin");
  await expect(page.getByText(key)).toHaveCount(0);
  await page.getByRole("button", { name: `Revoke the key ${keyName}…` }).click();
  await expect(page.getByRole("group", { name: `Revoke “${keyName}”?` })).toBeVisible();
  await page.getByRole("button", { name: "Yes, revoke it" }).click();
  await expect(page.getByRole("row").filter({ hasText: keyName })).toContainText("Revoked");
  const after = await page.request.get(ORDERS, { headers: bearer });
  expect(after.status()).toBe(401);

  // Staff: a box office member's refund limit.
  const email = `kit-${tag}@harbour-museum.example`;
  const staffName = `Kit ${tag}`;
  const invited = await page.request.post("/api/admin/staff?_seller=harbour-museum", {
    data: { email, name: staffName, role: "box_office", refund_limit: 5000 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await nav.getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("refunds up to $50.00");
  // By keyboard: Enter opens the form, Escape closes it and gives the focus back to Edit.
  const editButton = page.getByRole("button", { name: `Edit ${staffName}` });
  await editButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Edit ${staffName}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(editButton).toBeFocused();
  await editButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /^Box office/ })).toBeChecked();
  await expectNoSeriousAxe(page);
  await dialog.getByLabel(/^Refund limit/).fill("75.00");
  await dialog.getByLabel(/^Reason/).fill("Weekend desk lead");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("refunds up to $75.00");

  // The audit log: the changes, newest first, and its filters.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entries = page.getByRole("region", { name: "Audit entries" });
  const limitRow = entries
    .getByRole("row")
    .filter({ hasText: "Refund limit changed" })
    .filter({ hasText: staffName });
  await expect(limitRow).toContainText("$50.00 → $75.00");
  await expect(limitRow).toContainText("Weekend desk lead");
  await expect(limitRow).toContainText("Alex Admin");
  await expect(
    entries.getByRole("row").filter({ hasText: "API key revoked" }).filter({ hasText: keyName }),
  ).toHaveCount(1);
  await expect(
    entries.getByRole("row").filter({ hasText: "API key created" }).filter({ hasText: keyName }),
  ).toHaveCount(1);
  await expectNoSeriousAxe(page);

  await page.getByLabel("What").selectOption("staff.refund_limit");
  await page.getByLabel("Who").selectOption({ label: "Alex Admin" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/action=staff\.refund_limit/);
  await expect(page.getByRole("status")).toContainText(/^Entries 1 to \d+ of \d+, newest first/);
  const rows = entries.locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText("Refund limit changed");
  await expect(rows.filter({ hasText: keyName })).toHaveCount(0);
  await expect(page.getByLabel("What")).toHaveValue("staff.refund_limit");
  // The entry's resource links to its page.
  await entries.getByRole("link", { name: staffName }).first().click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin\/staff$/);
});
