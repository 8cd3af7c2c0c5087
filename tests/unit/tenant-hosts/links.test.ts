/**
 * "Mail links use the tenant's host when it has one (this closes the Host-header finding
 * for good)"; DESIGN §5: "Mail links are built only from configured origins (`PUBLIC_URL`, a
 * tenant's host names), never from a request header." Harbour Museum lists
 * tickets.harbour-museum.example; Riverside Zoo lists none.
 */
import { describe, expect, it } from "vitest";
import {
  mailOriginFor,
  requestStorefront,
  storefrontUrl,
  tenantHostOrigin,
} from "../../../src/lib/server/tenant-hosts/links.ts";

const configured = { PUBLIC_URL: "https://foyer.example", PORT: "4000" };
const demo = { PORT: "4611" };

describe("one rule for mail links", () => {
  it("the tenant's first host, with PUBLIC_URL's scheme and port, whatever the request's Host", () => {
    expect(mailOriginFor("harbour-museum", "http://evil.example/api/x", configured)).toBe(
      "https://tickets.harbour-museum.example",
    );
    expect(mailOriginFor("harbour-museum", "", configured)).toBe("https://tickets.harbour-museum.example");
    expect(tenantHostOrigin("harbour-museum", { PUBLIC_URL: "http://foyer.example:8080" })).toBe(
      "http://tickets.harbour-museum.example:8080",
    );
  });

  it("a tenant without host names: today's rule (PUBLIC_URL, never the Host)", () => {
    expect(mailOriginFor("riverside-zoo", "http://evil.example/api/x", configured)).toBe(
      "https://foyer.example",
    );
    expect(tenantHostOrigin("riverside-zoo", configured)).toBeUndefined();
  });

  it("the demo (nothing configured): the tenant host for a request that came on it, else loopback", () => {
    expect(mailOriginFor("harbour-museum", "http://tickets.harbour-museum.example:4611/api/x", demo)).toBe(
      "http://tickets.harbour-museum.example:4611",
    );
    expect(mailOriginFor("harbour-museum", "http://evil.example/api/x", demo)).toBe("http://127.0.0.1:4611");
    expect(mailOriginFor("harbour-museum", "", demo)).toBe("http://127.0.0.1:4611");
  });

  it("links on the tenant host are at `/`; elsewhere under `/{seller}`", () => {
    expect(
      storefrontUrl(
        "https://tickets.harbour-museum.example",
        "harbour-museum",
        "/manage/o1?token=t",
        configured,
      ),
    ).toBe("https://tickets.harbour-museum.example/manage/o1?token=t");
    expect(storefrontUrl("https://foyer.example", "harbour-museum", "/manage/o1?token=t", configured)).toBe(
      "https://foyer.example/harbour-museum/manage/o1?token=t",
    );
    expect(storefrontUrl("https://foyer.example", "riverside-zoo", "/login", configured)).toBe(
      "https://foyer.example/riverside-zoo/login",
    );
  });

  it("the request's own storefront (an OpenID Connect redirect URI comes back to the same cookies)", () => {
    expect(
      requestStorefront("https://tickets.harbour-museum.example/api/x", "harbour-museum", configured),
    ).toEqual({
      origin: "https://tickets.harbour-museum.example",
      base: "",
    });
    expect(requestStorefront("https://foyer.example/api/x", "harbour-museum", configured)).toEqual({
      origin: "https://foyer.example",
      base: "/harbour-museum",
    });
    // Another tenant's host name is not this seller's storefront.
    expect(
      requestStorefront("https://tickets.harbour-museum.example/api/x", "riverside-zoo", configured),
    ).toEqual({
      origin: "https://foyer.example",
      base: "/riverside-zoo",
    });
  });
});
