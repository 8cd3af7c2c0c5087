/**
 * Tenant host names, DESIGN §7: "A tenant may also list its own host names: on those,
 * requests need no `_seller` and the router base is `/`". Spec doc 2 §2: "The router base is the
 * seller slug. A trailing slash is stripped."
 */
import { describe, expect, it } from "vitest";
import { callbackNextPath } from "../../../src/lib/domain/external-login/outcome.ts";
import { loginPageHref, safeRedirectPath } from "../../../src/lib/domain/login-steps.ts";
import {
  duplicateHost,
  hostNameOf,
  hrefUnderBase,
  htmlUnderBase,
  isHostName,
  pathFor,
  routerBase,
  sellerPagePath,
  withoutSellerPrefix,
} from "../../../src/lib/domain/tenant-hosts/hosts.ts";
import { locationOnTenantHost } from "../../../src/lib/server/http/tenant-host.ts";
import { tenantSchema } from "../../../src/lib/tenant/schema.ts";

describe("tenant host names: 'validate them as lower-case host names'", () => {
  it("accepts lower-case DNS names with two or more labels", () => {
    for (const name of ["tickets.harbour-museum.example", "a.b", "shop-1.example.org"]) {
      expect(isHostName(name), name).toBe(true);
    }
  });

  it("refuses upper case, ports, schemes, paths, IP literals, single labels and bad labels", () => {
    for (const name of [
      "Tickets.Example.org",
      "tickets.example.org:8443",
      "https://tickets.example.org",
      "tickets.example.org/shop",
      "127.0.0.1",
      "localhost",
      "-bad.example",
      "bad-.example",
      "tickets..example",
      "tickets.example.",
      "",
    ]) {
      expect(isHostName(name), name).toBe(false);
    }
  });

  it("the tenant schema takes `hosts` (default none) and refuses an invalid one", () => {
    const base = {
      slug: "t1",
      name: "T",
      timezone: "UTC",
      portal: { default_currency_code: "USD" },
      web: {},
    };
    const plain = tenantSchema.safeParse(base);
    const withHosts = tenantSchema.safeParse({ ...base, hosts: ["tickets.t1.example"] });
    const bad = tenantSchema.safeParse({ ...base, hosts: ["Tickets.T1.example"] });
    // Whatever else the schema requires, `hosts` itself is judged here.
    const hostIssues = (r: typeof bad) =>
      r.success ? [] : r.error.issues.filter((i) => i.path[0] === "hosts");
    expect(plain.success ? plain.data.hosts : []).toEqual([]);
    expect(hostIssues(withHosts)).toEqual([]);
    expect(hostIssues(bad)).toHaveLength(1);
  });

  it("'unique across tenants': a name listed twice is found", () => {
    expect(
      duplicateHost([
        { slug: "a", hosts: ["a.example"] },
        { slug: "b", hosts: ["b.example", "a.example"] },
      ]),
    ).toBe("a.example");
    expect(
      duplicateHost([
        { slug: "a", hosts: ["a.example"] },
        { slug: "b", hosts: ["b.example"] },
      ]),
    ).toBe(undefined);
  });

  it("a Host header's name: lower case, port and trailing dot dropped; nothing for IPs and junk", () => {
    expect(hostNameOf("Tickets.Harbour-Museum.Example:4611")).toBe("tickets.harbour-museum.example");
    expect(hostNameOf("tickets.harbour-museum.example.")).toBe("tickets.harbour-museum.example");
    expect(hostNameOf("127.0.0.1:4611")).toBeUndefined();
    expect(hostNameOf("[::1]:4611")).toBeUndefined();
    expect(hostNameOf(undefined)).toBeUndefined();
    expect(hostNameOf("evil.example/../x")).toBeUndefined();
  });
});

