/**
 * The on-sale waiting room: "everyone who arrives before the on-sale gets a random place at the
 * on-sale moment ... those who arrive later queue in the order they arrived"; admission at the set
 * rate or as the shop has room, in the order of the line; staff pausing; "without [a token], the
 * reserve and checkout API calls for that event are refused". Riverside Zoo's day admission gets a
 * room here (its tenant file has none).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { admitPass, SETTLE_MS } from "../../../src/lib/server/services/waiting-room/admit.ts";
import { arrive, lineStatus, type Visitor } from "../../../src/lib/server/services/waiting-room/line.ts";
import { guardingRoom } from "../../../src/lib/server/services/waiting-room/rooms.ts";
import type { Tenant } from "../../../src/lib/tenant/schema.ts";
import { TEST_NOW, withTestApi } from "../../helpers/api.ts";
import { loginIdentity, send, upcomingSession } from "../../helpers/cart.ts";

const ON_SALE = new Date(TEST_NOW.getTime() + 3_600_000);

vi.mock("../../../src/lib/tenant/load.ts", async (original) => {
  const real = await original<typeof import("../../../src/lib/tenant/load.ts")>();
  const presale = (tenant: Tenant): Tenant => ({
    ...tenant,
    web: {
      ...tenant.web,
      waiting_room: [
        {
          events: ["hm-members-preview"],
          on_sale_at: new Date(TEST_NOW.getTime() - 60_000).toISOString(),
          rate_per_minute: 600,
          stay_minutes: 15,
        },
      ],
    },
  });
  const roomed = (tenant: Tenant | undefined): Tenant | undefined =>
    tenant?.slug === "harbour-museum"
      ? presale(tenant)
      : tenant?.slug === "riverside-zoo"
        ? {
            ...tenant,
            web: {
              ...tenant.web,
              waiting_room: [
                {
                  events: ["rz-day-admission"],
                  on_sale_at: new Date(TEST_NOW.getTime() + 3_600_000).toISOString(),
                  rate_per_minute: 60,
                  stay_minutes: 15,
                },
              ],
            },
          }
        : tenant;
  return {
    ...real,
    getTenant: (slug: string) => roomed(real.getTenant(slug)),
    loadTenants: () => new Map([...real.loadTenants()].map(([slug, t]) => [slug, roomed(t) as Tenant])),
  };
});

const api = withTestApi();
const { getTenant } = await import("../../../src/lib/tenant/load.ts");
const zoo = getTenant("riverside-zoo");
const room = zoo ? guardingRoom(zoo, "rz-day-admission") : undefined;
if (!room) throw new Error("no room");

/** The i-th visitor (fails the test when missing). */
function nth(rows: readonly Visitor[], i: number): Visitor {
  const row = rows[i];
  if (!row) throw new Error(`no visitor ${i}`);
  return row;
}

const at = (ms: number) => new Date(ON_SALE.getTime() + ms);

/** A room of its own per test: the same settings under another key, so lines never mix. */
const ownRoom = (settings: Partial<typeof room> = {}) => ({
  ...room,
  key: `test-${randomUUID()}`,
  ...settings,
});

