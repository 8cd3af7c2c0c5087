/**
 * "Browser security headers": every page sends a Content-Security-Policy with
 * frame-ancestors ('none' unless the tenant lists origins that may embed it), nosniff, a
 * Referrer-Policy, a Permissions-Policy, a Cross-Origin-Opener-Policy, and HSTS over https.
 * The built pages are checked in the browser by tests/e2e/security-headers.spec.ts.
 */
import type { APIContext, MiddlewareNext } from "astro";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CATEGORY_WRAP_SCRIPT, INTL_WARMUP_SCRIPT } from "../../../src/lib/pages/inline-scripts.ts";
import {
  astroCspConfig,
  cspHash,
  PAGE_CSP,
  withDirective,
} from "../../../src/lib/server/http/content-security-policy.ts";
import {
  frameAncestorsFor,
  HSTS_VALUE,
  securityHeaders,
  securityHeaderValues,
} from "../../../src/lib/server/http/security-headers.ts";
import { tenantSchema } from "../../../src/lib/tenant/schema.ts";

/** What Astro writes on a rendered page (security.csp), with one hydration script hash. */
const ASTRO_POLICY =
  "default-src 'self';object-src 'none';script-src 'self' https://js.stripe.com 'sha256-abc=';style-src 'self' 'unsafe-inline';";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs the middleware on a request to `url` whose page answers `answer`. */
async function throughMiddleware(url: string, answer: Response, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const context = { url: new URL(url), request } as unknown as APIContext;
  const next: MiddlewareNext = async () => answer;
  const response = await securityHeaders(context, next);
  if (!(response instanceof Response)) throw new Error("the middleware must answer a Response");
  return response;
}

