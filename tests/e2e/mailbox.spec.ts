/**
 * The mailbox page ("a mailbox page at /_mail, outside production, shows what was sent";
 * the e2e server runs with MAILBOX=on). Mail itself comes from checkout, so here: the page renders
 * its empty or list state with one heading, is never cached, and passes axe.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

test("mailbox: /_mail renders with one h1, the recipient filter, no-store, and no serious axe violations", async ({
  page,
}) => {
  const res = await page.goto("/_mail");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByLabel("Recipient e-mail")).toBeVisible();
  // Either the empty state or the table of mail, newest first.
  await expect(page.getByText("No mail yet.").or(page.getByRole("table"))).toBeVisible();
  await expectNoSeriousAxe(page);
});

test("mailbox: ?to= filters by recipient and says when there is none", async ({ page }) => {
  const res = await page.goto("/_mail?to=nobody%40example.test");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("No mail for nobody@example.test.")).toBeVisible();
  await page.getByLabel("Recipient e-mail").fill("someone@example.test");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/_mail\?to=someone%40example\.test$/);
  await expect(page.getByText("No mail for someone@example.test.")).toBeVisible();
});

test("mailbox: an unknown mail or attachment is a 404", async ({ request }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  expect((await request.get(`/_mail/${id}`)).status()).toBe(404);
  expect((await request.get(`/_mail/${id}/attachment/qr-1`)).status()).toBe(404);
  expect((await request.get("/_mail/not-a-uuid")).status()).toBe(404);
});
