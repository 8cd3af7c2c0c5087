/**
 * A layout that does not move: on a wide screen the pages with the cart aside (listing,
 * event page, checkout) have their two columns from the first paint. The aside comes last in the
 * page (after the content, in reading order), so while the page streams in, the browser has
 * painted the content before the aside exists; the grid must not wait for it. Each page is loaded
 * once whole and once with the aside cut out of its HTML (the moment before it arrives): the main
 * column is the same in both.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { admissionCart, SELLER } from "./helpers/cart.ts";

test.use({ viewport: { width: 1280, height: 800 } });

async function mainColumn(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return { x: Math.round(box?.x ?? -1), width: Math.round(box?.width ?? -1) };
}

async function withoutAside(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const cut = html.replace(/<aside class="cart-aside"[\s\S]*?<\/aside>/, "");
      expect(cut.length).toBeLessThan(html.length);
      await route.fulfill({ response, body: cut });
    },
  );
  await page.goto(path);
}

const PAGES = [
  { name: "listing", path: `/${SELLER}/events`, content: ".site-main > h1" },
  { name: "event page", path: `/${SELLER}/events/hm-general-admission`, content: ".event-detail" },
];

for (const { name, path, content } of PAGES) {
  test(`the ${name}'s main column is the same before the cart aside has arrived`, async ({ page }) => {
    await page.goto(path);
    const whole = await mainColumn(page, content);
    expect(whole.width).toBeLessThan(1000);
    await withoutAside(page, path);
    expect(await mainColumn(page, content)).toEqual(whole);
  });
}

test("checkout: the form stays in the main column before the cart aside has arrived", async ({
  page,
  request,
}) => {
  const cart = await admissionCart(request, 1);
  const path = `/${SELLER}/checkout/${encodeURIComponent(cart.cart._data[0]?.id ?? "")}`;
  await page.goto(path);
  const title = await mainColumn(page, ".site-main > h1");
  const form = await mainColumn(page, ".checkout");
  expect(form.x).toBe(title.x);
  await withoutAside(page, path);
  expect(await mainColumn(page, ".site-main > h1")).toEqual(title);
  expect(await mainColumn(page, ".checkout")).toEqual(form);
});
