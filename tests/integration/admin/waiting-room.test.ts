/**
 * Staff and the on-sale waiting room: "staff watch the line live in the back office (waiting,
 * admitted, in the shop, sold), and can pause, resume, or change the rate." The figures right after
 * shoppers join and are let in; a pause stops the admission pass and a resume starts it again; staff's
 * rate is the one the pass lets in at, until cleared back to the file's; each change audited once;
 * refused to the roles without it and to another tenant's staff. Harbour Museum gets its rooms here
 * (its tenant file has none), each test rooms of its own (another key), so lines never mix.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { waitingRoomChangeAnswer, waitingRoomsAnswer } from "../../../src/lib/api/admin/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import {
  pauseWaitingRoom,
  resumeWaitingRoom,
  setWaitingRoomRate,
  waitingRoomsOf,
} from "../../../src/lib/server/services/admin/waiting-room/index.ts";
import { admitPass } from "../../../src/lib/server/services/waiting-room/admit.ts";
import { arrive } from "../../../src/lib/server/services/waiting-room/line.ts";
import { type Room, roomsOf } from "../../../src/lib/server/services/waiting-room/rooms.ts";
import type { Tenant } from "../../../src/lib/tenant/schema.ts";
import { TEST_NOW, withTestApi } from "../../helpers/api.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";
import { buyHarbourOrder } from "./helpers.ts";

type RoomFile = Tenant["web"]["waiting_room"][number];
/** The museum's rooms as its tenant file would name them; changed by the tests. */
const file = vi.hoisted(() => ({ rooms: [] as unknown[] }));

vi.mock("../../../src/lib/tenant/load.ts", async (original) => {
  const real = await original<typeof import("../../../src/lib/tenant/load.ts")>();
  const roomed = (tenant: Tenant | undefined): Tenant | undefined =>
    tenant?.slug === "harbour-museum"
      ? { ...tenant, web: { ...tenant.web, waiting_room: file.rooms as RoomFile[] } }
      : tenant;
  return {
    ...real,
    getTenant: (slug: string) => roomed(real.getTenant(slug)),
    loadTenants: () => new Map([...real.loadTenants()].map(([slug, t]) => [slug, roomed(t) as Tenant])),
  };
});

const api = withTestApi();
const { getTenant } = await import("../../../src/lib/tenant/load.ts");
const admin = staff("admin");
const HOUR = 3_600_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/**
 * The museum's rooms from now on: general admission (and an id of this test's, so its key is new)
 * open since an hour before TEST_NOW at 60 a minute, and one for every other event opening in an
 * hour with a shop of 5. Answers the first room as the admission pass runs it.
 */
function openRooms(onSaleAt = at(-HOUR)): { room: Room; key: string; everyKey: string } {
  const tag = `test-${randomUUID()}`;
  file.rooms = [
    {
      events: ["hm-general-admission", tag],
      on_sale_at: onSaleAt.toISOString(),
      rate_per_minute: 60,
      stay_minutes: 15,
    },
    { events: ["*"], on_sale_at: at(HOUR).toISOString(), max_in_shop: 5, stay_minutes: 20 },
  ] satisfies RoomFile[];
  const tenant = getTenant(HARBOUR);
  const room = tenant ? roomsOf(tenant)[0] : undefined;
  if (!room) throw new Error("no room");
  return { room, key: room.key, everyKey: "*" };
}

async function viewOf(key: string, now: Date) {
  const view = (await waitingRoomsOf(api.handle.db, admin, now)).find((r) => r.key === key);
  if (!view) throw new Error(`no room ${key}`);
  return view;
}

/** n arrivals a millisecond apart, the last at `now` (so a pass a second later ranks them all). */
async function queue(room: Room, n: number, now: Date) {
  for (let i = 0; i < n; i++)
    await arrive(api.handle.db, room, undefined, new Date(now.getTime() - (n - 1) + i));
}

