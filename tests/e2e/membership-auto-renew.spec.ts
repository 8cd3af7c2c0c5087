/**
 * Cancel auto-renew (spec 2 §2 "/manage/{ticketOrderId}/cancel-auto-renew: Cancel automatic
 * renewal, with confirmation", §4 "scheduled means Enrolled, cancelled means Cancelled", §8 "This
 * membership does not appear to be enrolled in automatic renewal."), for both tenants: the enrolled
 * demo member (README "Demo accounts") opens the page logged out, logs in and comes back, confirms,
 * sees Cancelled; a second try shows the not-enrolled text. axe finds nothing serious.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const NOT_ENROLLED = "This membership does not appear to be enrolled in automatic renewal.";

const TENANTS = [
  {
    seller: "harbour-museum",
    email: "autorenew@harbour-museum.example",
    password: "Harbour-2026",
    orderId: "hm-demo-autorenew-order",
    members: ["Marie Curie", "Pierre Curie"],
  },
  {
    seller: "riverside-zoo",
    email: "autorenew@riverside-zoo.example",
    password: "Riverside-2026",
    orderId: "rz-demo-autorenew-order",
    members: ["Joy Adamson"],
  },
] as const;

async function hydrated(page: Page) {
  const islands = page.locator("astro-island");
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

async function passwordLogin(page: Page, email: string, password: string) {
  await hydrated(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  const passwordField = page.getByLabel("Password", { exact: true });
  const instead = page.getByRole("button", { name: "Log in with your password instead" });
  await expect(passwordField.or(instead)).toBeVisible();
  if (await instead.isVisible()) await instead.click();
  await passwordField.fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

for (const tenant of TENANTS) {
  test(`${tenant.seller}: the enrolled member cancels automatic renewal with confirmation (Enrolled → Cancelled), then sees '${NOT_ENROLLED}'`, async ({
    page,
  }) => {
    const path = `/${tenant.seller}/manage/${tenant.orderId}/cancel-auto-renew`;
    // Logged out: the login page, and back here after logging in.
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/${tenant.seller}/login\\?redirect=`));
    await passwordLogin(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(path);
    await hydrated(page);

    await expect(page.getByRole("heading", { level: 1, name: "Cancel automatic renewal" })).toBeVisible();
    const cards = page.getByTestId("auto-renew-member");
    await expect(cards).toHaveCount(tenant.members.length);
    for (const name of tenant.members) {
      const card = cards.filter({ hasText: name });
      await expect(card.getByText("Enrolled", { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Saved card: Visa ending 4242")).toBeVisible();
    await expectNoSeriousAxe(page);

    // The confirmation step: keeping it changes nothing.
    await page.getByRole("button", { name: "Cancel automatic renewal" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel automatic renewal?" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxe(page);
    await dialog.getByRole("button", { name: "Keep automatic renewal" }).click();
    await expect(dialog).toBeHidden();
    await expect(cards.first().getByText("Enrolled", { exact: true })).toBeVisible();

    // Confirmed (by keyboard): every card of the order is Cancelled, and the result is announced.
    await page.getByRole("button", { name: "Cancel automatic renewal" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, cancel automatic renewal" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      "Automatic renewal has been cancelled. Your membership stays valid until its end date.",
    );
    for (const name of tenant.members) {
      await expect(cards.filter({ hasText: name }).getByText("Cancelled", { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Cancel automatic renewal" })).toHaveCount(0);

    // A second try: the page says the membership is not enrolled, and so does the API.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("alert").filter({ hasText: NOT_ENROLLED })).toBeVisible();
    await expect(cards.first().getByText("Cancelled", { exact: true })).toBeVisible();
    const again = await page.request.delete(
      `/api/ticket_order/${tenant.orderId}/auto_renew?_seller=${tenant.seller}`,
      { headers: { origin: new URL(page.url()).origin } },
    );
    expect(again.status()).toBe(400);
    expect(JSON.stringify(await again.json())).toContain(NOT_ENROLLED);
    await expectNoSeriousAxe(page);
  });
}

test("someone else's order: the not-found text, and the API refuses (403)", async ({ page }) => {
  await page.goto("/riverside-zoo/login");
  await passwordLogin(page, "demo@riverside-zoo.example", "Riverside-2026");
  await expect(page).not.toHaveURL(/\/login/);
  const res = await page.goto("/riverside-zoo/manage/rz-demo-autorenew-order/cancel-auto-renew");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: "We could not find that order." })).toBeVisible();
  const api = await page.request.delete(
    "/api/ticket_order/rz-demo-autorenew-order/auto_renew?_seller=riverside-zoo",
    { headers: { origin: new URL(page.url()).origin } },
  );
  expect(api.status()).toBe(403);
});
