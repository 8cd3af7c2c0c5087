/**
 * Holds back the islands' JavaScript (every /_astro/*.js request) so a test can use the page as it
 * is before hydration, the moment a password manager fills it (typed or autofilled
 * text must not be wiped). `release` lets the held requests and every later one through.
 */
import type { Page, Route } from "@playwright/test";

export async function holdIslandScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_astro\/[^?]*\.js(\?.*)?$/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}