describe("staff watch the line", () => {
  it("answers no room for a tenant whose file has none", async () => {
    file.rooms = [];
    expect(await waitingRoomsOf(api.handle.db, admin, TEST_NOW)).toEqual([]);
  });

  it("each room with its events, on-sale, phase, settings and live figures right after joins and admissions", async () => {
    const { room, key } = openRooms();
    const fresh = await viewOf(key, TEST_NOW);
    expect(fresh).toMatchObject({
      allEvents: false,
      events: [
        { id: "hm-general-admission", name: "General Admission" },
        { id: key.split(",")[1], name: key.split(",")[1] },
      ],
      phase: "open",
      fileRatePerMinute: 60,
      rateOverride: null,
      ratePerMinute: 60,
      maxInShop: null,
      stayMinutes: 15,
      paused: false,
      figures: { waiting: 0, admitted: 0, inShop: 0, admittedLastMinute: 0 },
    });
    const every = await viewOf("*", TEST_NOW);
    expect(every).toMatchObject({
      allEvents: true,
      events: [],
      phase: "before",
      maxInShop: 5,
      stayMinutes: 20,
    });

    await queue(room, 15, TEST_NOW);
    expect((await viewOf(key, TEST_NOW)).figures).toMatchObject({ waiting: 15, admitted: 0, inShop: 0 });
    // The rate's credit is saved up to 10 seconds' worth: 10 let in.
    expect(await admitPass(api.handle.db, at(2000), [room])).toBe(10);
    expect((await viewOf(key, at(2000))).figures).toMatchObject({
      waiting: 5,
      admitted: 10,
      inShop: 10,
      admittedLastMinute: 10,
    });
    expect((await viewOf(key, at(63_000))).figures).toMatchObject({ inShop: 10, admittedLastMinute: 0 });
    // Their stay of 15 minutes is over: admitted still counts them, the shop does not.
    expect((await viewOf(key, at(16 * 60_000))).figures).toMatchObject({ admitted: 10, inShop: 0 });
  });

  it("sold: tickets of the room's events in orders completed since the on-sale, not another room's", async () => {
    const { key } = openRooms();
    const soldBefore = (await viewOf(key, TEST_NOW)).figures.sold;
    const everyBefore = (await viewOf("*", TEST_NOW)).figures.sold;
    const late = openRooms(at(1)).key;
    expect((await viewOf(late, TEST_NOW)).figures.sold).toBe(0);
    // The shop's guard would refuse the buyer without a pass: bought with no room, then counted.
    file.rooms = [];
    await buyHarbourOrder(api, { quantity: 3, tag: "room" });
    const again = openRooms();
    expect((await viewOf(again.key, TEST_NOW)).figures.sold).toBe(soldBefore + 3);
    // The room for every event leaves out the events another room names.
    expect((await viewOf("*", TEST_NOW)).figures.sold).toBe(everyBefore);
  });
});

