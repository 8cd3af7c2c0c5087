/**
 * "A key or staff member of one tenant never reaches another tenant's data. Test the whole matrix
 * of staff × tenant × role × action": every admin call, as nobody, as each role of its own
 * tenant, and as the other tenant's admin (with a session or an API key), on the museum's order,
 * session and membership. Expected: 401 for nobody, the role's allowance for its own tenant, and
 * never a success across tenants. The museum gets an on-sale waiting room here (its tenant file has
 * none), for an event of its own that no other call sells, so its calls have a room to act on.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import {
  ADMIN_ACTIONS,
  type AdminAction,
  allows,
  STAFF_ROLES,
  type StaffRole,
} from "../../../src/lib/domain/admin/roles.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import type { Tenant } from "../../../src/lib/tenant/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { payAsGuest, send, upcomingSession } from "../../helpers/cart.ts";

const ROOM = "hm-matrix-on-sale";

vi.mock("../../../src/lib/tenant/load.ts", async (original) => {
  const real = await original<typeof import("../../../src/lib/tenant/load.ts")>();
  const roomed = (tenant: Tenant | undefined): Tenant | undefined =>
    tenant?.slug === "harbour-museum"
      ? {
          ...tenant,
          web: {
            ...tenant.web,
            waiting_room: [
              {
                events: ["hm-matrix-on-sale"],
                on_sale_at: "2026-01-01T00:00:00Z",
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
const HM = "harbour-museum";
const RZ = "riverside-zoo";

interface Ids {
  order: string;
  session: string;
  membership: string;
  /** Waiting list entries of the session: one to send an offer to, one to remove. */
  offerEntry: string;
  removeEntry: string;
}
let ids: Ids;
const cookies = new Map<string, string>();

