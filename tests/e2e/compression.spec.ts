/**
 * "No response compression: HTML, JSON, JS and CSS go out uncompressed. Compress them
 * (brotli and gzip) when the client accepts it": the built server, as a browser and a client
 * without Accept-Encoding see it. (The middleware and the precompressed files are unit-tested in
 * tests/integration/compression.test.ts.)
 */
import { expect, test } from "./fixtures.ts";

const MUSEUM = "harbour-museum";

test("an HTML page, an /api JSON answer and a /_astro script come back as br or gzip when asked, identity otherwise", async ({
  page,
  request,
}) => {
  // A script the listing page loads, from the page itself.
  await page.goto(`/${MUSEUM}/events`);
  // An island's component script (a module of a few KB; a file under 1 KB has no compressed twin).
  const script = await page.locator("astro-island[component-url]").first().getAttribute("component-url");
  const stylesheet = await page
    .locator('link[rel="stylesheet"][href^="/_astro/"]')
    .first()
    .getAttribute("href");
  expect(script).toBeTruthy();
  const urls = {
    page: `/${MUSEUM}/events`,
    api: `/api/events/available?_seller=${MUSEUM}&_embed=meta,venue`,
    script: script ?? "",
    stylesheet: stylesheet ?? "",
  };
  for (const [what, url] of Object.entries(urls)) {
    if (!url) continue;
    const br = await request.get(url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.status(), what).toBe(200);
    expect(br.headers()["content-encoding"], `${what} with br accepted`).toBe("br");
    expect(br.headers().vary ?? "", what).toContain("Accept-Encoding");
    // Playwright decodes the body: it is the real content.
    expect((await br.body()).length, what).toBeGreaterThan(500);

    const gzip = await request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"], `${what} with gzip only`).toBe("gzip");

    const identity = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers()["content-encoding"], `${what} without compression`).toBeUndefined();
    if (what === "page") expect((await identity.text()).trimEnd().endsWith("</html>")).toBe(true);
    else
      expect((await identity.body()).equals(await gzip.body()), `${what} decodes to the same bytes`).toBe(
        true,
      );
  }
});

test("a compressed page keeps its CSP, security headers and X-Request-Id", async ({ request }) => {
  const res = await request.get(`/${MUSEUM}/events`, { headers: { "Accept-Encoding": "br" } });
  const headers = res.headers();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-request-id"]).toBeTruthy();
});

test("images go out as they are: already compressed", async ({ request }) => {
  const res = await request.get(
    `/api/image/${MUSEUM}/general-admission.jpg?sizex=128&sizey=102&shrinkonly=1`,
    {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    },
  );
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBeUndefined();
});
