/**
 * The component gallery (spec 2 §2 "/_stories | Component gallery, outside production
 * only"): every story of src/stories/registry.ts under both tenant themes hydrates, passes axe
 * (no serious or critical violations) and matches its committed screenshot on a desktop viewport,
 * and on a phone viewport under one theme. Regenerate the baselines after a reviewed change of
 * look with the command in tests/e2e/helpers/visual.ts.
 */
import { STORIES, STORY_TENANTS, storyPath } from "../../src/stories/registry.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { SCREENSHOT, settleForScreenshot, VIEWPORTS, waitForHydrate } from "./helpers/visual.ts";

test.describe.configure({ timeout: 60_000 });

/**
 * The phone shots are taken under one theme: the phone layout is the same grid under both, and the
 * themes' differences (colours, fonts, radii) are in each theme's desktop shots. Half the phone
 * shots keep the gallery's share of the suite's time down (the suite must stay under 20 minutes).
 */
const PHONE_SHOT_TENANT: (typeof STORY_TENANTS)[number] = "harbour-museum";

async function storyReady(page: Page, id: string): Promise<void> {
  await waitForHydrate(page);
  await page.locator("[data-story-ready]").waitFor({ state: "attached" });
  if (id.startsWith("dialog-") || id === "seat-map") await expect(page.locator("dialog[open]")).toBeVisible();
  // The membership form reads its level rules (answered from the fixture) before it shows the members.
  if (id === "membership-form") await expect(page.getByRole("radio", { name: /Family/ })).toBeChecked();
  if (id === "login-steps") await expect(page.getByText(/2 more attempts/)).toBeVisible();
}

test("the gallery index lists every story under each theme, is not indexed and not cached", async ({
  page,
}) => {
  const res = await page.goto("/_stories");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  for (const tenant of STORY_TENANTS) {
    for (const story of STORIES) {
      await expect(page.locator(`a[href="${storyPath(tenant, story.id)}"]`)).toHaveCount(1);
    }
  }
  await expectNoSeriousAxe(page);
});

test("an unknown theme or story is a 404", async ({ request }) => {
  expect((await request.get("/_stories/nowhere/calendar")).status()).toBe(404);
  expect((await request.get("/_stories/harbour-museum/no-such-story")).status()).toBe(404);
});

test("the storefront does not link to the gallery", async ({ page }) => {
  await page.goto("/harbour-museum/events");
  await expect(page.locator('a[href^="/_stories"]')).toHaveCount(0);
});

for (const tenant of STORY_TENANTS) {
  for (const story of STORIES) {
    test(`story ${tenant}/${story.id}: hydrates, passes axe, looks as reviewed`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      const res = await page.goto(storyPath(tenant, story.id));
      expect(res?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
      await storyReady(page, story.id);
      await expectNoSeriousAxe(page);
      await settleForScreenshot(page);
      await expect(page).toHaveScreenshot([tenant, `${story.id}.png`], SCREENSHOT);
      if (tenant !== PHONE_SHOT_TENANT) return;
      await page.setViewportSize(VIEWPORTS.phone);
      await settleForScreenshot(page);
      await expect(page).toHaveScreenshot([tenant, `${story.id}-phone.png`], SCREENSHOT);
    });
  }
}
