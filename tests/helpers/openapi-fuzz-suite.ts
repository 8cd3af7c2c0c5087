/**
 * "Hostile input must give a 4xx, never a 5xx", fuzzed from /api/openapi.json: every
 * operation of the document (under /api and /cached_api), with hostile path params, prototype names
 * in every query name and embed, NUL, lone surrogates, huge numbers, very long strings and wrong
 * types at every body leaf, and prototype names at every object level of the body. No answer is a
 * 5xx, and every error answer has the contract's `_data` shape. Rate limits (429) are fine.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apiErrorBody } from "../../src/lib/api/schemas.ts";
import { manualClock } from "../../src/lib/server/clock.ts";
import type { Db } from "../../src/lib/server/db/client.ts";
import { type ApiApp, createApiApp } from "../../src/lib/server/http/app.ts";
import type { CaptchaVerifier } from "../../src/lib/server/security/captcha.ts";
import { TEST_NOW, withTestApi } from "./api.ts";
import { asCart, cartOf, loginIdentity, send, setSessionCapacity, upcomingSession } from "./cart.ts";
import {
  type FuzzRequest,
  hostileRequests,
  OMIT,
  type Operation,
  operationsOf,
  plausiblePlan,
  QUERY_VALUES,
  toJson,
} from "./openapi-fuzz.ts";

/** A captcha that says yes, so checkouts reach the real route instead of a 503 "not configured". */
const acceptingCaptcha: CaptchaVerifier = {
  configured: () => true,
  verify: async () => ({ ok: true }),
};

/** The document is built from the route definitions alone: no request reaches a database. */
const noDatabase = new Proxy({} as Db, {
  get() {
    throw new Error("the OpenAPI document needs no database");
  },
});
const documentApp = createApiApp({ db: noDatabase, clock: manualClock(TEST_NOW), captcha: acceptingCaptcha });
const allOperations = operationsOf(await (await documentApp.request("/api/openapi.json")).json());

/**
 * One half of the fuzz: the operations under one prefix (the two halves are two test files, so the
 * integration run's two workers share the work). `random` adds the random combinations, in the
 * half that has them; `minRequests` is the requests it must send (10,000 in all; each half sends more).
 */
