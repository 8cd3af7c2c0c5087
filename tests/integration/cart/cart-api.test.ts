/**
 * The cart calls of spec 1 §7 and the reserve errors of §8 against the embedded API: every answer
 * of modify, get and apply_code validates against the cartEnvelope contract.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";

async function gaSession(offset: number) {
  return upcomingSession(api, "hm-general-admission", offset);
}

async function newCart(add: unknown[]) {
  return asCart(await send(api, "POST", CREATE, { add }));
}

async function setGroup(id: string, values: Partial<typeof s.ticketGroup.$inferInsert>) {
  await api.handle.db.update(s.ticketGroup).set(values).where(eq(s.ticketGroup.id, id));
}

describe("POST my/cart/modify creates a cart", () => {
  it("holds the tickets, takes the session's places and answers the full envelope with totals", async () => {
    const session = await gaSession(0);
    await setSessionCapacity(api, session.id, 60, 0);
    const env = await newCart([
      { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 },
      { ticket_type_id: "hm-ga-child", event_session_id: session.id, quantity: 1 },
    ]);
    const cart = cartOf(env);
    expect(cart.state).toBe("pending");
    expect(cart.expires_in).toBe(900);
    expect(cart.identity_id).toBe("harbour-museum:public");
    expect(env.ticket._count).toBe(3);
    // 2 x 25.00 + 1 x 12.00 face value, 2 x 1.50 fixed outside fees.
    expect(cart.totals).toEqual({
      face_value: "62.00",
      fee_fixed: "3.00",
      fee_percent: "0.00",
      promo_discount: "0.00",
      total: "65.00",
    });
    expect(env.cart_fees._data[0]).toMatchObject({
      gateway_id: "test",
      account_id: "harbour-museum",
      grand_totals: {
        total_before_cartmod_price: "65.00",
        total_payments: "0.00",
        total_outstanding: "65.00",
      },
    });
    expect(cart.anchor).toEqual({ event_template_id: "hm-general-admission", event_session_id: session.id });
    expect(cart.visit_window?.start).toBe(session.startDatetime.toISOString());
    for (const key of [
      "ticket_type",
      "ticket_group",
      "event_session",
      "event_template",
      "venue",
      "meta",
      "seller",
    ] as const) {
      expect(env[key]?._count, key).toBeGreaterThan(0);
    }
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(3);
  });

  it("needs _seller, and an unknown type or session is 404 with nothing created", async () => {
    const session = await gaSession(1);
    const noSeller = await send(api, "POST", "/api/my/cart/modify", { add: [] });
    expect(noSeller.status).toBe(400);
    const unknownType = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "nope", event_session_id: session.id }],
    });
    expect(unknownType.status).toBe(404);
    expect(errorOf(unknownType)._code).toBe("not_found");
    const unknownSession = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: "nope" }],
    });
    expect(unknownSession.status).toBe(404);
    const carts = await api.handle.db.select().from(s.cart);
    expect(carts.every((c) => c.state !== "pending" || c.id)).toBe(true);
  });

  it("a bad body is 400 validation_failed, never a 500", async () => {
    for (const body of [{ add: [{ ticket_type_id: "" }] }, { add: "x" }, { unknown: 1 }, "{not json"]) {
      const res = await send(api, "POST", CREATE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)._code).toBe("validation_failed");
    }
  });

  it("a session that has started, or of another event, is not reservable (400)", async () => {
    const started = await gaSession(40);
    const now = api.clock.now().getTime();
    await api.handle.db
      .update(s.eventSession)
      .set({ startDatetime: new Date(now - 60_000), endDatetime: new Date(now + 1_740_000) })
      .where(eq(s.eventSession.id, started.id));
    const past = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: started.id }],
    });
    expect(past.status).toBe(400);
    const concert = await upcomingSession(api, "hm-evening-concert");
    const other = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: concert.id }],
    });
    expect(other.status).toBe(400);
  });

  it("spec §5 'Flexible price: between currency_amount_min and currency_amount_max ... else Value entered is outside min/max'", async () => {
    const ok = await newCart([{ ticket_type_id: "hm-donation-amount", face_value: "42.50" }]);
    expect(cartOf(ok).totals.face_value).toBe("42.50");
    expect(ok.ticket._data[0]?.event_session_id).toBeNull();
    const tooLow = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-donation-amount", face_value: "0.50" }],
    });
    expect(tooLow.status).toBe(400);
    expect(errorOf(tooLow)._description).toBe("Value entered is outside min/max");
  });
});

describe("reserve errors (spec §8)", () => {
  it("session_capacity_exceeded:reserve with the places left, event_session_sold_out when none are", async () => {
    const session = await gaSession(2);
    await setSessionCapacity(api, session.id, 10, 8);
    const tooMany = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 3 }],
    });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany)).toMatchObject({
      _code: "session_capacity_exceeded",
      _context: "reserve",
      _extra: { event_session_id: session.id, available: 2 },
    });
    await setSessionCapacity(api, session.id, 10, 10);
    const soldOut = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
    });
    expect(errorOf(soldOut)).toMatchObject({
      _code: "event_session_sold_out",
      _extra: { event_session_id: session.id, start_datetime: session.startDatetime.toISOString() },
    });
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(10);
  });

  it("ticket_group_capacity_exceeded and ticket_group_sold_out count capacity plus oversell_capacity", async () => {
    const session = await gaSession(3);
    await setSessionCapacity(api, session.id, 60, 0);
    await setGroup("hm-ga-general", { capacity: 2, oversellCapacity: 1, usedCapacity: 0 });
    try {
      const over = await send(api, "POST", CREATE, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 4 }],
      });
      expect(errorOf(over)).toMatchObject({
        _code: "ticket_group_capacity_exceeded",
        _extra: { available: 3 },
      });
      await newCart([{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 3 }]);
      const soldOut = await send(api, "POST", CREATE, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
      });
      expect(errorOf(soldOut)._code).toBe("ticket_group_sold_out");
    } finally {
      await setGroup("hm-ga-general", { capacity: -1, oversellCapacity: 0 });
    }
  });

  it("max_tickets_per_order_exceeded and min_tickets_per_order_not_met count the cart's tickets of the group", async () => {
    const session = await gaSession(4);
    await setSessionCapacity(api, session.id, 60, 0);
    const env = await newCart([
      { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 15 },
    ]);
    const id = cartOf(env).id;
    const over = await send(api, "POST", `/api/my/cart/${id}/modify`, {
      add: [{ ticket_type_id: "hm-ga-child", event_session_id: session.id, quantity: 6 }],
    });
    expect(errorOf(over)).toMatchObject({
      _code: "max_tickets_per_order_exceeded",
      _context: "reserve",
      _extra: { ticket_group_id: "hm-ga-general", available: 5 },
    });
    await setGroup("hm-ga-general", { minTicketsPerOrder: 2 });
    try {
      const under = await send(api, "POST", CREATE, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
      });
      expect(errorOf(under)).toMatchObject({ _code: "min_tickets_per_order_not_met", _context: "reserve" });
    } finally {
      await setGroup("hm-ga-general", { minTicketsPerOrder: null });
    }
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(15);
  });

  it("a member-only group needs a membership or an unlocking code (rule_blocks_reserve login_required)", async () => {
    const preview = await upcomingSession(api, "hm-members-preview");
    const blocked = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-preview-guest", event_session_id: preview.id }],
    });
    expect(errorOf(blocked)).toMatchObject({
      _code: "rule_blocks_reserve",
      _context: "checkout_rules",
      _extra: { block_reason: "login_required" },
    });
    const unlocked = await send(api, "POST", CREATE, {
      preReservePromoCodes: ["preview"],
      add: [{ ticket_type_id: "hm-preview-guest", event_session_id: preview.id }],
    });
    expect(cartOf(asCart(unlocked)).codes.map((c) => c.code)).toEqual(["PREVIEW"]);
  });
});

describe("anchor and add-on rules", () => {
  it("an add-on without an admission in the cart is anchor_required with the spec's text", async () => {
    const exhibition = await upcomingSession(api, "hm-special-exhibition");
    const res = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: exhibition.id }],
    });
    expect(errorOf(res)).toMatchObject({
      _code: "rule_blocks_reserve",
      _description: "Add an admission event to your cart first.",
      _extra: { block_reason: "anchor_required" },
    });
  });

  it("visit_time until_close (spec 1 §9): an exhibition slot before the admission's entry time is refused, one at or after it is held", async () => {
    // Regression: the special exhibition accepted a 12:00 slot for a visitor whose admission was at 1:00 PM.
    const rows = await api.handle.db.select().from(s.eventSession);
    const day = (x: { startDatetime: Date }) => x.startDatetime.toISOString().slice(0, 10);
    const exhibitions = rows.filter((x) => x.eventTemplateId === "hm-special-exhibition");
    const ga = rows
      .filter((x) => x.eventTemplateId === "hm-general-admission" && x.startDatetime > api.clock.now())
      .sort((a, b) => a.startDatetime.getTime() - b.startDatetime.getTime())
      .find((g) =>
        exhibitions.some(
          (e) => day(e) === day(g) && e.startDatetime < g.startDatetime && e.startDatetime > api.clock.now(),
        ),
      );
    if (!ga) throw new Error("no admission with an earlier exhibition slot that day");
    await setSessionCapacity(api, ga.id, 60, 0);
    const sameDay = exhibitions.filter((e) => day(e) === day(ga));
    const before = sameDay.find(
      (e) => e.startDatetime < ga.startDatetime && e.startDatetime > api.clock.now(),
    );
    const after = sameDay.find((e) => e.startDatetime >= ga.startDatetime);
    if (!before || !after) throw new Error("no exhibition slots around the admission");
    await setSessionCapacity(api, before.id, 30, 0);
    await setSessionCapacity(api, after.id, 30, 0);
    const id = cartOf(await newCart([{ ticket_type_id: "hm-ga-adult", event_session_id: ga.id }])).id;
    const early = await send(api, "POST", `/api/my/cart/${id}/modify`, {
      add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: before.id }],
    });
    expect(errorOf(early)._extra).toMatchObject({ block_reason: "tickets_must_match_anchor_tickets" });
    const ok = asCart(
      await send(api, "POST", `/api/my/cart/${id}/modify`, {
        add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: after.id }],
      }),
    );
    expect(ok.ticket._count).toBe(2);
  });

  it("tickets_must_match_anchor_tickets: no more add-on tickets than admissions, and the admission's day", async () => {
    const ga = await gaSession(5);
    await setSessionCapacity(api, ga.id, 60, 0);
    const env = await newCart([{ ticket_type_id: "hm-ga-adult", event_session_id: ga.id, quantity: 2 }]);
    const id = cartOf(env).id;
    const sameDay = (
      await api.handle.db
        .select()
        .from(s.eventSession)
        .where(eq(s.eventSession.eventTemplateId, "hm-special-exhibition"))
    )
      .filter(
        (x) => x.startDatetime.toISOString().slice(0, 10) === ga.startDatetime.toISOString().slice(0, 10),
      )
      .sort((a, b) => a.startDatetime.getTime() - b.startDatetime.getTime());
    const addOn = sameDay.find((x) => x.startDatetime > ga.startDatetime);
    if (!addOn) throw new Error("no same-day exhibition session");
    await setSessionCapacity(api, addOn.id, 30, 0);
    const tooMany = await send(api, "POST", `/api/my/cart/${id}/modify`, {
      add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: addOn.id, quantity: 3 }],
    });
    expect(errorOf(tooMany)._extra).toMatchObject({ block_reason: "tickets_must_match_anchor_tickets" });
    const nextWeek = await upcomingSession(api, "hm-special-exhibition", 30);
    const otherDay = await send(api, "POST", `/api/my/cart/${id}/modify`, {
      add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: nextWeek.id }],
    });
    expect(errorOf(otherDay)._extra).toMatchObject({ block_reason: "tickets_must_match_anchor_tickets" });
    const ok = asCart(
      await send(api, "POST", `/api/my/cart/${id}/modify`, {
        add: [{ ticket_type_id: "hm-exhibition-adult", event_session_id: addOn.id, quantity: 2 }],
      }),
    );
    expect(ok.ticket._count).toBe(4);
  });
});

describe("seated groups", () => {
  it("without a seat the best free neighbouring seats are held, front and centre; a taken seat is 409 seat_unavailable", async () => {
    const concert = await upcomingSession(api, "hm-evening-concert");
    const env = await newCart([
      { ticket_type_id: "hm-concert-stalls-standard", event_session_id: concert.id, quantity: 2 },
    ]);
    const seats = env.ticket._data.map((t) => t.seat_template_id).sort();
    // Regression: the first free pair at the row's end (A2, A3) was held. Row A's middle pair now.
    expect(seats).toEqual(["hm-seat-A08", "hm-seat-A09"]);
    expect(cartOf(env).totals.fee_percent).toBe("2.26"); // 2.5 % of 45.00, per ticket: 1.125 -> 1.13
    const taken = await send(api, "POST", CREATE, {
      add: [
        {
          ticket_type_id: "hm-concert-stalls-standard",
          event_session_id: concert.id,
          seat_template_id: "hm-seat-A08",
        },
      ],
    });
    expect(errorOf(taken)).toMatchObject({ _code: "seat_unavailable", _context: "reserve" });
    // Deleting the cart frees the seats.
    expect((await send(api, "DELETE", `/api/my/cart/${cartOf(env).id}`)).status).toBe(204);
    const again = await newCart([
      {
        ticket_type_id: "hm-concert-stalls-standard",
        event_session_id: concert.id,
        seat_template_id: "hm-seat-A08",
      },
    ]);
    expect(again.ticket._data[0]?.seat_template_id).toBe("hm-seat-A08");
  });
});

describe("modify, get, delete, extend", () => {
  it("removes tickets and gives their places back; both GET routes answer the same uncached cart", async () => {
    const session = await gaSession(6);
    await setSessionCapacity(api, session.id, 60, 0);
    const env = await newCart([{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 3 }]);
    const id = cartOf(env).id;
    const removed = asCart(
      await send(api, "POST", `/api/my/cart/${id}/modify`, {
        remove: [env.ticket._data[0]?.id],
        additionalInfo: { "hm-ga-general": { note: "a" } },
        campaign: { utm_source: "test" },
      }),
    );
    expect(removed.ticket._count).toBe(2);
    expect(cartOf(removed).additional_info).toEqual({ "hm-ga-general": { note: "a" } });
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(2);
    const unknown = await send(api, "POST", `/api/my/cart/${id}/modify`, { remove: ["nope"] });
    expect(unknown.status).toBe(404);

    api.clock.advance(60_000);
    const mine = await send(api, "GET", `/api/my/cart/${id}`);
    const any = await send(api, "GET", `/api/cart/${id}`);
    expect(cartOf(asCart(mine)).expires_in).toBe(840);
    expect(any.body).toEqual(mine.body);
    expect(mine.headers.get("cache-control")).toBe("no-store");
    const cached = await send(api, "GET", `/cached_api/cart/${id}`);
    expect(cached.headers.get("cache-control")).toBe("no-store");
    expect((await send(api, "POST", `/cached_api/my/cart/${id}/modify`, {})).status).toBe(404);
  });

  it("PATCH moves expires_at within (now, now + hold]; DELETE releases every hold, then the cart is not modifiable", async () => {
    const session = await gaSession(7);
    await setSessionCapacity(api, session.id, 60, 0);
    const env = await newCart([{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }]);
    const id = cartOf(env).id;
    const now = api.clock.now().getTime();
    const shorter = await send(api, "PATCH", `/api/my/cart/${id}`, {
      expires_at: new Date(now + 61_000).toISOString(),
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body).toEqual({
      cart: { _count: 1, _data: [{ id, expires_at: new Date(now + 61_000).toISOString(), expires_in: 61 }] },
    });
    for (const bad of [new Date(now - 1000), new Date(now + 901_000)]) {
      const res = await send(api, "PATCH", `/api/my/cart/${id}`, { expires_at: bad.toISOString() });
      expect(res.status).toBe(400);
    }
    expect((await send(api, "DELETE", `/api/my/cart/${id}`)).status).toBe(204);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(0);
    expect((await send(api, "DELETE", `/api/my/cart/${id}`)).status).toBe(204);
    const after = await send(api, "POST", `/api/my/cart/${id}/modify`, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
    });
    expect(after.status).toBe(409);
    expect(errorOf(after)._code).toBe("cart_not_modifiable");
    expect(cartOf(asCart(await send(api, "GET", `/api/cart/${id}`))).state).toBe("deleted");
    expect((await send(api, "GET", "/api/my/cart/unknown-cart")).status).toBe(404);
  });

  it("refuses cross-site writes: an Origin whose host differs from Host is 403 forbidden", async () => {
    const session = await gaSession(8);
    const body = { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] };
    const cross = await send(api, "POST", `http://shop.test${CREATE}`, body, {
      origin: "https://evil.example",
    });
    expect(cross.status).toBe(403);
    expect(errorOf(cross)._code).toBe("forbidden");
    const same = await send(api, "POST", `http://shop.test${CREATE}`, body, { origin: "http://shop.test" });
    expect(same.status).toBe(200);
  });
});