describe("staff steer the line", () => {
  it("a pause stops the admission pass, a resume starts it again; each audited once", async () => {
    const { room, key } = openRooms();
    await queue(room, 30, TEST_NOW);
    const paused = await pauseWaitingRoom(api.handle.db, admin, { roomKey: key }, at(1000));
    expect(paused).toMatchObject({ key, paused: true, changed: true });
    expect((await pauseWaitingRoom(api.handle.db, admin, { roomKey: key }, at(1500))).changed).toBe(false);
    expect(await admitPass(api.handle.db, at(5000), [room])).toBe(0);
    expect(await admitPass(api.handle.db, at(9000), [room])).toBe(0);
    expect((await viewOf(key, at(9000))).figures).toMatchObject({ waiting: 30, admitted: 0 });
    const resumed = await resumeWaitingRoom(api.handle.db, admin, { roomKey: key }, at(10_000));
    expect(resumed).toMatchObject({ paused: false, changed: true });
    // The rate counts from the last pass while paused: 3 seconds at 60 a minute.
    expect(await admitPass(api.handle.db, at(12_000), [room])).toBe(3);

    const entries = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.resource, "waiting_room"), eq(s.auditLog.resourceId, key)))
      .orderBy(s.auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorName, e.sellerId])).toEqual([
      ["waiting_room.pause", "Test admin", HARBOUR],
      ["waiting_room.resume", "Test admin", HARBOUR],
    ]);
  });

  it("staff's rate is the one the pass lets in at, until cleared back to the file's; audited with before and after", async () => {
    const { room, key } = openRooms();
    await queue(room, 40, TEST_NOW);
    expect(await admitPass(api.handle.db, at(1000), [room])).toBe(10);
    const faster = await setWaitingRoomRate(
      api.handle.db,
      admin,
      { roomKey: key, ratePerMinute: 120 },
      at(1000),
    );
    expect(faster).toMatchObject({
      rateOverride: 120,
      ratePerMinute: 120,
      fileRatePerMinute: 60,
      changed: true,
    });
    expect(await admitPass(api.handle.db, at(3000), [room])).toBe(4);
    const back = await setWaitingRoomRate(
      api.handle.db,
      admin,
      { roomKey: key, ratePerMinute: null },
      at(3000),
    );
    expect(back).toMatchObject({ rateOverride: null, ratePerMinute: 60, changed: true });
    expect(await admitPass(api.handle.db, at(5000), [room])).toBe(2);
    expect(
      (await setWaitingRoomRate(api.handle.db, admin, { roomKey: key, ratePerMinute: null }, at(5000)))
        .changed,
    ).toBe(false);
    const entries = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.resource, "waiting_room"), eq(s.auditLog.resourceId, key)))
      .orderBy(s.auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ["waiting_room.rate", { events: room.events, from: null, to: 120 }],
      ["waiting_room.rate", { events: room.events, from: 120, to: null }],
    ]);
  });

  it("staff may change a room before its pass ever ran (its state row is made, counting from the on-sale)", async () => {
    const { room, key } = openRooms(at(HOUR));
    await setWaitingRoomRate(api.handle.db, admin, { roomKey: key, ratePerMinute: 6 }, TEST_NOW);
    const [row] = await api.handle.db
      .select()
      .from(s.waitingRoomState)
      .where(and(eq(s.waitingRoomState.sellerId, HARBOUR), eq(s.waitingRoomState.roomKey, key)));
    expect(row).toMatchObject({ rateOverride: 6, paused: false, countedAt: room.onSaleAt });
  });

  it("refuses a rate that is not a positive whole number, and a room the tenant does not have", async () => {
    const { key } = openRooms();
    for (const ratePerMinute of [0, -5, 1.5, 100_001])
      await refusal(
        setWaitingRoomRate(api.handle.db, admin, { roomKey: key, ratePerMinute }, TEST_NOW),
        "validation_failed",
      );
    await refusal(pauseWaitingRoom(api.handle.db, admin, { roomKey: "no-such-room" }, TEST_NOW), "not_found");
  });

  it("refuses the roles without it: only admins steer, the gate does not watch", async () => {
    const { key } = openRooms();
    for (const role of ["box_office", "gate", "viewer"] as const) {
      await refusal(
        pauseWaitingRoom(api.handle.db, staff(role), { roomKey: key }, TEST_NOW),
        "forbidden_for_role",
      );
      await refusal(
        setWaitingRoomRate(api.handle.db, staff(role), { roomKey: key, ratePerMinute: 5 }, TEST_NOW),
        "forbidden_for_role",
      );
    }
    await refusal(waitingRoomsOf(api.handle.db, staff("gate"), TEST_NOW), "forbidden_for_role");
    for (const role of ["box_office", "viewer"] as const)
      expect((await waitingRoomsOf(api.handle.db, staff(role), TEST_NOW)).map((r) => r.key)).toContain(key);
  });

  it("another tenant's staff never reach the museum's rooms", async () => {
    const { key } = openRooms();
    const zoo = staff("admin", RIVERSIDE);
    expect(await waitingRoomsOf(api.handle.db, zoo, TEST_NOW)).toEqual([]);
    await refusal(pauseWaitingRoom(api.handle.db, zoo, { roomKey: key }, TEST_NOW), "not_found");
    await refusal(resumeWaitingRoom(api.handle.db, zoo, { roomKey: key }, TEST_NOW), "not_found");
    await refusal(
      setWaitingRoomRate(api.handle.db, zoo, { roomKey: key, ratePerMinute: 9 }, TEST_NOW),
      "not_found",
    );
    const [row] = await api.handle.db
      .select()
      .from(s.waitingRoomState)
      .where(and(eq(s.waitingRoomState.sellerId, HARBOUR), eq(s.waitingRoomState.roomKey, key)));
    expect(row).toBeUndefined();
  });
});

describe("the admin API's waiting rooms", () => {
  async function login(seller: string): Promise<string> {
    const res = await api.app.request(`/api/admin/login?_seller=${seller}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoStaffEmail(seller, "admin"), password: DEMO_STAFF_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  }

  it("answers the rooms and the changes in their exact shapes; another tenant's _seller is not found", async () => {
    const { key } = openRooms();
    const cookie = await login(HARBOUR);
    const listed = await api.app.request(`/api/admin/waiting_rooms?_seller=${HARBOUR}`, {
      headers: { cookie },
    });
    expect(listed.status).toBe(200);
    const rooms = waitingRoomsAnswer.parse(await listed.json()).waiting_room._data;
    expect(rooms.map((r) => r.key)).toEqual([key, "*"]);
    const rate = await api.app.request(
      `/api/admin/waiting_rooms/${encodeURIComponent(key)}/rate?_seller=${HARBOUR}`,
      {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ rate_per_minute: 30 }),
      },
    );
    expect(rate.status).toBe(200);
    expect(waitingRoomChangeAnswer.parse(await rate.json()).waiting_room._data[0]).toMatchObject({
      key,
      rate_override: 30,
      rate_per_minute: 30,
      changed: true,
    });
    const pause = await api.app.request(`/api/admin/waiting_rooms/*/pause?_seller=${HARBOUR}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(waitingRoomChangeAnswer.parse(await pause.json()).waiting_room._data[0]).toMatchObject({
      key: "*",
      paused: true,
    });
    const zooCookie = await login(RIVERSIDE);
    const across = await api.app.request(
      `/api/admin/waiting_rooms/${encodeURIComponent(key)}/pause?_seller=${HARBOUR}`,
      { method: "POST", headers: { cookie: zooCookie, "content-type": "application/json" }, body: "{}" },
    );
    expect(across.status).toBe(404);
  });
});
