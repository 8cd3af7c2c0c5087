/**
 * "A designed look, per tenant": the theme's brand fonts are self-hosted, preloaded and
 * shown (the browser's default serif was the bug), and the two demo tenants look clearly different.
 */
import { expect, type Page, test } from "./fixtures.ts";

async function fontsOf(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const h1 = getComputedStyle(document.querySelector("h1") as Element);
    const body = getComputedStyle(document.body);
    return {
      heading: h1.fontFamily,
      body: body.fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")),
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
        (l) => l.href,
      ),
      radius: getComputedStyle(document.querySelector(".button") as Element).borderTopLeftRadius,
    };
  });
}

test("'fonts are self-hosted from npm font packages, subset, preloaded': the museum's serif heading and sans body", async ({
  page,
}) => {
  const fontResponses: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".woff2")) fontResponses.push(`${r.status()} ${new URL(r.url()).origin}`);
  });
  await page.goto("/harbour-museum");
  const fonts = await fontsOf(page);
  expect(fonts.heading).toMatch(/^"?Fraunces Variable"?/);
  expect(fonts.body).toMatch(/^"?Source Sans 3 Variable"?/);
  expect(fonts.loaded).toEqual(expect.arrayContaining(["Fraunces Variable", "Source Sans 3 Variable"]));
  expect(fonts.preloads).toHaveLength(2);
  for (const href of fonts.preloads) expect(href).toMatch(/\/_astro\/.+\.woff2$/);
  // Self-hosted: every font file came from the storefront's own origin.
  const origin = new URL(page.url()).origin;
  expect(fontResponses.length).toBeGreaterThan(0);
  for (const r of fontResponses) expect(r).toBe(`200 ${origin}`);
});

test("'the two demo tenants look clearly different': the zoo's rounded display heading, its own body font and pill buttons", async ({
  page,
}) => {
  await page.goto("/riverside-zoo");
  const zoo = await fontsOf(page);
  expect(zoo.heading).toMatch(/^"?Fredoka Variable"?/);
  expect(zoo.body).toMatch(/^"?Nunito Variable"?/);
  expect(zoo.loaded).toEqual(expect.arrayContaining(["Fredoka Variable", "Nunito Variable"]));
  await page.goto("/harbour-museum");
  const museum = await fontsOf(page);
  expect(Number.parseFloat(zoo.radius)).toBeGreaterThan(100);
  expect(Number.parseFloat(museum.radius)).toBeLessThan(8);
});
