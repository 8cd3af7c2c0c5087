/**
 * Promo and voucher codes on the cart (spec 1 §5 "Promo code: trimmed, required, 2 to 35
 * characters ... comma separated", §8 code errors): discounts in the totals, each error code, and
 * the CityPASS code-required flow.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();

async function gaCart(offset: number, quantity = 2) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 60, 0);
  const env = asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
    }),
  );
  return cartOf(env).id;
}

const applyCode = (id: string, code: string, extra: Record<string, unknown> = {}) =>
  send(api, "POST", `/api/my/cart/${id}/apply_code`, { code, ...extra });

async function codeUses(sellerId: string, code: string) {
  const [row] = await api.handle.db
    .select()
    .from(s.code)
    .where(and(eq(s.code.sellerId, sellerId), eq(s.code.code, code)));
  return row?.uses;
}

describe("apply_code", () => {
  it("'A code discounts only what it is for': WELCOME10 takes 10 % off the tickets, not the donation or the gift cards", async () => {
    // Regression: WELCOME10 ('10% off your tickets') took 10 % off donations and gift cards too.
    const session = await upcomingSession(api, "hm-general-admission", 3);
    await setSessionCapacity(api, session.id, 60, 0);
    const created = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [
          { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 },
          { ticket_type_id: "hm-donation-amount", face_value: "20.00" },
          { ticket_type_id: "hm-gift-card-50", quantity: 2 },
        ],
      }),
    );
    const cart = cartOf(asCart(await applyCode(cartOf(created).id, "WELCOME10")));
    // 2 x 25.00 of tickets: 10 % is 5.00; the 20.00 donation and 100.00 of gift cards keep their price.
    expect(cart.totals).toMatchObject({ face_value: "170.00", promo_discount: "5.00" });

    const cardsOnly = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-gift-card-100" }],
      }),
    );
    const refused = await applyCode(cartOf(cardsOnly).id, "WELCOME10");
    expect(refused.status).toBe(422);
    expect(errorOf(refused)._code).toBe("no_code_benefit");
  });

  it("WELCOME10 takes 10 % off the face value and FIVEOFF 5.00 off the order; fees are untouched", async () => {
    const id = await gaCart(0);
    const env = asCart(await applyCode(id, " welcome10 , fiveoff "));
    const cart = cartOf(env);
    expect(cart.codes.map((c) => c.code)).toEqual(["WELCOME10", "FIVEOFF"]);
    // 2 x 25.00 = 50.00; 10 % = 5.00; then 5.00 off: 10.00 discount; fees 3.00.
    expect(cart.totals).toEqual({
      face_value: "50.00",
      fee_fixed: "3.00",
      fee_percent: "0.00",
      promo_discount: "10.00",
      total: "43.00",
    });
    expect(cart.cart_mods.map((m) => [m.name, m.discount, m.resource])).toEqual([
      ["WELCOME10", "5.00", "code"],
      ["FIVEOFF", "5.00", "code"],
    ]);
    expect(env.cart_fees._data[0]?.grand_totals).toMatchObject({
      total_before_cartmod_price: "53.00",
      total_cartmod_amount: "10.00",
      total_outstanding: "43.00",
    });
    expect(env.ticket._data.map((t) => t.discount).sort()).toEqual(["2.50", "7.50"]);
  });

  it("code errors: SOLDOUT code_exhausted, EXPIRED2020 code_expired (not 'not a valid promo code'), unknown code_not_found, twice duplicate_code", async () => {
    const id = await gaCart(1);
    const cases: [string, number, string][] = [
      ["SOLDOUT", 422, "code_exhausted"],
      ["EXPIRED2020", 422, "code_expired"],
      ["NOSUCHCODE", 422, "code_not_found"],
      ["WELCOME10,welcome10", 422, "duplicate_code"],
    ];
    for (const [code, status, expected] of cases) {
      const res = await applyCode(id, code);
      expect(res.status, code).toBe(status);
      expect(errorOf(res)).toMatchObject({ _code: expected, _context: "code" });
    }
    expect(errorOf(await applyCode(id, "EXPIRED2020"))._description).toContain("expired");
    asCart(await applyCode(id, "WELCOME10"));
    expect(errorOf(await applyCode(id, "welcome10"))._code).toBe("duplicate_code");
  });

  it("spec §9 'promo 2 to 35': a code too short or too long is 400", async () => {
    const id = await gaCart(2);
    expect((await applyCode(id, "A")).status).toBe(400);
    expect((await applyCode(id, "A".repeat(36))).status).toBe(400);
    expect((await applyCode(id, " , ")).status).toBe(400);
  });

  it("no_code_benefit unless require_benefit is false", async () => {
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        add: [
          {
            ticket_type_id: "rz-talk-adult",
            event_session_id: (await upcomingSession(api, "rz-keeper-talk")).id,
          },
        ],
      }),
    );
    const id = cartOf(env).id;
    expect(errorOf(await applyCode(id, "ZOO15"))._code).toBe("no_code_benefit");
    expect(cartOf(asCart(await applyCode(id, "ZOO15", { require_benefit: false }))).codes).toHaveLength(1);
  });

  it("postReservePromoCodes apply after the add; preloadedPromoCodes ignore errors", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 3);
    await setSessionCapacity(api, session.id, 60, 0);
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-senior", event_session_id: session.id }],
        postReservePromoCodes: ["FIVEOFF"],
        preloadedPromoCodes: ["SOLDOUT", "NOSUCH"],
      }),
    );
    expect(cartOf(env).codes.map((c) => c.code)).toEqual(["FIVEOFF"]);
    expect(cartOf(env).totals.total).toBe("15.00");
  });
});

describe("CityPASS vouchers and code-required groups", () => {
  async function zooSession() {
    const session = await upcomingSession(api, "rz-day-admission", 5);
    await setSessionCapacity(api, session.id, 100, 0);
    return session;
  }
  const create = (body: unknown) => send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", body);

  it("a rz-citypass ticket without a code is rule_blocks_reserve code_required; with preReservePromoCodes it is held", async () => {
    const session = await zooSession();
    const add = [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id }];
    const blocked = await create({ add });
    expect(blocked.status).toBe(409);
    expect(errorOf(blocked)).toMatchObject({
      _code: "rule_blocks_reserve",
      _context: "checkout_rules",
      _extra: { block_reason: "code_required", ticket_group_id: "rz-citypass" },
    });
    const before = await codeUses("riverside-zoo", "CPA12345678");
    const env = asCart(await create({ preReservePromoCodes: ["CPA12345678"], add }));
    expect(env.ticket._data[0]?.code).toBe("CPA12345678");
    expect(await codeUses("riverside-zoo", "CPA12345678")).toBe((before ?? 0) + 1);
    // The voucher is held: a second cart cannot use it. "a voucher held in another cart
    // says 'has already been used'" — it is code_held, with its own text.
    const again = await create({ preReservePromoCodes: ["CPA12345678"], add });
    expect(errorOf(again)._code).toBe("code_held");
    expect(errorOf(again)._description).not.toContain("already been used");
    // Removing the ticket gives the use back.
    const id = cartOf(env).id;
    asCart(await send(api, "POST", `/api/my/cart/${id}/modify`, { remove: [env.ticket._data[0]?.id] }));
    expect(await codeUses("riverside-zoo", "CPA12345678")).toBe(before);
  });

  it("a code that matches neither CityPASS pattern is invalid_citypass; a used one code_exhausted; child codes for child types", async () => {
    const session = await zooSession();
    const bad = await create({
      preReservePromoCodes: ["XYZ123"],
      add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id }],
    });
    expect(errorOf(bad)).toMatchObject({
      _code: "invalid_citypass",
      _description: "Does not match the expected format. Please check your CityPASS code.",
    });
    const own = await create({
      add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id, code: "CPC00000001" }],
    });
    expect(errorOf(own)._code).toBe("invalid_citypass");
    const used = await create({
      add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id, code: "CPA99999999" }],
    });
    expect(errorOf(used)._code).toBe("code_exhausted");
    const child = asCart(
      await create({
        add: [{ ticket_type_id: "rz-citypass-child", event_session_id: session.id, code: "cpc00000001" }],
      }),
    );
    expect(child.ticket._data[0]?.code).toBe("CPC00000001");
  });

  it("apply_code checks the CityPASS format of vouchers; an applied voucher unlocks a later add", async () => {
    const session = await zooSession();
    const env = asCart(
      await create({ add: [{ ticket_type_id: "rz-day-adult", event_session_id: session.id }] }),
    );
    const id = cartOf(env).id;
    expect(errorOf(await applyCode(id, "CPA1"))._code).toBe("code_not_found");
    asCart(await applyCode(id, "CPA00000001"));
    const added = asCart(
      await send(api, "POST", `/api/my/cart/${id}/modify`, {
        add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id }],
      }),
    );
    expect(added.ticket._data.map((t) => t.code)).toContain("CPA00000001");
  });
});