describe("'the router base becomes /' on a tenant host; 'the router base is the seller slug' elsewhere", () => {
  it("routerBase and pathFor", () => {
    expect(routerBase("harbour-museum", false)).toBe("/harbour-museum");
    expect(routerBase("harbour-museum", true)).toBe("");
    expect(pathFor("/harbour-museum", "/events")).toBe("/harbour-museum/events");
    expect(pathFor("", "/events")).toBe("/events");
    // The home: "A trailing slash is stripped" on the shared host; `/` on the tenant host.
    expect(pathFor("/harbour-museum")).toBe("/harbour-museum");
    expect(pathFor("/harbour-museum", "/")).toBe("/harbour-museum");
    expect(pathFor("")).toBe("/");
    expect(pathFor("", "?login=1")).toBe("/?login=1");
    expect(() => pathFor("", "events")).toThrow();
  });

  it("`/{seller}/…` on the tenant host moves to `/…`; other paths are not the seller's prefix", () => {
    expect(withoutSellerPrefix("/harbour-museum/events/x", "harbour-museum")).toBe("/events/x");
    expect(withoutSellerPrefix("/harbour-museum", "harbour-museum")).toBe("/");
    expect(withoutSellerPrefix("/harbour-museumx/events", "harbour-museum")).toBeUndefined();
    expect(withoutSellerPrefix("/events", "harbour-museum")).toBeUndefined();
  });

  it("a tenant-host path is served from the seller's page", () => {
    expect(sellerPagePath("/", "harbour-museum")).toBe("/harbour-museum");
    expect(sellerPagePath("/checkout/complete", "harbour-museum")).toBe("/harbour-museum/checkout/complete");
  });

  it("redirects a page answers on the tenant host leave without the seller prefix, other targets unchanged", () => {
    const origin = "http://tickets.harbour-museum.example:4611";
    expect(locationOnTenantHost("/harbour-museum/events?x=1", "harbour-museum", origin)).toBe("/events?x=1");
    expect(locationOnTenantHost("/harbour-museum", "harbour-museum", origin)).toBe("/");
    expect(locationOnTenantHost(`${origin}/harbour-museum/my`, "harbour-museum", origin)).toBe("/my");
    expect(locationOnTenantHost("https://members.example/join", "harbour-museum", origin)).toBe(
      "https://members.example/join",
    );
    expect(locationOnTenantHost("/events", "harbour-museum", origin)).toBe("/events");
  });
});

describe("login redirects under the router base", () => {
  it("on the tenant host (base ''): a same-site path is kept; protocol-relative and other hosts are refused", () => {
    expect(safeRedirectPath("/my/orders", "harbour-museum", "")).toBe("/my/orders");
    expect(safeRedirectPath("//evil.example/x", "harbour-museum", "")).toBe("/events");
    expect(safeRedirectPath("https://evil.example/x", "harbour-museum", "")).toBe("/events");
    expect(safeRedirectPath("/login?x=1", "harbour-museum", "")).toBe("/events");
    expect(safeRedirectPath("?x=1", "harbour-museum", "")).toBe("/events");
    expect(loginPageHref("harbour-museum", "/my", {}, "")).toBe("/login?redirect=%2Fmy");
  });

  it("on the shared host nothing changes (the default base is /{seller})", () => {
    expect(safeRedirectPath("/harbour-museum/my", "harbour-museum")).toBe("/harbour-museum/my");
    expect(safeRedirectPath("/my", "harbour-museum")).toBe("/harbour-museum/events");
    expect(loginPageHref("harbour-museum", "/harbour-museum/my")).toBe(
      "/harbour-museum/login?redirect=%2Fharbour-museum%2Fmy",
    );
  });

  it("the external login's next path follows the same base", () => {
    expect(callbackNextPath("/my", "harbour-museum", "")).toBe("/my");
    expect(callbackNextPath("//evil.example", "harbour-museum", "")).toBe("/events");
    expect(callbackNextPath("/harbour-museum/my", "harbour-museum")).toBe("/harbour-museum/my");
    expect(callbackNextPath("/my", "harbour-museum")).toBe("/harbour-museum/events");
  });
});

describe("links in the tenant's content follow the router base", () => {
  it("`/{seller}/…` in content becomes `/…` on the tenant host; anything else is kept", () => {
    expect(hrefUnderBase("/harbour-museum/membership", "harbour-museum", "")).toBe("/membership");
    expect(hrefUnderBase("/harbour-museum?x=1#top", "harbour-museum", "")).toBe("/?x=1#top");
    expect(hrefUnderBase("/harbour-museum/membership", "harbour-museum", "/harbour-museum")).toBe(
      "/harbour-museum/membership",
    );
    expect(hrefUnderBase("https://example.org/harbour-museum/x", "harbour-museum", "")).toBe(
      "https://example.org/harbour-museum/x",
    );
    expect(hrefUnderBase("/riverside-zoo/events", "harbour-museum", "")).toBe("/riverside-zoo/events");
  });

  it("rendered Markdown's hrefs", () => {
    const html = '<p><a href="/harbour-museum/membership">Join</a> <a href="https://x.example/">x</a></p>';
    expect(htmlUnderBase(html, "harbour-museum", "")).toBe(
      '<p><a href="/membership">Join</a> <a href="https://x.example/">x</a></p>',
    );
    expect(htmlUnderBase(html, "harbour-museum", "/harbour-museum")).toBe(html);
  });
});
