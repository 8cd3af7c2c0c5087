/**
 * The browser's API clients are built once per page, over the page's origin and the browser's
 * fetch as it is when a call is made.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the browser's API clients", () => {
  it("are built once, over the page's origin, for /api and /cached_api", async () => {
    vi.stubGlobal("location", { origin: "https://shop.example" });
    const { browserClient, browserClients } = await import("../../../src/lib/api/browser.ts");
    expect(browserClient()).toBe(browserClient());
    const both = browserClients();
    expect(both.fresh).toBe(browserClient());
    expect(browserClients().cached).toBe(both.cached);
    expect(both.fresh.url("config")).toBe("https://shop.example/api/config");
    expect(both.cached.url("config")).toBe("https://shop.example/cached_api/config");
  });

  it("call the fetch of the moment, with the ecommerce app's header", async () => {
    vi.stubGlobal("location", { origin: "https://shop.example" });
    const { browserClient } = await import("../../../src/lib/api/browser.ts");
    const client = browserClient();
    const seen: Request[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      seen.push(request);
      return Response.json({ config: { _count: 0, _data: [] } });
    });
    await client.getConfig("harbour-museum");
    expect(seen.map((r) => [r.url, r.headers.get("x-ecommerce-app")])).toEqual([
      ["https://shop.example/api/config?_seller=harbour-museum", "foyer-web"],
    ]);
  });
});