describe("the headers of every answer", () => {
  it("a page keeps Astro's policy and gets frame-ancestors 'none', nosniff, Referrer-Policy, Permissions-Policy, COOP", () => {
    const headers = securityHeaderValues({
      contentType: "text/html",
      policy: ASTRO_POLICY,
      frameAncestors: "'none'",
      https: false,
    });
    expect(headers["Content-Security-Policy"]).toBe(
      "default-src 'self'; object-src 'none'; script-src 'self' https://js.stripe.com 'sha256-abc='; " +
        "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Permissions-Policy"]).toContain('payment=(self "https://js.stripe.com")');
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("an API answer (JSON) may load and frame nothing: default-src 'none'; frame-ancestors 'none'", () => {
    const headers = securityHeaderValues({
      contentType: "application/json",
      policy: null,
      frameAncestors: "'none'",
      https: false,
    });
    expect(headers["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("an HTML answer without Astro's policy (the dev server) still cannot be framed", () => {
    const headers = securityHeaderValues({
      contentType: "text/html",
      policy: null,
      frameAncestors: "'none'",
      https: false,
    });
    expect(headers["Content-Security-Policy"]).toBe("frame-ancestors 'none'");
  });

  it("HSTS only when the request came over https", () => {
    const https = securityHeaderValues({
      contentType: "text/html",
      policy: "",
      frameAncestors: "'none'",
      https: true,
    });
    expect(https["Strict-Transport-Security"]).toBe(HSTS_VALUE);
  });

  it("withDirective replaces a directive a policy already has, whatever its case", () => {
    expect(withDirective("default-src 'self'; Frame-Ancestors *;", "frame-ancestors", "'none'")).toBe(
      "default-src 'self'; frame-ancestors 'none'",
    );
  });
});

describe("the middleware (src/middleware.ts runs it on every page and API answer)", () => {
  it("sets the headers on a page, and on a redirect whose headers are immutable", async () => {
    const page = await throughMiddleware(
      "http://127.0.0.1:4321/harbour-museum/checkout",
      new Response("<p>x</p>", {
        headers: { "Content-Type": "text/html", "Content-Security-Policy": ASTRO_POLICY },
      }),
    );
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'.*frame-ancestors 'none'$/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const redirect = await throughMiddleware(
      "http://127.0.0.1:4321/harbour-museum/login",
      Response.redirect("http://127.0.0.1:4321/harbour-museum", 302),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("a header the page set itself is kept (the reset page's Referrer-Policy: no-referrer)", async () => {
    const page = await throughMiddleware(
      "http://127.0.0.1:4321/harbour-museum/user/reset-password",
      new Response("<p>x</p>", {
        headers: { "Content-Type": "text/html", "Referrer-Policy": "no-referrer" },
      }),
    );
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a body-less 404 is left alone: Astro renders the 404 page in its place, keeping this answer's headers", async () => {
    // Regression: the 404 page got "default-src 'none'" (the policy of an empty answer) and lost its styles.
    const answer = await throughMiddleware(
      "http://127.0.0.1:4321/harbour-museum/events/nope",
      new Response(null, { status: 404 }),
    );
    expect(answer.headers.get("content-security-policy")).toBeNull();
  });

  it("HSTS over https, directly or via X-Forwarded-Proto from TRUST_PROXY_HOPS trusted proxies only", async () => {
    const json = () => new Response("{}", { headers: { "Content-Type": "application/json" } });
    const direct = await throughMiddleware("https://shop.example/api/health", json());
    expect(direct.headers.get("strict-transport-security")).toBe(HSTS_VALUE);

    const proxied = { "x-forwarded-proto": "https" };
    const untrusted = await throughMiddleware("http://10.0.0.5/api/health", json(), proxied);
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();
    vi.stubEnv("TRUST_PROXY_HOPS", "1");
    const trusted = await throughMiddleware("http://10.0.0.5/api/health", json(), proxied);
    expect(trusted.headers.get("strict-transport-security")).toBe(HSTS_VALUE);
  });
});

describe("frame-ancestors: 'none' unless the tenant lists origins that may embed it", () => {
  const tenant = (frame_ancestors?: string[]) =>
    tenantSchema.parse({
      slug: "a-museum",
      name: "A museum",
      timezone: "UTC",
      portal: { default_currency_code: "EUR" },
      web: frame_ancestors ? { frame_ancestors } : {},
      theme: { vars: {}, logoText: "A" },
    });

  it("the demo tenants list none: their pages cannot be framed", () => {
    expect(frameAncestorsFor("/harbour-museum/checkout")).toBe("'none'");
    expect(frameAncestorsFor("/riverside-zoo/login")).toBe("'none'");
    expect(frameAncestorsFor("/")).toBe("'none'");
    expect(frameAncestorsFor("/__proto__/x")).toBe("'none'");
  });

  it("a tenant's web.frame_ancestors origins may embed its pages; the API never", () => {
    const listed = tenant(["https://www.museum.example", "https://*.museum.example"]);
    const lookup = (slug: string) => (slug === "a-museum" ? listed : undefined);
    expect(frameAncestorsFor("/a-museum/events", lookup)).toBe(
      "https://www.museum.example https://*.museum.example",
    );
    expect(frameAncestorsFor("/api/events?_seller=a-museum", lookup)).toBe("'none'");
    expect(frameAncestorsFor("/a-museum/events", () => tenant())).toBe("'none'");
    expect(frameAncestorsFor("/a-museum/events", () => tenant([]))).toBe("'none'");
  });

  it("the tenant setting takes https origins only, so nothing else reaches the header", () => {
    for (const bad of [
      "https://a.example; script-src *",
      "http://a.example",
      "*",
      "'self' https://a.example",
    ]) {
      expect(() => tenant([bad]), bad).toThrow();
    }
    expect(tenant(["https://a.example:8443"]).web.frame_ancestors).toEqual(["https://a.example:8443"]);
  });
});

describe("the page policy Astro writes (astro.config.mjs security.csp)", () => {
  const config = astroCspConfig();

  it("scripts: no 'unsafe-inline' or 'unsafe-eval'; our files, Stripe.js and hCaptcha; the inline script by hash", () => {
    expect(config.scriptDirective.resources).not.toContain("'unsafe-inline'");
    expect(config.scriptDirective.resources).not.toContain("'unsafe-eval'");
    expect(config.scriptDirective.resources).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://js.stripe.com",
        "https://hcaptcha.com",
        "https://*.hcaptcha.com",
      ]),
    );
    expect(config.scriptDirective.hashes).toContain(cspHash(CATEGORY_WRAP_SCRIPT));
    expect(config.scriptDirective.hashes).toContain(cspHash(INTL_WARMUP_SCRIPT));
  });

  it("Stripe's frames (Elements, 3-D Secure) and API, and hCaptcha's, are allowed; nothing may be embedded as an object", () => {
    const directive = (name: string) => PAGE_CSP.directives.find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("frame-src")).toContain("https://js.stripe.com");
    expect(directive("frame-src")).toContain("https://hooks.stripe.com");
    expect(directive("frame-src")).toContain("https://*.hcaptcha.com");
    expect(directive("connect-src")).toContain("https://api.stripe.com");
    expect(directive("object-src")).toBe("object-src 'none'");
    // frame-ancestors is per tenant (security-headers.ts): a static one would be duplicated.
    expect(directive("frame-ancestors")).toBe("");
  });

  it("cspHash is the base64 SHA-256 a browser computes for the inline text", () => {
    expect(cspHash("")).toBe("sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });
});
