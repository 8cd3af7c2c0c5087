/**
 * "a tenant lists the origins it allows": which origins a tenant's list lets through
 * (http/cors.ts originAllowed) and which the tenant file may list (web.cors_origins).
 */
import { describe, expect, it } from "vitest";
import { originAllowed } from "../../../src/lib/server/http/cors.ts";
import { wantsPage } from "../../../src/lib/server/http/routes/compat-orders.ts";
import { tenantSchema } from "../../../src/lib/tenant/schema.ts";

const tenants = new Map([
  ["museum", { web: { cors_origins: ["https://shop.museum.example"] } }],
  ["zoo", { web: {} }],
]) as unknown as Parameters<typeof originAllowed>[2];

describe("'a tenant lists the origins it allows'", () => {
  it("a request naming a tenant is allowed only for that tenant's origins", () => {
    expect(originAllowed("https://shop.museum.example", "museum", tenants, true)).toBe(true);
    expect(originAllowed("https://shop.museum.example", "zoo", tenants, true)).toBe(false);
    expect(originAllowed("https://other.example", "museum", tenants, true)).toBe(false);
    expect(originAllowed("https://shop.museum.example", undefined, tenants, true)).toBe(false);
  });

  it("a request naming no tenant is allowed for an origin any tenant lists, and no other", () => {
    expect(originAllowed("https://shop.museum.example", undefined, tenants, false)).toBe(true);
    expect(originAllowed("https://other.example", undefined, tenants, false)).toBe(false);
    expect(originAllowed("null", undefined, tenants, false)).toBe(false);
  });

  it("web.cors_origins takes https origins and loopback http, never a wildcard, a path or another http host", () => {
    const parse = (origins: string[]) => tenantSchema.shape.web.safeParse({ cors_origins: origins }).success;
    expect(parse(["https://shop.museum.example", "https://a.b.example:8443"])).toBe(true);
    expect(parse(["http://127.0.0.1:4610", "http://localhost:3000"])).toBe(true);
    for (const bad of [
      "*",
      "http://shop.museum.example",
      "https://shop.museum.example/",
      "null",
      "https://*.example",
    ]) {
      expect(parse([bad]), bad).toBe(false);
    }
  });
});

describe("'GET /cached_api/ticket_order/{id} … answers with something a person can use'", () => {
  it("a browser's Accept asks for the page; a JSON client's does not", () => {
    expect(wantsPage("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(true);
    expect(wantsPage("application/json")).toBe(false);
    expect(wantsPage("*/*")).toBe(false);
    expect(wantsPage(undefined)).toBe(false);
  });
});
