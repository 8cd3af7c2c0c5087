/**
 * "No favicon (a 404 on every page), and no meta description or social preview tags",
 * and "Event images have the title baked into the illustration": on the built server, in Chromium.
 */
import { expect, type Page, test } from "./fixtures.ts";

const MUSEUM = "harbour-museum";
const ZOO = "riverside-zoo";

/** Every answer of 400 or more and every console error while `visit` runs. */
async function failuresDuring(page: Page, visit: () => Promise<unknown>) {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await visit();
  // The icon is fetched after the page loads: wait until the browser has asked for it.
  await page.waitForLoadState("load");
  return { failed, errors };
}

test("'No favicon (a 404 on every page)': each tenant's pages link an icon that loads, and nothing 404s", async ({
  page,
}) => {
  const iconRequests: string[] = [];
  page.on("requestfinished", (request) => {
    if (/favicon/.test(request.url())) iconRequests.push(request.url());
  });
  const { failed, errors } = await failuresDuring(page, async () => {
    await page.goto(`/${MUSEUM}`);
    await page.goto(`/${MUSEUM}/events`);
    await page.goto(`/${ZOO}/events/rz-day-admission`);
  });
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute("href", `/${ZOO}/favicon.svg`);

  const icon = await page.request.get(`/${MUSEUM}/favicon.svg`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/svg+xml");
  // The tenant theme's primary colour.
  expect(await icon.text()).toContain('fill="#0b4f6c"');
  // A client that asks for /favicon.ico without reading the page gets Foyer's icon, not a 404.
  const ico = await page.request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect((await page.request.get("/no-such-seller/favicon.svg")).status()).toBe(404);
});

test("an event page: 'a meta description (event summary on detail pages)' and Open Graph tags with absolute URLs", async ({
  page,
  baseURL,
}) => {
  await page.goto(`/${MUSEUM}/events/hm-evening-concert?session=next`);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute("content");
  const description = await meta('name="description"');
  expect(description).toBeTruthy();
  expect(await meta('property="og:description"')).toBe(description);
  expect(await meta('property="og:title"')).toBe(await page.getByRole("heading", { level: 1 }).textContent());
  expect(await meta('property="og:type"')).toBe("website");
  expect(await meta('property="og:site_name"')).toBe("Harbour Museum");
  // No query in the canonical URL; the configured (here loopback) origin, never the Host header.
  const canonical = `${baseURL}/${MUSEUM}/events/hm-evening-concert`;
  expect(await meta('property="og:url"')).toBe(canonical);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", canonical);
  const image = (await meta('property="og:image"')) ?? "";
  expect(image.startsWith(`${baseURL}/api/image/${MUSEUM}/evening-concert-cover.jpg`)).toBe(true);
  expect((await page.request.get(image)).status()).toBe(200);
  expect(await meta('name="twitter:card"')).toBe("summary_large_image");
});

test("other pages get 'tenant description elsewhere', in the tenant's own Open Graph locale", async ({
  page,
}) => {
  await page.goto(`/${ZOO}/events`);
  const description = await page.locator('head meta[name="description"]').getAttribute("content");
  expect(description).toContain("Meet over 400 species");
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
  await expect(page.locator('head meta[property="og:image"]')).toHaveCount(0);
});

test("a forged Host header never reaches the page's absolute URLs", async ({ request, baseURL }) => {
  const res = await request.get(`/${MUSEUM}/events/hm-general-admission`, {
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
  });
  const html = await res.text();
  expect(html).not.toContain("evil.example");
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/${MUSEUM}/events/hm-general-admission"`);
});

test("'The images carry no text; the page gives it': the cover is the decorative picture, the H1 the name", async ({
  page,
}) => {
  await page.goto(`/${MUSEUM}/events/hm-general-admission`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("General Admission");
  const cover = page.locator("img.event-detail__cover");
  // The alt text describes the picture; it does not repeat the heading right below it.
  const alt = (await cover.getAttribute("alt")) ?? "";
  expect(alt).not.toContain("General Admission");
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