export function fuzzOperationsUnder(
  prefix: "/api/" | "/cached_api/",
  options: { random: boolean; minRequests: number },
): void {
  const operations = allOperations.filter((op) => op.path.startsWith(prefix));
  const api = withTestApi();
  let app: ApiApp;
  let user: { identityId: string; cookie: string };
  const ids = { gaSession: "", concertSession: "", order: "", cartTotal: "" };
  let sent = 0;

  const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
  /** Stands for the current guest cart in generated requests; replaced when a request is sent. */
  const CART = "fuzz-current-cart";
  /** The current guest cart; a checkout or delete that succeeds uses it up, and the next request gets a fresh one. */
  let currentCart: string | null = null;
  let freshCarts = 0;
  const MAX_FRESH_CARTS = 10;

  async function newGuestCart(): Promise<{ id: string; total: string }> {
    const answer = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: ids.gaSession, quantity: 1 }],
    });
    sent++;
    const cart = cartOf(asCart(answer));
    return { id: cart.id, total: cart.totals.total };
  }

  beforeAll(async () => {
    app = createApiApp({ db: api.handle.db, clock: api.clock, captcha: acceptingCaptcha });
    const ga = await upcomingSession(api, "hm-general-admission", 0);
    await setSessionCapacity(api, ga.id, 1_000_000, 0);
    ids.gaSession = ga.id;
    ids.concertSession = (await upcomingSession(api, "hm-evening-concert", 0)).id;
    user = await loginIdentity(api);
    const cart = await newGuestCart();
    ids.cartTotal = cart.total;
    const checkout = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
    });
    sent++;
    const order = (checkout.body.ticket_order as { _data: { id: string }[] } | undefined)?._data[0]?.id;
    if (!order)
      throw new Error(`no order from the fixture checkout: ${JSON.stringify(checkout.body).slice(0, 300)}`);
    ids.order = order;
  });

  /** Real ids and values by parameter or property name, so the plausible request goes deep. */
  function fixtures(op: Operation): Record<string, unknown> {
    const segments = op.path.split("/");
    const idOwner = segments[segments.indexOf("{id}") - 1];
    const idByOwner: Record<string, string> = {
      events: "hm-general-admission",
      ticket_group: "hm-ga-general",
      cart: CART,
      ticket_order: ids.order,
      membership: "hm-membership",
      user: user.identityId,
    };
    const opName = `${op.method}${op.path}`.toLowerCase().replace(/[^a-z]+/g, "-");
    return {
      id: (idOwner && Object.hasOwn(idByOwner, idOwner) ? idByOwner[idOwner] : undefined) ?? "x",
      sessionId: ids.gaSession,
      event_template_id: "hm-evening-concert",
      session_id: ids.concertSession,
      path: "harbour-museum/curator-tour.jpg",
      type: "gift_card",
      number: "GC-1000-0001",
      _seller: "harbour-museum",
      "id._in": ids.order,
      code: "WELCOME10",
      ticket_type_id: "hm-ga-adult",
      event_session_id: ids.gaSession,
      // A general-admission line takes no seat, no price of its own and no voucher code.
      "add.seat_template_id": OMIT,
      "add.face_value": OMIT,
      "add.code": OMIT,
      postReservePromoCodes: OMIT,
      preloadedPromoCodes: OMIT,
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
      quantity: 1,
      remove: [],
      // One address per operation: creating an account, then changing its e-mail, do not collide.
      email: `${opName}@example.com`,
      username: "demo@harbour-museum.example",
      password: "Harbour-2026",
      first_name: "Ada",
      last_name: "Lovelace",
      admit_name: "Ada Lovelace",
      admit_email: "ada@example.com",
      token: "t".repeat(32),
      otp: "ABCDEF",
      scan_code: "HM100001",
      zip_code: "02110",
      cart_id: CART,
      gateway_id: "test",
      gateway_data: CARD,
      // A partial payment on pay; the whole outstanding total on checkout (else it is refused early).
      amount: op.path.endsWith("/pay") ? "1.00" : ids.cartTotal,
      expires_at: new Date(api.clock.now().getTime() + 600_000).toISOString(),
      redirect_path: "/harbour-museum/events",
      captcha: "fuzz-captcha-token",
      idempotency_key: "fuzz-idempotency-key",
      additionalInfo: { "hm-ga-general": { note: "fuzz" } },
      campaign: { utm_source: "fuzz" },
      additional_info: { phone: "555 0100" },
      preReservePromoCodes: ["WELCOME10"],
    };
  }

  /** The failure text of one answer, or null when it is fine: no 5xx, errors in the contract shape. */
  async function problemOf(request: FuzzRequest, res: Response): Promise<string | null> {
    const text = await res.text();
    const what = `${request.method} ${request.url.slice(0, 160)} [${request.label}] answered ${res.status}`;
    if (res.status >= 500) return `${what}: ${text.slice(0, 300)}`;
    if (res.status >= 400) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${what} with a body that is not JSON: ${text.slice(0, 100)}`;
      }
      const parsed = apiErrorBody.safeParse(body);
      if (!parsed.success || parsed.data._data.length === 0)
        return `${what} outside the error contract: ${text.slice(0, 200)}`;
    }
    return null;
  }

  /** A call that, when it succeeds, leaves the cart unusable for the next one (booked or deleted). */
  function usesUpCart(request: FuzzRequest): boolean {
    return (
      request.method === "DELETE" ||
      /\/(guest_checkout|checkout|gift_checkout)$/.test(request.url.split("?")[0] ?? "")
    );
  }

  async function sendAll(op: Operation, requests: FuzzRequest[]): Promise<string[]> {
    const problems: string[] = [];
    // The user's own calls go with the session cookie, so they get past the login check.
    const cookie = op.path.includes("/my/") ? user.cookie : undefined;
    for (const generated of requests) {
      let request = generated;
      if (`${request.url}${request.body ?? ""}`.includes(CART)) {
        currentCart ??= (await newGuestCart()).id;
        const cartId = currentCart;
        request = {
          ...request,
          url: request.url.replaceAll(CART, cartId),
          body: request.body?.replaceAll(CART, cartId),
        };
      }
      const headers: Record<string, string> = {};
      if (request.body !== undefined) headers["content-type"] = "application/json";
      if (cookie) headers.cookie = cookie;
      const res = await app.request(
        request.url,
        { method: request.method, headers, body: request.body },
        { clientAddress: `198.51.100.${sent % 250}` },
      );
      sent++;
      // A booked or deleted cart is replaced, a few times per operation: the rest meet the booked cart.
      if (res.status < 300 && usesUpCart(request) && freshCarts < MAX_FRESH_CARTS) {
        currentCart = null;
        freshCarts++;
      }
      const problem = await problemOf(request, res);
      if (problem) problems.push(problem);
    }
    return problems;
  }

  describe(`every ${prefix} operation of /api/openapi.json answers hostile input with a 4xx, never a 5xx`, () => {
    it("the document lists the operations of both prefixes, the same under each", () => {
      expect(allOperations.length).toBeGreaterThan(80);
      expect(operations.length).toBe(allOperations.length / 2);
    });

    for (const op of operations) {
      it(`${op.method} ${op.path}`, async () => {
        // A fresh cart and user per operation: what one operation did to them (a code, a payment, the
        // orders a logged-in checkout books) stays with them.
        currentCart = null;
        freshCarts = 0;
        user = await loginIdentity(api);
        const plan = plausiblePlan(op, fixtures(op));
        const problems = await sendAll(op, hostileRequests(op, plan));
        expect(problems.slice(0, 10), `${problems.length} problems`).toEqual([]);
      });
    }

    // Only in the half that has them: the other half does not register it at all.
    if (options.random)
      it("random combinations of hostile query pairs and JSON bodies never answer 5xx", async () => {
        const bodied = operations.filter((op) => op.body !== undefined);
        const hostileText = fc.oneof(
          fc.constantFrom("\u0000", "\ud800", "\udfff", "__proto__", "constructor", "x".repeat(3000)),
          fc.string({ maxLength: 12, unit: "binary" }),
        );
        const json = fc.letrec((tie) => ({
          value: fc.oneof(
            { depthSize: "small", withCrossShrink: true },
            hostileText,
            fc.double(),
            fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0),
            fc.boolean(),
            fc.constant(null),
            fc.array(tie("value"), { maxLength: 4 }),
            fc.dictionary(
              fc.oneof(hostileText, fc.constantFrom("add", "identity", "gateway_data", "additionalInfo")),
              tie("value"),
              {
                maxKeys: 4,
              },
            ),
          ),
        })).value;
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...bodied),
            json,
            fc.array(
              fc.tuple(
                fc.constantFrom("_seller", "_embed", "constructor", "__proto__", "id._in"),
                fc.constantFrom(...QUERY_VALUES),
              ),
              {
                maxLength: 3,
              },
            ),
            async (op, body, pairs) => {
              const plan = plausiblePlan(op, fixtures(op));
              const query = [...plan.query, ...pairs].map(([k, v]) => `${k}=${v}`).join("&");
              const url = `${op.path.replace(/\{(\w+)\}/g, (_, name: string) => plan.pathParams[name] ?? "x")}?${query}`;
              const problems = await sendAll(op, [
                { label: "random", method: op.method, url, body: toJson(body) },
              ]);
              if (problems.length > 0) throw new Error(problems.join("\n"));
            },
          ),
          { numRuns: 600 },
        );
      });

    it(`this half sent at least ${options.minRequests} requests (10,000 or more in all)`, () => {
      expect(sent).toBeGreaterThanOrEqual(options.minRequests);
    });
  });
}