describe("the on-sale line", () => {
  it("everyone who arrives before the on-sale gets a random place at the on-sale moment; later ones queue in the order they arrived", async () => {
    const line = ownRoom();
    const early: Visitor[] = [];
    for (let i = 0; i < 40; i++)
      early.push(await arrive(api.handle.db, line, undefined, new Date(TEST_NOW.getTime() + i * 1000)));
    const before = await lineStatus(api.handle.db, line, nth(early, 0), TEST_NOW);
    expect(before.phase).toBe("before");
    // Paused by staff from the start, so the passes only rank (nobody is let in).
    await api.handle.db
      .insert(s.waitingRoomState)
      .values({ sellerId: line.sellerId, roomKey: line.key, countedAt: ON_SALE, paused: true });
    // Until the first pass after the on-sale ranks them, the places are being drawn.
    const unranked = await lineStatus(api.handle.db, line, nth(early, 0), at(500));
    expect(unranked).toMatchObject({ phase: "waiting", position: null, estimateSeconds: null });
    await admitPass(api.handle.db, at(1000), [line]);
    const late: Visitor[] = [];
    for (let i = 0; i < 5; i++) {
      late.push(await arrive(api.handle.db, line, undefined, at(1000 + i * 1000)));
      await admitPass(api.handle.db, at(2000 + i * 1000), [line]);
    }
    const placeOf = async (v: Visitor) => {
      // Asked again as the page does: the cookie names the visitor.
      const again = await arrive(api.handle.db, line, v.row.id, at(10_000));
      const status = await lineStatus(api.handle.db, line, again, at(10_000));
      return status.phase === "waiting" ? (status.position ?? 0) : -1;
    };
    const earlyPlaces = await Promise.all(early.map(placeOf));
    expect([...earlyPlaces].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Not the order of arrival (40 in order by chance: 1 in 40!).
    expect(earlyPlaces).not.toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await Promise.all(late.map(placeOf))).toEqual([41, 42, 43, 44, 45]);
    // A reload (the same cookie) keeps the place.
    const again = await arrive(api.handle.db, line, early[3]?.row.id, at(11_000));
    expect(again.row.id).toBe(early[3]?.row.id);
  });

  it("shoppers are let in at the set rate, in the order of the line; a pause stops it", async () => {
    const line = ownRoom({ ratePerMinute: 120 });
    const visitors: Visitor[] = [];
    for (let i = 0; i < 30; i++) visitors.push(await arrive(api.handle.db, line, undefined, at(i)));
    // Two seconds at 2 a second: 4 let in, in arrival order (all came after the on-sale).
    await admitPass(api.handle.db, at(0), [line]);
    await admitPass(api.handle.db, at(1000), [line]);
    await admitPass(api.handle.db, at(2000), [line]);
    const admitted = async () =>
      (
        await api.handle.db
          .select({ id: s.waitingRoomVisitor.id, admittedAt: s.waitingRoomVisitor.admittedAt })
          .from(s.waitingRoomVisitor)
          .where(eq(s.waitingRoomVisitor.roomKey, line.key))
      )
        .filter((v) => v.admittedAt !== null)
        .map((v) => v.id);
    expect(new Set(await admitted())).toEqual(new Set(visitors.slice(0, 4).map((v) => v.row.id)));
    // Ten more seconds: 20 more.
    for (let t = 3000; t <= 12_000; t += 1000) await admitPass(api.handle.db, at(t), [line]);
    expect((await admitted()).length).toBe(24);
    const last = await arrive(api.handle.db, line, nth(visitors, 29).row.id, at(12_000));
    const status = await lineStatus(api.handle.db, line, last, at(12_000));
    expect(status).toMatchObject({ phase: "waiting", position: 6, estimateSeconds: 3 });
    const fresh = await arrive(api.handle.db, line, visitors[0]?.row.id, at(12_000));
    const first = await lineStatus(api.handle.db, line, fresh, at(12_000));
    expect(first.phase).toBe("admitted");
    // Paused by staff: nobody more, and no estimate.
    await api.handle.db
      .update(s.waitingRoomState)
      .set({ paused: true })
      .where(eq(s.waitingRoomState.roomKey, line.key));
    for (let t = 13_000; t <= 20_000; t += 1000) await admitPass(api.handle.db, at(t), [line]);
    expect((await admitted()).length).toBe(24);
    const paused = await arrive(api.handle.db, line, nth(visitors, 29).row.id, at(20_000));
    expect(await lineStatus(api.handle.db, line, paused, at(20_000))).toMatchObject({
      paused: true,
      estimateSeconds: null,
    });
  });

  it("with a cap on the shop, the next are let in as stays end", async () => {
    const line = ownRoom({ ratePerMinute: null, maxInShop: 3, stayMinutes: 1 });
    for (let i = 0; i < 5; i++) await arrive(api.handle.db, line, undefined, at(i));
    // A pass ranks those who arrived at least SETTLE_MS before it: all five here.
    expect(await admitPass(api.handle.db, at(SETTLE_MS + 4), [line])).toBe(3);
    expect(await admitPass(api.handle.db, at(2000), [line])).toBe(0);
    expect(await admitPass(api.handle.db, at(62_000), [line])).toBe(2);
  });
});

