/**
 * "Browser security headers": checkout, login and account pages send a
 * Content-Security-Policy with frame-ancestors 'none', nosniff, a Referrer-Policy, a
 * Permissions-Policy and a Cross-Origin-Opener-Policy, and the checkout page cannot be framed.
 * (No CSP violation anywhere in the suite: the pageGuards fixture fails any test that reports one.)
 */
import type { Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { SELLER, seededCheckoutPath } from "./helpers/cart.ts";

function expectSecurityHeaders(response: Response | null) {
  expect(response, "the page answered").not.toBeNull();
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).toContain("https://js.stripe.com");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain('payment=(self "https://js.stripe.com")');
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Plain http here: HSTS only over https.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test("the checkout page sends the security headers and its islands run under the CSP", async ({
  page,
  request,
}) => {
  const response = await page.goto(await seededCheckoutPath(page, request));
  expectSecurityHeaders(response);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
});

test("the login page sends the security headers", async ({ page }) => {
  expectSecurityHeaders(await page.goto(`/${SELLER}/login`));
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
});

test("the account page sends the security headers", async ({ page }) => {
  const login = await page.request.post(`/api/login?_seller=${SELLER}`, {
    data: { credential_type: "password", username: "demo@harbour-museum.example", password: "Harbour-2026" },
  });
  expect(login.status()).toBe(200);
  const response = await page.goto(`/${SELLER}/my`);
  expect(page.url()).toContain(`/${SELLER}/my`);
  expectSecurityHeaders(response);
});

test("API answers send nosniff and a policy that loads and frames nothing", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the checkout page cannot be framed (frame-ancestors 'none')", async ({ browser, baseURL }) => {
  // Its own context: the refusal is a CSP report in the framing page, which the guard would count.
  const context = await browser.newContext();
  try {
    const framer = await context.newPage();
    // The framing page is served on the shop's own origin: even same-origin framing is refused.
    // A control frame without the policy shows that framing itself works there.
    await framer.route(`${baseURL}/control.html`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>control page</p>" }),
    );
    await framer.route(`${baseURL}/framer.html`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>framer</title>
          <iframe title="control" src="/control.html"></iframe>
          <iframe title="shop" src="/${SELLER}/checkout"></iframe>`,
      }),
    );
    const refused = framer.waitForEvent("console", (m) => m.text().includes("frame-ancestors 'none'"));
    await framer.goto(`${baseURL}/framer.html`);
    expect((await refused).text()).toContain(`${baseURL}/`);
    await expect(framer.frameLocator('iframe[title="control"]').getByText("control page")).toBeVisible();
    // The shop's frame holds the browser's error page, never the checkout.
    await expect.poll(() => framer.frames().map((f) => f.url())).toContain("chrome-error://chromewebdata/");
    expect(framer.frames().filter((f) => f.url().includes("/checkout"))).toEqual([]);
  } finally {
    await context.close();
  }
});
