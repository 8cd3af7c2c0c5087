/**
 * The API family's contract, "CORS for browser clients on other origins: a tenant lists the origins it
 * allows; preflight answers for them; reads and public-cart writes work cross-origin without
 * cookies; cookie-bearing writes stay same-origin; everything else is refused as today."
 * The demo Harbour Museum lists http://127.0.0.1:4610 (web.cors_origins); the zoo lists none.
 */
import { describe, expect, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  heldCount,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const ALLOWED = "http://127.0.0.1:4610";
const OTHER = "https://evil.example";
let offset = 0;

function preflight(path: string, origin: string, method: string) {
  return api.app.request(path, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "content-type",
    },
  });
}

async function freshSession() {
  const session = await upcomingSession(api, "hm-general-admission", offset++);
  await setSessionCapacity(api, session.id, 50, 0);
  return session;
}

async function sameOriginCart(seller = "harbour-museum", headers: Record<string, string> = {}) {
  return cartOf(
    asCart(await send(api, "POST", "/api/my/cart", { channel_id: "web", seller_id: seller }, headers)),
  );
}

describe("'a tenant lists the origins it allows; preflight answers for them'", () => {
  it("a listed origin gets 204 with its origin, the methods and headers, and never Allow-Credentials", async () => {
    const read = await preflight("/cached_api/events/available?_seller=harbour-museum", ALLOWED, "GET");
    expect(read.status).toBe(204);
    expect(read.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(read.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
    expect(read.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    expect(read.headers.get("access-control-allow-credentials")).toBeNull();
    expect(read.headers.get("vary")).toContain("Origin");
    const write = await preflight("/api/my/cart/modify?_seller=harbour-museum", ALLOWED, "POST");
    expect(write.status).toBe(204);
    expect(write.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, PATCH, DELETE");
    const cart = await sameOriginCart();
    const reserve = await preflight(`/api/my/cart/${cart.id}/reserve`, ALLOWED, "POST");
    expect(reserve.status).toBe(204);
  });

  it("refused (403, no CORS headers): an unlisted origin, another tenant's API, writes outside the cart calls", async () => {
    const zooCart = await sameOriginCart("riverside-zoo");
    const cases: [string, string, string][] = [
      ["/cached_api/events/available?_seller=harbour-museum", OTHER, "GET"],
      ["/cached_api/events/available?_seller=riverside-zoo", ALLOWED, "GET"],
      [`/api/my/cart/${zooCart.id}/reserve`, ALLOWED, "POST"],
      [`/api/my/cart/${zooCart.id}/reserve?_seller=harbour-museum`, ALLOWED, "POST"],
      ["/api/login?_seller=harbour-museum", ALLOWED, "POST"],
      ["/api/user?_seller=harbour-museum", ALLOWED, "POST"],
      ["/api/ticket_order/some-order/email?_seller=harbour-museum", ALLOWED, "POST"],
      ["/api/my/cart/modify?_seller=harbour-museum", ALLOWED, "PUT"],
    ];
    for (const [path, origin, method] of cases) {
      const res = await preflight(path, origin, method);
      expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });
});

describe("'reads … work cross-origin without cookies'", () => {
  it("a listed origin's read carries Access-Control-Allow-Origin; an unlisted origin's does not (the browser keeps it)", async () => {
    const allowed = await send(api, "GET", "/cached_api/events/available?_seller=harbour-museum", undefined, {
      origin: ALLOWED,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect(Object.keys(allowed.body)).toContain("event_template");
    const other = await send(api, "GET", "/cached_api/events/available?_seller=harbour-museum", undefined, {
      origin: OTHER,
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("'public-cart writes work cross-origin without cookies'", () => {
  it("POST my/cart, POST my/cart/{id}/reserve and DELETE my/cart/{id} from the listed origin, with Access-Control-Allow-Origin", async () => {
    const session = await freshSession();
    const created = await send(
      api,
      "POST",
      "/api/my/cart?_seller=harbour-museum",
      { channel_id: "web" },
      { origin: ALLOWED },
    );
    const cart = cartOf(asCart(created));
    expect(created.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const reserved = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/reserve`,
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      { origin: ALLOWED },
    );
    expect(asCart(reserved).ticket._count).toBe(1);
    expect(reserved.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const removed = await send(api, "DELETE", `/api/my/cart/${cart.id}`, undefined, { origin: ALLOWED });
    expect(removed.status).toBe(204);
    expect(await heldCount(api, session.id)).toBe(0);
  });
});

describe("'cookie-bearing writes stay same-origin; everything else is refused as today'", () => {
  it("a cross-origin write with a Cookie header is 403 forbidden, even from the listed origin, and changes nothing", async () => {
    const session = await freshSession();
    const user = await loginIdentity(api);
    const cart = await sameOriginCart("harbour-museum", { cookie: user.cookie });
    const res = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/reserve`,
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      { origin: ALLOWED, cookie: user.cookie },
    );
    expect(res.status).toBe(403);
    expect(errorOf(res)._code).toBe("forbidden");
    expect(await heldCount(api, session.id)).toBe(0);
  });

  it("a user's cart cannot be changed cross-origin without its cookie either (ownership, 403)", async () => {
    const session = await freshSession();
    const user = await loginIdentity(api);
    const cart = await sameOriginCart("harbour-museum", { cookie: user.cookie });
    const res = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/reserve`,
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      { origin: ALLOWED },
    );
    expect(res.status).toBe(403);
    expect(await heldCount(api, session.id)).toBe(0);
  });

  it("refused as before: an unlisted origin's cart write, another tenant's cart, and account calls from the listed origin", async () => {
    const session = await freshSession();
    const unlisted = await send(
      api,
      "POST",
      "/api/my/cart?_seller=harbour-museum",
      { channel_id: "web" },
      { origin: OTHER },
    );
    expect(unlisted.status).toBe(403);
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
    const zooCart = await sameOriginCart("riverside-zoo");
    const zoo = await send(
      api,
      "POST",
      `/api/my/cart/${zooCart.id}/reserve?_seller=harbour-museum`,
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      { origin: ALLOWED },
    );
    expect(zoo.status).toBe(403);
    const login = await send(
      api,
      "POST",
      "/api/user?_seller=harbour-museum",
      { first_name: "A", last_name: "B", email: "cors-guest@example.com" },
      { origin: ALLOWED },
    );
    expect(login.status).toBe(403);
    expect(errorOf(login)._code).toBe("forbidden");
  });

  it("same-origin requests are unchanged: no CORS headers", async () => {
    const res = await send(api, "GET", "/cached_api/events/available?_seller=harbour-museum", undefined, {
      origin: "http://localhost",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    // A cache in front of /cached_api keeps the answers of different origins apart.
    expect(res.headers.get("vary")).toContain("Origin");
  });
});
