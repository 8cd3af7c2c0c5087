/**
 * An admin edits a colleague's account over PATCH /api/admin/staff/{id}: the role, a box office
 * member's refund limit, disabled or enabled again. Each change is in the audit log with its
 * before and after; a disabled account's sessions end at once and its login is refused; the
 * tenant always keeps an active admin; other roles are refused and other tenants' staff not found.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();
const HM = "harbour-museum";
const RZ = "riverside-zoo";
const id = (seller: string, local: string) => `${seller}-staff-${local}`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, cookie?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (cookie) headers.cookie = cookie;
  const res = await api.app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const code = (a: Answer) => (a.body._data as { _code: string }[] | undefined)?.[0]?._code;

async function login(seller: string, email: string): Promise<{ status: number; cookie: string }> {
  const res = await api.app.request(`/api/admin/login?_seller=${seller}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_STAFF_PASSWORD }),
  });
  const cookie = /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  return { status: res.status, cookie };
}

// Logins are rate limited per account (5 in 15 minutes): each account logs in once here.
const cookies = new Map<string, string>();
async function cookieOf(seller: string, role: Parameters<typeof demoStaffEmail>[1]): Promise<string> {
  const key = `${seller}:${role}`;
  const known = cookies.get(key);
  if (known) return known;
  const { status, cookie } = await login(seller, demoStaffEmail(seller, role));
  expect(status).toBe(200);
  cookies.set(key, cookie);
  return cookie;
}

const edit = async (seller: string, staffId: string, body: unknown, cookie?: string) =>
  call(
    "PATCH",
    `/admin/staff/${staffId}?_seller=${seller}`,
    cookie ?? (await cookieOf(seller, "admin")),
    body,
  );

const member = (a: Answer) =>
  (a.body.staff_account as { _data: { role: string; refund_limit: number | null; disabled: boolean }[] })
    ._data[0];

async function auditOf(staffId: string) {
  return api.handle.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.resource, "staff_account"), eq(s.auditLog.resourceId, staffId)))
    .orderBy(s.auditLog.createdAt, s.auditLog.action);
}

describe("an admin edits a colleague", () => {
  it("a box office member's refund limit, with the before and after and the reason in the audit log", async () => {
    const bea = id(HM, "boxoffice");
    const res = await edit(HM, bea, { refund_limit: 15_000, reason: "Runs the desk on Saturdays" });
    expect(res.status).toBe(200);
    expect(member(res)).toMatchObject({ role: "box_office", refund_limit: 15_000, disabled: false });
    const entries = await auditOf(bea);
    expect(entries.map((e) => [e.action, e.actorName, e.reason, e.details])).toEqual([
      [
        "staff.refund_limit",
        "Alex Admin",
        "Runs the desk on Saturdays",
        { email: demoStaffEmail(HM, "box_office"), name: "Bea Box Office", before: 10_000, after: 15_000 },
      ],
    ]);
    // Unchanged again: nothing written.
    expect((await edit(HM, bea, { refund_limit: 15_000 })).status).toBe(200);
    expect(await auditOf(bea)).toHaveLength(1);
  });

  it("a role: one entry per change; a role other than box office has no refund limit", async () => {
    const gus = id(HM, "gate");
    const refused = await edit(HM, gus, { refund_limit: 500 });
    expect([refused.status, code(refused)]).toEqual([400, "validation_failed"]);
    const both = await edit(HM, gus, { role: "box_office", refund_limit: 2_500 });
    expect(member(both)).toMatchObject({ role: "box_office", refund_limit: 2_500 });
    const back = await edit(HM, gus, { role: "gate" });
    expect(member(back)).toMatchObject({ role: "gate", refund_limit: null });
    const entries = (await auditOf(gus)).map((e) => [e.action, e.details.before, e.details.after]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ["staff.role", "gate", "box_office"],
        ["staff.refund_limit", null, 2_500],
        ["staff.role", "box_office", "gate"],
        ["staff.refund_limit", 2_500, null],
      ]),
    );
    expect(entries).toHaveLength(4);
  });

  it("nothing to change, or an unknown role, is a 400", async () => {
    const empty = await edit(HM, id(HM, "gate"), {});
    expect([empty.status, code(empty)]).toEqual([400, "validation_failed"]);
    const unknown = await edit(HM, id(HM, "gate"), { role: "owner" });
    expect([unknown.status, code(unknown)]).toEqual([400, "validation_failed"]);
  });

  it("disabled: the account's session is refused at once, its login too; enabled again, a new login works", async () => {
    const gate = await login(HM, demoStaffEmail(HM, "gate"));
    expect((await call("GET", "/admin/me", gate.cookie)).status).toBe(200);
    const off = await edit(HM, id(HM, "gate"), { disabled: true, reason: "Left the museum" });
    expect(member(off)?.disabled).toBe(true);
    const me = await call("GET", "/admin/me", gate.cookie);
    expect([me.status, code(me)]).toEqual([401, "staff_not_logged_in"]);
    const again = await login(HM, demoStaffEmail(HM, "gate"));
    expect(again.status).toBe(401);
    const open = await api.handle.db
      .select()
      .from(s.staffSession)
      .where(and(eq(s.staffSession.staffId, id(HM, "gate")), isNull(s.staffSession.revokedAt)));
    expect(open).toEqual([]);

    const on = await edit(HM, id(HM, "gate"), { disabled: false });
    expect(member(on)?.disabled).toBe(false);
    // The old session stays ended; a new login works.
    expect((await call("GET", "/admin/me", gate.cookie)).status).toBe(401);
    const back = await login(HM, demoStaffEmail(HM, "gate"));
    expect(back.status).toBe(200);
    const actions = (await auditOf(id(HM, "gate"))).map((e) => e.action);
    expect(actions.filter((a) => a === "staff.disable" || a === "staff.enable")).toEqual([
      "staff.disable",
      "staff.enable",
    ]);
  });
});

describe("the tenant keeps an active admin", () => {
  it("the last active admin cannot demote or disable themselves (409 staff_last_admin); with another admin, they can", async () => {
    const self = id(RZ, "admin");
    const demote = await edit(RZ, self, { role: "viewer" });
    expect([demote.status, code(demote)]).toEqual([409, "staff_last_admin"]);
    expect(String((demote.body._data as { _description: string }[])[0]?._description)).toMatch(
      /last active admin/,
    );
    const disable = await edit(RZ, self, { disabled: true });
    expect([disable.status, code(disable)]).toEqual([409, "staff_last_admin"]);
    expect(await auditOf(self)).toEqual([]);

    expect(member(await edit(RZ, id(RZ, "viewer"), { role: "admin" }))?.role).toBe("admin");
    const now = await edit(RZ, self, { role: "box_office" });
    expect(member(now)).toMatchObject({ role: "box_office", refund_limit: null });
    // Now Vera is the last active admin: she may not disable herself.
    const vera = await cookieOf(RZ, "viewer");
    const herself = await edit(RZ, id(RZ, "viewer"), { disabled: true }, vera);
    expect([herself.status, code(herself)]).toEqual([409, "staff_last_admin"]);
  });
});

describe("who may edit whom", () => {
  it("box office and viewer are refused (403 forbidden_for_role)", async () => {
    for (const role of ["box_office", "viewer"] as const) {
      const res = await edit(HM, id(HM, "gate"), { role: "viewer" }, await cookieOf(HM, role));
      expect([role, res.status, code(res)]).toEqual([role, 403, "forbidden_for_role"]);
    }
  });

  it("another tenant's staff member is not found (404), with either tenant named", async () => {
    const zooGate = id(RZ, "gate");
    const mine = await edit(HM, zooGate, { role: "viewer" });
    expect([mine.status, code(mine)]).toEqual([404, "not_found"]);
    const theirs = await edit(RZ, zooGate, { role: "viewer" }, await cookieOf(HM, "admin"));
    expect(theirs.status).toBe(404);
    const [row] = await api.handle.db.select().from(s.staffAccount).where(eq(s.staffAccount.id, zooGate));
    expect(row?.role).toBe("gate");
  });

  it("nobody is 401; a write from another origin is 403", async () => {
    const nobody = await call("PATCH", `/admin/staff/${id(HM, "gate")}?_seller=${HM}`, undefined, {
      role: "viewer",
    });
    expect(nobody.status).toBe(401);
    const res = await api.app.request(`/api/admin/staff/${id(HM, "gate")}?_seller=${HM}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        cookie: await cookieOf(HM, "admin"),
        origin: "http://evil.example",
      },
      body: JSON.stringify({ role: "viewer" }),
    });
    expect(res.status).toBe(403);
  });
});

describe("two admins at once", () => {
  it("two admins demoting each other at the same time: one change is made, the other is refused", async () => {
    const alex = await cookieOf(HM, "admin");
    expect(member(await edit(HM, id(HM, "viewer"), { role: "admin" }, alex))?.role).toBe("admin");
    const vera = await cookieOf(HM, "viewer");
    const [one, two] = await Promise.all([
      edit(HM, id(HM, "viewer"), { role: "viewer" }, alex),
      edit(HM, id(HM, "admin"), { role: "viewer" }, vera),
    ]);
    // The loser is refused either as the last admin (409) or, when the winner's change landed before
    // its call was let in, as no longer an admin (403).
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await api.handle.db
      .select({ id: s.staffAccount.id })
      .from(s.staffAccount)
      .where(and(eq(s.staffAccount.sellerId, HM), eq(s.staffAccount.role, "admin")));
    expect(admins).toHaveLength(1);
  });
});
