/**
 * The component gallery in a tenant's languages: a story shows the tenant's default language, and
 * `?lang=xx` the same story in another of its languages, with links to each language.
 */
import { storyPath } from "../../src/stories/registry.ts";
import { expect, test } from "./fixtures.ts";

test("a story speaks the tenant's default language; ?lang=es shows it in Spanish, with links to both", async ({
  page,
}) => {
  const path = storyPath("harbour-museum", "event-cards");
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
  await expect(page.locator(".event-card__cta").first()).toHaveText("Get tickets");
  await expect(page.locator('a[hreflang="es"]', { hasText: "es" })).toHaveAttribute(
    "href",
    `${path}?lang=es`,
  );

  await page.goto(`${path}?lang=es`);
  await expect(page.locator("html")).toHaveAttribute("lang", /^es/);
  await expect(page.locator(".event-card__cta").first()).toHaveText("Obtener boletos");
  await expect(page.locator('a[hreflang="es"]')).toHaveAttribute("aria-current", "page");
  await expect(page.locator('a[hreflang="en"]', { hasText: "en" })).toHaveAttribute("href", path);
});

test("a language the tenant does not list shows its default language", async ({ page }) => {
  await page.goto(`${storyPath("harbour-museum", "event-cards")}?lang=cy`);
  await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
});
