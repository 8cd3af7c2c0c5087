/**
 * "one JSON line per request with a request id (echoed as
 * X-Request-Id), the route, status and duration. Errors keep their stack. Personal data is redacted
 * by the logger's own redaction paths, not by hand." Requests go through the Astro middleware that
 * writes the access line (http/request-log.ts), then the API app, as in the built server.
 */
import type { APIContext } from "astro";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import type { Db } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createApiApp } from "../../../src/lib/server/http/app.ts";
import { requestLog } from "../../../src/lib/server/http/request-log.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();

type LogLine = Record<string, unknown> & { msg: string; reqId?: string };

let lines: LogLine[] = [];
let raw: string[] = [];
let restore: () => void = () => {};
beforeEach(() => {
  lines = [];
  raw = [];
  restore = captureLogLines((line) => {
    raw.push(line);
    lines.push(JSON.parse(line) as LogLine);
  });
});
afterEach(() => restore());

type ApiApp = ReturnType<typeof createApiApp>;

/** One request as the built server handles it: the access-log middleware, then the /api endpoint. */
async function viaServer(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; app?: ApiApp } = {},
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const request = new Request(`http://127.0.0.1:4321${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const context = {
    request,
    url: new URL(request.url),
    routePattern: "/api/[...path]",
  } as unknown as APIContext;
  const app = options.app ?? api.app;
  const response = (await requestLog(context, () =>
    Promise.resolve(app.fetch(request, { clientAddress: "203.0.113.7" })),
  )) as Response;
  const text = await response.text();
  return { response, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const accessLines = () => lines.filter((l) => l.msg === "request");
const stackOf = (line: LogLine | undefined) => (line?.err as { stack?: string } | undefined)?.stack;

describe("the access log", () => {
  it("one JSON line per request with request id, route, status and duration; X-Request-Id is echoed", async () => {
    const { response } = await viaServer("GET", "/api/events/hm-general-admission?_embed=venue");
    expect(response.status).toBe(200);
    expect(accessLines()).toHaveLength(1);
    const [line] = accessLines();
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/api/events/:id",
      status: 200,
    });
    expect(typeof line?.durationMs).toBe("number");
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("X-Request-Id")).toBe(line?.reqId);
    // The path and the query stay out of API lines.
    expect(raw.join("")).not.toContain("_embed");
    expect(line).not.toHaveProperty("path");
  });

  it("spec 1 §8: a failed API call is a warning, except 402/404/409/410/422 from POST /api and 401 from login", async () => {
    await api.handle.db.delete(s.rateLimit);
    const q = "?_seller=harbour-museum";
    // 401 from login: ignored (info).
    const login = await viaServer("POST", `/api/login${q}`, {
      body: { username: "nobody@example.test", password: "Wrong-Secret-1" },
    });
    expect(login.response.status).toBe(401);
    // 404 from POST /api: ignored (info).
    const missing = await viaServer("POST", `/api/my/cart/no-such-cart/modify${q}`, { body: {} });
    expect(missing.response.status).toBe(404);
    // 400 from POST /api and 404 from GET: reported (warn).
    const bad = await viaServer("POST", `/api/my/cart/modify${q}`, { body: { add: "not a list" } });
    expect(bad.response.status).toBe(400);
    const unknown = await viaServer("GET", `/api/events/no-such-event${q}`);
    expect(unknown.response.status).toBe(404);
    expect(accessLines().map((l) => [l.status, l.level])).toEqual([
      [401, "info"],
      [404, "info"],
      [400, "warn"],
      [404, "warn"],
    ]);
  });

  it("a sane incoming X-Request-Id is kept and echoed; anything else is replaced by a new id", async () => {
    const kept = await viaServer("GET", "/api/health", { headers: { "X-Request-Id": "lb-7f3a.42:1" } });
    expect(kept.response.headers.get("X-Request-Id")).toBe("lb-7f3a.42:1");
    expect(accessLines()[0]?.reqId).toBe("lb-7f3a.42:1");
    for (const hostile of ["a b", "x".repeat(200), "<script>", "id;drop"]) {
      const replaced = await viaServer("GET", "/api/health", { headers: { "X-Request-Id": hostile } });
      expect(replaced.response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(accessLines()).toHaveLength(5);
  });

  it("the route is the pattern that answered: a gift-card number in the path never reaches the line", async () => {
    await api.handle.db.delete(s.rateLimit);
    const { response } = await viaServer("GET", "/api/ledger/gift_card/GC-1000-0001?_seller=harbour-museum");
    expect(response.status).toBe(200);
    expect(accessLines()[0]?.route).toBe("/api/ledger/:type/:number");
    const missing = await viaServer("GET", "/api/no/such/route/GC-1000-0001");
    expect(missing.response.status).toBe(404);
    expect(accessLines()[1]).toMatchObject({ status: 404, route: "/api/*" });
    expect(raw.join("")).not.toContain("GC-1000-0001");
  });

  it("pages log their path and pattern; a response with immutable headers still gets X-Request-Id", async () => {
    const request = new Request("http://127.0.0.1:4321/harbour-museum/events/hm-flex-pass?email=a@b.example");
    const context = {
      request,
      url: new URL(request.url),
      routePattern: "/[seller]/events/[id]",
    } as unknown as APIContext;
    const response = (await requestLog(context, () =>
      Promise.resolve(Response.redirect("http://127.0.0.1:4321/harbour-museum/login", 302)),
    )) as Response;
    expect(response.status).toBe(302);
    expect(accessLines()).toEqual([
      expect.objectContaining({
        route: "/[seller]/events/[id]",
        path: "/harbour-museum/events/hm-flex-pass",
        status: 302,
        reqId: response.headers.get("X-Request-Id"),
      }),
    ]);
    expect(raw.join("")).not.toContain("a@b.example");
  });

  it("a page that reads the API in process keeps its own route in its line", async () => {
    // Bug guarded: the events page's line named the API route its server render had called.
    const request = new Request("http://127.0.0.1:4321/harbour-museum/events");
    const context = {
      request,
      url: new URL(request.url),
      routePattern: "/[seller]/events",
    } as unknown as APIContext;
    await requestLog(context, async () => {
      await api.app.fetch(
        new Request("http://127.0.0.1:4321/cached_api/events/available?_seller=harbour-museum"),
      );
      return new Response("<html></html>", { headers: { "content-type": "text/html" } });
    });
    expect(accessLines()).toEqual([
      expect.objectContaining({ route: "/[seller]/events", path: "/harbour-museum/events", status: 200 }),
    ]);
  });

  it("errors keep their stack: a page that throws is logged with its stack, then as a 500 access line", async () => {
    const request = new Request("http://127.0.0.1:4321/harbour-museum");
    const context = {
      request,
      url: new URL(request.url),
      routePattern: "/[seller]",
    } as unknown as APIContext;
    const boom = new TypeError("render failed");
    await expect(requestLog(context, () => Promise.reject(boom))).rejects.toBe(boom);
    const [failed, access] = lines;
    expect(failed).toMatchObject({ level: "error", msg: "request.failed", err: { type: "TypeError" } });
    expect(stackOf(failed)).toMatch(/render failed\n\s+at /);
    expect(access).toMatchObject({ msg: "request", status: 500, reqId: failed?.reqId });
  });
});

describe("personal data never reaches the logs", () => {
  const EMAIL = "ada.lovelace@example.test";
  const PASSWORD = "Analytical-Engine-1843";
  const CARD = "4242424242424242";
  const DECLINED = "4000000000000002";
  const GIFT_CARD = "GC-1000-0001";

  it("an unexpected API error is logged with its stack and request id, without the query's values", async () => {
    // What drizzle throws when a statement fails: the bound values ride in the message and fields.
    const failure = new DrizzleQueryError(
      'select "id" from "identity" where "email" = $1 and "card" = $2',
      [EMAIL, CARD],
      Object.assign(new Error(`duplicate key: Key (email)=(${EMAIL}) already exists.`), {
        code: "23505",
        detail: `Key (email)=(${EMAIL}) already exists.`,
      }),
    );
    const broken = new Proxy({} as Db, {
      get() {
        throw failure;
      },
    });
    const app = createApiApp({ db: broken, clock: api.clock });
    const { response, body } = await viaServer("POST", `/api/login?_seller=harbour-museum&email=${EMAIL}`, {
      app,
      body: { username: EMAIL, password: PASSWORD },
    });
    expect(response.status).toBe(500);
    expect(body).toMatchObject({ _data: [{ _code: "internal_error" }] });
    const error = lines.find((l) => l.msg === "api.unexpected_error");
    expect(error).toMatchObject({
      level: "error",
      err: { type: "DrizzleQueryError", cause: { code: "23505" } },
    });
    expect(stackOf(error)).toMatch(/Failed query: select .*\n\s+at /);
    expect(error?.reqId).toBe(response.headers.get("X-Request-Id"));
    expect(accessLines()).toEqual([
      expect.objectContaining({ level: "error", status: 500, route: "/api/login" }),
    ]);
    const all = raw.join("");
    for (const secret of [EMAIL, PASSWORD, CARD]) expect(all).not.toContain(secret);
  });

  it("a shopper's whole visit (account, login, gift card, declined and good cards) logs no e-mail, password, name, card or gift-card number", async () => {
    await api.handle.db.delete(s.rateLimit);
    const identity = { first_name: "Ada", last_name: "Lovelace-Byron", email: EMAIL };
    const q = "?_seller=harbour-museum";
    await viaServer("POST", `/api/user${q}`, { body: { ...identity, password: PASSWORD } });
    await viaServer("POST", `/api/login${q}`, { body: { username: EMAIL, password: "Wrong-Secret-1" } });
    await viaServer("POST", `/api/login${q}`, { body: { username: EMAIL, password: PASSWORD } });
    await viaServer("POST", `/api/password_reset/request${q}`, { body: { email: EMAIL } });
    await viaServer("GET", `/api/ledger/gift_card/${GIFT_CARD}${q}&email=${EMAIL}`);
    await viaServer("POST", `/api/login${q}`, { body: "{not json" });

    const session = await upcomingSession(api, "hm-general-admission", 5);
    await setSessionCapacity(api, session.id, 50, 0);
    const created = await viaServer("POST", `/api/my/cart/modify${q}`, {
      body: { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 6 }] },
    });
    const cart = cartOf(
      asCart({ status: created.response.status, headers: new Headers(), body: created.body }),
    );
    await viaServer("POST", `/api/cart/${cart.id}/pay`, {
      body: { gateway_id: "ledger", gateway_data: { number: GIFT_CARD }, amount: "159.00" },
    });
    const card = (number: string) => ({ card_number: number, exp_month: 12, exp_year: 2030, cvc: "123" });
    const declined = await viaServer("POST", `/api/cart/${cart.id}/guest_checkout`, {
      body: { gateway_id: "test", gateway_data: card(DECLINED), amount: "59.00", identity },
    });
    expect(declined.response.status).toBe(402);
    const paid = await viaServer("POST", `/api/cart/${cart.id}/guest_checkout`, {
      body: { gateway_id: "test", gateway_data: card(CARD), amount: "59.00", identity },
    });
    expect(paid.response.status, JSON.stringify(paid.body)).toBe(200);
    expect(checkoutAnswer.parse(paid.body).checkout_result._data[0]?.status).toBe("completed");

    expect(accessLines().length).toBe(10);
    const all = raw.join("");
    for (const secret of [EMAIL, PASSWORD, "Wrong-Secret-1", "Lovelace-Byron", CARD, DECLINED, GIFT_CARD]) {
      expect(all).not.toContain(secret);
    }
  });
});
