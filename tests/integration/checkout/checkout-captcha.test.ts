/**
 * The checkout captcha (spec 2 §5 "A captcha token is required for non-logged-in users when a
 * captcha public key is configured ... Captcha is skipped for logged-in users"; §9 "Captcha only
 * when a public key is configured"), against a fake hCaptcha siteverify server on 127.0.0.1.
 * Harbour Museum gets a captcha key through a copied CONTENT_DIR; Riverside Zoo has none.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  type Answer,
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const SITE_KEY = "10000000-ffff-ffff-ffff-000000000001";
const SECRET = "0x-test-secret";
const CLIENT = "203.0.113.9";
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

// The tenant files with a captcha key for Harbour Museum (read lazily, on the first request).
const content = mkdtempSync(join(tmpdir(), "foyer-captcha-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", "harbour-museum.json");
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { web: Record<string, unknown> };
harbour.web.captcha_public_key = SITE_KEY;
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

/** Fake siteverify: tokens starting "good-" pass once for the right secret and site key. */
const verifyCalls: Record<string, string>[] = [];
const used = new Set<string>();
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      verifyCalls.push(form);
      const token = form.response ?? "";
      const ok =
        req.method === "POST" &&
        form.secret === SECRET &&
        form.sitekey === SITE_KEY &&
        token.startsWith("good-") &&
        !used.has(token);
      if (ok) used.add(token);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("CAPTCHA_SECRET_KEY", SECRET);
  vi.stubEnv("CAPTCHA_VERIFY_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(content, { recursive: true, force: true });
});

const api = withTestApi();

/** A JSON call from CLIENT (the socket address binding the Astro endpoint passes). */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await api.app.request(
    path,
    {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { clientAddress: CLIENT },
  );
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  } satisfies Answer;
}

const SELLERS = {
  harbour: { slug: "harbour-museum", event: "hm-general-admission", type: "hm-ga-adult" },
  zoo: { slug: "riverside-zoo", event: "rz-day-admission", type: "rz-day-adult" },
};

async function newCart(which: keyof typeof SELLERS, offset: number, headers: Record<string, string> = {}) {
  const seller = SELLERS[which];
  const session = await upcomingSession(api, seller.event, offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const env = asCart(
    await call(
      "POST",
      `/api/my/cart/modify?_seller=${seller.slug}`,
      { add: [{ ticket_type_id: seller.type, event_session_id: session.id, quantity: 2 }] },
      headers,
    ),
  );
  return cartOf(env);
}

const guestCheckout = (cartId: string, extra: Record<string, unknown> = {}, headers = {}) =>
  call(
    "POST",
    `/api/cart/${cartId}/guest_checkout`,
    { gateway_id: "test", gateway_data: CARD, identity: GUEST, ...extra },
    headers,
  );

async function heldState(cartId: string) {
  const db = api.handle.db;
  const [cart] = await db.select().from(s.cart).where(eq(s.cart.id, cartId));
  const tickets = await db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
  const payments = await db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
  return {
    cart: cart?.state,
    tickets: tickets.map((t) => `${t.id}:${t.state}`).sort(),
    payments: payments.length,
  };
}

describe("spec 2 §5: captcha for guests when the tenant has a captcha public key", () => {
  it("a guest checkout without a token is 400 captcha_required, and nothing held changes", async () => {
    const cart = await newCart("harbour", 0);
    const before = await heldState(cart.id);
    const calls = verifyCalls.length;
    const res = await guestCheckout(cart.id);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorOf(res)._code).toBe("captcha_required");
    expect(errorOf(res)._description).toMatch(/captcha/i);
    expect(verifyCalls.length).toBe(calls);
    expect(await heldState(cart.id)).toEqual(before);
  });

  it("a token the provider refuses is 400 captcha_failed; the cart, its held tickets and payments are unchanged", async () => {
    const cart = await newCart("harbour", 1);
    const before = await heldState(cart.id);
    expect(before.tickets).toHaveLength(2);
    const res = await guestCheckout(cart.id, { captcha: "forged-token" });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorOf(res)._code).toBe("captcha_failed");
    expect(await heldState(cart.id)).toEqual(before);
    expect(before.cart).toBe("pending");
    expect(before.payments).toBe(0);
  });

  it("a good token completes the checkout; siteverify got the secret, the token, the site key and the caller's address", async () => {
    const cart = await newCart("harbour", 2);
    const res = await guestCheckout(cart.id, { captcha: "good-1" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(checkoutAnswer.parse(res.body).checkout_result._data[0]?.status).toBe("completed");
    expect(verifyCalls.at(-1)).toEqual({
      secret: SECRET,
      response: "good-1",
      sitekey: SITE_KEY,
      remoteip: CLIENT,
    });
  });

  it("a retry with the same Idempotency-Key replays the answer although the single-use token is spent", async () => {
    const cart = await newCart("harbour", 3);
    const headers = { "idempotency-key": "captcha-retry-0001" };
    const first = await guestCheckout(cart.id, { captcha: "good-2" }, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await guestCheckout(cart.id, { captcha: "good-2" }, headers);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it("the pay call (a partial payment) needs the token too", async () => {
    const cart = await newCart("harbour", 4);
    const body = { gateway_id: "test", gateway_data: CARD, amount: "1.00" };
    const missing = await call("POST", `/api/cart/${cart.id}/pay`, body);
    expect(missing.status).toBe(400);
    expect(errorOf(missing)._code).toBe("captcha_required");
    const bad = await call("POST", `/api/cart/${cart.id}/pay`, { ...body, captcha: "nope" });
    expect(errorOf(bad)._code).toBe("captcha_failed");
    expect((await heldState(cart.id)).payments).toBe(0);
  });

  it("Captcha is skipped for logged-in users: my/cart/{id}/checkout needs no token", async () => {
    const user = await loginIdentity(api);
    const cart = await newCart("harbour", 5, { cookie: user.cookie });
    const calls = verifyCalls.length;
    const res = await call(
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: CARD },
      { cookie: user.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(verifyCalls.length).toBe(calls);
  });

  it("§9 Captcha only when a public key is configured: Riverside Zoo's guests need no token", async () => {
    const cart = await newCart("zoo", 1);
    const calls = verifyCalls.length;
    const res = await guestCheckout(cart.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(verifyCalls.length).toBe(calls);
  });

  it("fail closed: with a key configured but no CAPTCHA_SECRET_KEY, checkout is 503 captcha_not_configured", async () => {
    const cart = await newCart("harbour", 6);
    const before = await heldState(cart.id);
    vi.stubEnv("CAPTCHA_SECRET_KEY", "");
    const errors: string[] = [];
    const restoreLogs = captureLogLines((line) => errors.push(line));
    try {
      const res = await guestCheckout(cart.id, { captcha: "good-3" });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(errorOf(res)._code).toBe("captcha_not_configured");
      await guestCheckout(cart.id, { captcha: "good-4" });
      expect(errors.filter((line) => line.includes("captcha.not_configured"))).toHaveLength(1);
    } finally {
      restoreLogs();
      vi.stubEnv("CAPTCHA_SECRET_KEY", SECRET);
    }
    expect(await heldState(cart.id)).toEqual(before);
  });
});