describe("the line guards the reserve and checkout calls", () => {
  it("before the on-sale nobody may reserve; after it, only with the line's admission", async () => {
    const session = await upcomingSession(api, "rz-day-admission", 3);
    const add = { add: [{ ticket_type_id: "rz-day-adult", event_session_id: session.id, quantity: 1 }] };
    const before = await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", add);
    expect(before.status).toBe(403);
    expect(JSON.stringify(before.body)).toContain("waiting_room_not_on_sale");

    api.clock.set(at(5000));
    const without = await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", add);
    expect(without.status).toBe(403);
    expect(JSON.stringify(without.body)).toContain("waiting_room_required");
    const forged = await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", add, {
      cookie: `foyer_wr=v1.9999999999.${randomUUID()}.AAAA`,
    });
    expect(forged.status).toBe(403);

    // Through the line: join, let in, then the reserve goes through with the cookie.
    const joined = await send(api, "POST", "/api/waiting_room/rz-day-admission/line?_seller=riverside-zoo");
    expect(joined.status).toBe(200);
    const visitorCookie = (joined.headers.get("set-cookie") ?? "").match(/foyer_wr_visitor=[^;]+/)?.[0] ?? "";
    await admitPass(api.handle.db, at(60_000), [room]);
    api.clock.set(at(60_000));
    const admitted = await send(
      api,
      "POST",
      "/api/waiting_room/rz-day-admission/line?_seller=riverside-zoo",
      undefined,
      { cookie: visitorCookie },
    );
    expect(admitted.body).toMatchObject({ waiting_room_line: { _data: [{ phase: "admitted" }] } });
    const admission = (admitted.headers.get("set-cookie") ?? "").match(/foyer_wr=[^;]+/)?.[0] ?? "";
    expect(admission).not.toBe("");
    const reserved = await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", add, {
      cookie: admission,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const cartId = (reserved.body as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
    // Paying without the admission is refused too.
    const pay = await send(api, "POST", `/api/cart/${cartId}/guest_checkout?_seller=riverside-zoo`, {
      gateway_id: "test",
      identity: { first_name: "Ann", last_name: "Line", email: "ann@example.com" },
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    });
    expect(pay.status).toBe(403);
    expect(JSON.stringify(pay.body)).toContain("waiting_room_required");
    // Another event of the zoo has no room: it sells as usual.
    api.clock.set(TEST_NOW);
  });

  it("a members-only presale works through the line: a member let in reserves a member ticket; without the line, not even a member", async () => {
    api.clock.set(TEST_NOW);
    const session = await upcomingSession(api, "hm-members-preview");
    const { identityId, cookie } = await loginIdentity(api);
    const now = api.clock.now().getTime();
    await api.handle.db.insert(s.membership).values({
      id: `m-${identityId}`,
      sellerId: "harbour-museum",
      identityId,
      scanCode: `HMB${randomUUID().slice(0, 8)}`,
      role: "Member",
      name: "Presale",
      lastName: "Member",
      validFrom: new Date(now - 30 * 86_400_000),
      validTo: new Date(now + 300 * 86_400_000),
      ticketGroupId: "hm-membership-levels",
      ticketTypeId: "hm-membership-individual",
      benefits: {},
    });
    const add = { add: [{ ticket_type_id: "hm-preview-member", event_session_id: session.id }] };
    const refused = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", add, { cookie });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("waiting_room_required");
    const joined = await send(
      api,
      "POST",
      "/api/waiting_room/hm-members-preview/line?_seller=harbour-museum",
      undefined,
      {
        cookie,
      },
    );
    const visitor = (joined.headers.get("set-cookie") ?? "").match(/foyer_wr_visitor=[^;]+/)?.[0] ?? "";
    const { getTenant: tenantOf } = await import("../../../src/lib/tenant/load.ts");
    const harbour = tenantOf("harbour-museum");
    const presaleRoom = harbour ? guardingRoom(harbour, "hm-members-preview") : undefined;
    if (!presaleRoom) throw new Error("no presale room");
    await admitPass(api.handle.db, new Date(TEST_NOW.getTime() + 5000), [presaleRoom]);
    const admitted = await send(
      api,
      "POST",
      "/api/waiting_room/hm-members-preview/line?_seller=harbour-museum",
      undefined,
      {
        cookie: `${cookie}; ${visitor}`,
      },
    );
    const admission = (admitted.headers.get("set-cookie") ?? "").match(/foyer_wr=[^;]+/)?.[0] ?? "";
    const reserved = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", add, {
      cookie: `${cookie}; ${admission}`,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
  });
});