async function call(
  method: string,
  path: string,
  auth: { cookie?: string; bearer?: string },
  body?: unknown,
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  const res = await api.app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

async function loginAs(seller: string, role: StaffRole): Promise<string> {
  const key = `${seller}:${role}`;
  const known = cookies.get(key);
  if (known) return known;
  const res = await api.app.request(`/api/admin/login?_seller=${seller}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demoStaffEmail(seller, role), password: DEMO_STAFF_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  cookies.set(key, cookie);
  return cookie;
}

/** Every admin call with the action it needs. Writes that change nothing lasting come last. */
interface Call {
  action: AdminAction;
  method: string;
  path: (i: Ids) => string;
  /** The body, or one made from the ids (known once beforeAll has bought the order). */
  body?: unknown;
}
const bodyOf = (c: Call): unknown =>
  typeof c.body === "function" ? (c.body as (i: Ids) => unknown)(ids) : c.body;

const CALLS: Call[] = [
  { action: "orders.read", method: "GET", path: () => "/admin/orders?q=Ada" },
  { action: "orders.read", method: "GET", path: (i) => `/admin/orders/${i.order}` },
  { action: "figures.read", method: "GET", path: () => "/admin/figures/today" },
  {
    action: "figures.read",
    method: "GET",
    path: () => "/admin/figures/sales?from=2026-11-01&until=2026-11-30",
  },
  {
    action: "figures.read",
    method: "GET",
    path: () => "/admin/figures/sales.csv?from=2026-11-01&until=2026-11-30",
  },
  { action: "sessions.read", method: "GET", path: (i) => `/admin/sessions/${i.session}/attendees` },
  { action: "sessions.read", method: "GET", path: (i) => `/admin/sessions/${i.session}/attendees.csv` },
  { action: "members.read", method: "GET", path: () => "/admin/members?q=Lovelace" },
  { action: "members.read", method: "GET", path: (i) => `/admin/members/${i.membership}` },
  { action: "staff.manage", method: "GET", path: () => "/admin/staff" },
  { action: "keys.manage", method: "GET", path: () => "/admin/api_keys" },
  { action: "audit.read", method: "GET", path: () => "/admin/audit" },
  { action: "desk.sell", method: "GET", path: () => "/admin/desk/sessions" },
  { action: "gate.scan", method: "GET", path: () => "/admin/gate/day" },
  { action: "gate.scan", method: "GET", path: () => "/admin/gate/codes" },
  {
    action: "gate.scan",
    method: "POST",
    path: () => "/admin/gate/scans",
    // An unknown code: the scan is recorded, nothing is admitted.
    body: () => ({
      scan_id: randomUUID(),
      code: "MATRIX-NO-SUCH-CODE",
      gate: "Matrix gate",
      scope: { kind: "today" },
    }),
  },
  { action: "orders.read", method: "GET", path: (i) => `/admin/orders/${i.order}/ticket_cards` },
  {
    action: "desk.sell",
    method: "POST",
    path: () => "/admin/desk/sales",
    body: (i: Ids) => ({
      session_id: i.session,
      lines: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
      payment: { method: "cash" },
    }),
  },
  { action: "orders.change", method: "POST", path: (i) => `/admin/orders/${i.order}/resend`, body: {} },
  {
    action: "orders.change",
    method: "GET",
    path: (i) => `/admin/orders/${i.order}/reschedule_options?session=${i.session}`,
  },
  {
    action: "members.change",
    method: "POST",
    path: (i) => `/admin/members/${i.membership}/resend`,
    body: {},
  },
  { action: "waiting_list.read", method: "GET", path: (i) => `/admin/sessions/${i.session}/waiting_list` },
  // Before the session is closed below (a closed session's list offers nothing). A second offer or
  // removal of the same entry changes nothing and answers 200, so each allowed role succeeds.
  {
    action: "waiting_list.change",
    method: "POST",
    path: (i) => `/admin/waiting_list/${i.offerEntry}/offer`,
    body: {},
  },
  {
    action: "waiting_list.change",
    method: "POST",
    path: (i) => `/admin/waiting_list/${i.removeEntry}/remove`,
    body: { reason: "matrix" },
  },
  { action: "waiting_room.read", method: "GET", path: () => "/admin/waiting_rooms" },
  // A second pause, resume or the same rate changes nothing and answers 200.
  {
    action: "waiting_room.change",
    method: "POST",
    path: () => `/admin/waiting_rooms/${ROOM}/pause`,
    body: {},
  },
  {
    action: "waiting_room.change",
    method: "POST",
    path: () => `/admin/waiting_rooms/${ROOM}/resume`,
    body: {},
  },
  {
    action: "waiting_room.change",
    method: "PUT",
    path: () => `/admin/waiting_rooms/${ROOM}/rate`,
    body: { rate_per_minute: 90 },
  },
  {
    action: "sessions.change",
    method: "POST",
    path: (i) => `/admin/sessions/${i.session}/close`,
    body: { reason: "matrix" },
  },
  {
    action: "sessions.change",
    method: "POST",
    path: (i) => `/admin/sessions/${i.session}/reopen`,
    body: { reason: "matrix" },
  },
  {
    action: "sessions.change",
    method: "PUT",
    path: (i) => `/admin/sessions/${i.session}/capacity`,
    body: { capacity: 70, reason: "matrix" },
  },
];

beforeAll(async () => {
  const session = await upcomingSession(api, "hm-general-admission", 40);
  const created = await send(api, "POST", `/api/my/cart/modify?_seller=${HM}`, {
    add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
  });
  const cartId = cartEnvelope.parse(created.body).cart._data[0]?.id ?? "";
  const order = await payAsGuest(api, cartId, {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "matrix@example.com",
  });
  const entry = (email: string) => ({
    id: randomUUID(),
    sellerId: "harbour-museum",
    eventSessionId: session.id,
    email,
    quantity: 1,
    lines: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
    state: "waiting",
    joinedAt: api.clock.now(),
    leaveTokenHash: randomUUID(),
  });
  const [offerEntry, removeEntry] = [entry("matrix@example.com"), entry("matrix-2@example.com")];
  await api.handle.db.insert(s.waitingListEntry).values([offerEntry, removeEntry]);
  ids = {
    order,
    session: session.id,
    membership: "hm-demo-membership-1",
    offerEntry: offerEntry.id,
    removeEntry: removeEntry.id,
  };
});

describe("the admin API's ownership and roles matrix", () => {
  it("nobody: every call is 401", async () => {
    for (const c of CALLS) {
      const res = await call(
        c.method,
        `${c.path(ids)}${c.path(ids).includes("?") ? "&" : "?"}_seller=${HM}`,
        {},
        bodyOf(c),
      );
      expect([c.path(ids), res.status]).toEqual([c.path(ids), 401]);
    }
  });

  it("each role of the museum: its allowed calls succeed, the others are 403 forbidden_for_role", async () => {
    const unexpected: string[] = [];
    for (const role of STAFF_ROLES) {
      const cookie = await loginAs(HM, role);
      for (const c of CALLS) {
        const path = `${c.path(ids)}${c.path(ids).includes("?") ? "&" : "?"}_seller=${HM}`;
        const res = await call(c.method, path, { cookie }, bodyOf(c));
        const want = allows(role, c.action) ? 200 : 403;
        if (res.status !== want)
          unexpected.push(`${role} ${c.method} ${path}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("the zoo's admin, by session and by API key: 0 successes on the museum's data", async () => {
    const cookie = await loginAs(RZ, "admin");
    const made = await call(
      "POST",
      `/admin/api_keys?_seller=${RZ}`,
      { cookie },
      { name: "matrix", role: "admin" },
    );
    const bearer =
      (JSON.parse(made.text) as { api_key: { _data: { key: string }[] } }).api_key._data[0]?.key ?? "";
    const successes: string[] = [];
    for (const auth of [{ cookie }, { bearer }]) {
      for (const c of CALLS) {
        for (const seller of [HM, RZ]) {
          const path = `${c.path(ids)}${c.path(ids).includes("?") ? "&" : "?"}_seller=${seller}`;
          const res = await call(c.method, path, auth, bodyOf(c));
          // Lists of the zoo's own (no _seller of the museum) may answer 200: they hold only the zoo's rows.
          const ownList = seller === RZ && !/\/(orders|sessions|members|waiting_list)\//.test(c.path(ids));
          if (res.status < 300 && !ownList)
            successes.push(`${Object.keys(auth)[0]} ${c.method} ${path}: ${res.status}`);
          if (ownList && res.status === 200) expect(res.text).not.toContain("matrix@example.com");
        }
      }
    }
    expect(successes).toEqual([]);
  });

  it("every action of the roles table is exercised by a call", () => {
    const exercised = new Set(CALLS.map((c) => c.action));
    expect(ADMIN_ACTIONS.filter((a) => !exercised.has(a) && !["orders.refund"].includes(a))).toEqual([]);
  });
});
