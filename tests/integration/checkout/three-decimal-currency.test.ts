/**
 * A seller in a three-decimal currency (KWD: 1000 fils to the dinar): a ticket priced 2500 minor
 * units is KWD 2.500, so the payment takes minor units ×1000 (not ×100), the API writes and reads
 * "2.500" (never "25.00"), and the confirmation mail reads "KWD 2.500"-style amounts. A total is
 * charged in tens of fils whatever the gateway (money.ts chargeStep: Stripe refuses KWD 2.713), the
 * rounding in the fees. Harbour Museum is switched to KWD in a copy of the content folder (its
 * tenant file) and in its seller row (the seeded snapshot says USD); the Stripe checkout goes to
 * the fake Stripe (tests/fixtures/stripe), which refuses an amount that does not end in 0, as Stripe does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { formatMoney } from "../../../src/lib/domain/money.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  errorOf,
  payAsGuest,
  readCompletedOrder,
  send,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-kwd-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", "harbour-museum.json");
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { portal: Record<string, unknown> };
harbour.portal.default_currency_code = "KWD";
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();
const stripe = withFakeStripe(api);
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "kwd@example.com" };

beforeAll(async () => {
  const db = api.handle.db;
  await db.update(s.seller).set({ currencyCode: "KWD" }).where(eq(s.seller.slug, "harbour-museum"));
  // KWD 2.500, a fixed fee of KWD 0.150 and 2.5 % (62.5 fils, rounded once to 63).
  await db
    .update(s.ticketType)
    .set({ currencyAmount: 2500, feeFixedOutside: 150, feePercentOutside: 250, tierAmounts: null })
    .where(eq(s.ticketType.id, "hm-ga-adult"));
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(content, { recursive: true, force: true });
});

let offset = 2;
async function kwdCart() {
  const session = await upcomingSession(api, "hm-general-admission", offset++);
  const created = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return cartEnvelope.parse(created.body);
}

describe("a guest checkout in KWD: minor units are thousandths of a dinar everywhere", () => {
  it("2500 + 150 + 2.5 % is 2713 fils, charged as 2710 (the rounding in the fees); the mail says KWD 2.710, never 27.10", async () => {
    const cartId = (await kwdCart()).cart._data[0]?.id ?? "";
    const orderId = await payAsGuest(api, cartId, GUEST);

    const db = api.handle.db;
    const [order] = await db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    expect(order?.total).toBe(2710);
    const payments = await db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
    expect(payments.map((p) => p.amount)).toEqual([2710]);

    const [mail] = await db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
    const total = formatMoney(2710, "KWD");
    expect(total).toBe("KWD\u00a02.710");
    expect(mail?.text).toContain(`Subtotal: ${formatMoney(2500, "KWD")}`);
    expect(mail?.text).toContain(`Fees: ${formatMoney(210, "KWD")}`);
    expect(mail?.text).toContain(`Total: ${total}`);
    expect(mail?.text).not.toMatch(/27\.1|25\.00/);
    expect(mail?.html).toContain("2.710");
  });

  it("the API answers money in three places: the cart, its ticket type and the order", async () => {
    const envelope = await kwdCart();
    const cart = envelope.cart._data[0];
    expect(cart?.totals).toEqual({
      face_value: "2.500",
      fee_fixed: "0.150",
      fee_percent: "0.060",
      promo_discount: "0.000",
      total: "2.710",
    });
    expect(cart?.outstanding_balance).toBe("2.710");
    expect(envelope.ticket._data[0]).toMatchObject({
      face_value: "2.500",
      fee_fixed_outside: "0.150",
      fee_percent_outside: "0.060",
    });
    expect(envelope.cart_fees._data[0]?.grand_totals.total_after_fees_price).toBe("2.710");
    const type = (envelope.ticket_type?._data ?? []).find((t) => t.id === "hm-ga-adult");
    // The fee's rate stays a percentage with two places (2.5 %), whatever the currency.
    expect(type).toMatchObject({
      currency_amount: "2.500",
      outside_fees: [
        { type: "fee_fixed_outside", fee: "0.150" },
        { type: "fee_percent_outside", fee: "2.50" },
      ],
    });
    // The catalogue read of the event and its types, and the calendar's "from" prices.
    const read = await send(
      api,
      "GET",
      "/api/events/hm-general-admission?_seller=harbour-museum&_embed=ticket_group,ticket_type",
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(JSON.stringify(read.body)).toContain('"currency_amount":"2.500"');
    expect(JSON.stringify(read.body)).not.toMatch(/"currency_amount":"\d+\.\d{2}"/);

    const orderId = await payAsGuest(api, cart?.id ?? "", GUEST);
    const order = await readCompletedOrder(api, orderId);
    expect(order.ticket_order._data[0]?.ticket_order_fees).toMatchObject({
      total_after_fees_price: "2.710",
      subtotal_price: "2.500",
      fees_price: "0.210",
      discount_price: "0.000",
    });
    expect(order.ticket?._data[0]?.face_value).toBe("2.500");
  });

  it("an amount a request sends is read in three places: two are refused (400 validation_failed), 2.710 is charged", async () => {
    const cartId = (await kwdCart()).cart._data[0]?.id ?? "";
    const checkout = (amount: string) =>
      send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
        gateway_id: "test",
        gateway_data: TEST_CARD,
        identity: GUEST,
        amount,
      });
    for (const amount of ["2.71", "2710", "27.10"]) {
      const refused = await checkout(amount);
      expect(refused.status, amount).toBe(400);
      expect(errorOf(refused)._code).toBe("validation_failed");
    }
    // 2.713 has the places but not the total (2.710): the amount that must be paid is named.
    const mismatch = await checkout("2.713");
    expect(mismatch.status).toBe(400);
    const paid = await checkout("2.710");
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(JSON.stringify(paid.body)).toContain('"amount_paid":"2.710"');
  });

  it("Stripe is asked for 2710 fils (a multiple of ten, as it requires), and its answer completes the order", async () => {
    const cartId = (await kwdCart()).cart._data[0]?.id ?? "";
    const res = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_card_visa" },
      identity: GUEST,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const intent = stripe.fake().created.at(-1);
    expect(intent).toMatchObject({ amount: 2710, currency: "kwd" });
    const payments = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
    expect(payments.map((p) => [p.gatewayId, p.amount])).toEqual([["stripe", 2710]]);
  });
});
