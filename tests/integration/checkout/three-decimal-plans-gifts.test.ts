/**
 * A seller in KWD (three decimals) beyond a plain checkout: a payment plan's instalments, a typed
 * partial payment, a flexible donation, a gift card's balance and the calendar's prices. Every
 * amount is written in three places ("7.500", never "75.00"), read in them, and charged by card in
 * tens of fils (money.ts chargeStep). Harbour Museum is switched to KWD in a copy of the content
 * folder (its tenant file) and in its seller row, as in three-decimal-currency.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, TEST_CARD } from "../../helpers/cart.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-kwd-plans-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", "harbour-museum.json");
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { portal: Record<string, unknown> };
harbour.portal.default_currency_code = "KWD";
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();

beforeAll(async () => {
  await api.handle.db
    .update(s.seller)
    .set({ currencyCode: "KWD" })
    .where(eq(s.seller.slug, "harbour-museum"));
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(content, { recursive: true, force: true });
});

async function membershipCart() {
  const res = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return asCart(res);
}

const pay = (cartId: string, amount: string) =>
  send(api, "POST", `/api/cart/${cartId}/pay`, { gateway_id: "test", gateway_data: TEST_CARD, amount });

describe("a payment plan in KWD", () => {
  it("KWD 7.500 in three: a 34 % deposit of 2.550, then 2.470 and 2.480 (tens of fils, adding up)", async () => {
    const env = await membershipCart();
    const rows = env.scheduled_payment?._data ?? [];
    expect(rows.map((r) => r.amount)).toEqual(["2.550", "2.470", "2.480"]);
    expect(cartOf(env).outstanding_balance).toBe("7.500");
  });

  it("a typed partial payment is read in three places and taken in tens of fils", async () => {
    const cart = cartOf(await membershipCart());
    const twoPlaces = await pay(cart.id, "30.00");
    expect(twoPlaces.status).toBe(400);
    expect(errorOf(twoPlaces)._code).toBe("validation_failed");
    // 3.005 KWD has KWD's places, but a card takes it only in tens of fils (Stripe's rule).
    const singleFils = await pay(cart.id, "3.005");
    expect(singleFils.status).toBe(400);
    expect(errorOf(singleFils)).toMatchObject({ _code: "validation_failed", _extra: { step: "0.010" } });
    const partial = await pay(cart.id, "3.000");
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(checkoutAnswer.parse(partial.body).checkout_result._data[0]).toMatchObject({
      status: "partial",
      amount_paid: "3.000",
      total_outstanding: "4.500",
    });
    const after = asCart(await send(api, "GET", `/api/cart/${cart.id}`));
    expect(after.payment?._data.map((p) => p.amount)).toEqual(["3.000"]);
  });
});

describe("a flexible donation in KWD", () => {
  const donate = (faceValue: string) =>
    send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-donation-amount", face_value: faceValue }],
    });

  it("1.255 KWD is a gift of 1255 fils; the cart totals it at 1.260, charged in tens of fils", async () => {
    const res = await donate("1.255");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const env = asCart(res);
    expect(env.ticket._data[0]?.face_value).toBe("1.255");
    expect(cartOf(env).totals).toMatchObject({ face_value: "1.255", fee_percent: "0.005", total: "1.260" });
    const type = (env.ticket_type?._data ?? []).find((t) => t.id === "hm-donation-amount");
    // The seeded bounds (100 and 100000 minor units) read as fils.
    expect(type).toMatchObject({ currency_amount_min: "0.100", currency_amount_max: "100.000" });
  });

  it("two places, or a fourth decimal, is refused with validation_failed", async () => {
    for (const value of ["20.00", "1.2555"]) {
      const res = await donate(value);
      expect(res.status, value).toBe(400);
      expect(errorOf(res)._code).toBe("validation_failed");
    }
  });
});

describe("gift cards and prices read in KWD", () => {
  it("a gift card's balance is 10.000, never 100.00", async () => {
    const res = await send(api, "GET", "/api/ledger/gift_card/GC-1000-0001?_seller=harbour-museum");
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('"balance":"10.000"');
  });

  it("the calendar's prices have three places", async () => {
    const res = await send(
      api,
      "GET",
      "/api/events/hm-general-admission/calendar?_format=price&_seller=harbour-museum",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = (res.body as { calendar: { _data: { min_price: string | null }[] } }).calendar._data;
    const priced = days.filter((d) => d.min_price !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const day of priced) expect(day.min_price).toMatch(/^\d+\.\d{3}$/);
  });
});
