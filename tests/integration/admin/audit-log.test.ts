/**
 * The audit log over GET /api/admin/audit: newest first, filtered by action and by who acted (a
 * staff member or an API key), paged by `_limit` and `_offset` with `_count` all that match, the
 * filters' choices on request, words for the resource acted on; an unknown filter is a 400, and
 * only an admin reads it. API keys: the list names who made each, a revoke is in the log.
 */
import { describe, expect, it } from "vitest";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();
const HM = "harbour-museum";

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  method: string,
  path: string,
  auth: { cookie?: string; bearer?: string },
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  const res = await api.app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const code = (a: Answer) => (a.body._data as { _code: string }[] | undefined)?.[0]?._code;

interface Entry {
  id: string;
  actor_kind: string;
  actor_id: string;
  actor_name: string;
  action: string;
  resource: string;
  resource_id: string;
  resource_label: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
const log = (a: Answer) => a.body.audit_log as { _count: number; _data: Entry[] };

const cookies = new Map<string, string>();
async function cookieOf(role: "admin" | "box_office" | "viewer"): Promise<string> {
  const known = cookies.get(role);
  if (known) return known;
  const res = await api.app.request(`/api/admin/login?_seller=${HM}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demoStaffEmail(HM, role), password: DEMO_STAFF_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  cookies.set(role, cookie);
  return cookie;
}

const audit = async (query: string, auth?: { cookie?: string; bearer?: string }) =>
  call("GET", `/admin/audit?_seller=${HM}${query}`, auth ?? { cookie: await cookieOf("admin") });

describe("the audit log", () => {
  it("lists changes newest first, filters by action and by actor (staff or key), and pages without overlap", async () => {
    const cookie = await cookieOf("admin");
    // Five changes a minute apart: three by the admin, one by an admin key, one more by the admin.
    for (const limit of [11_000, 12_000, 13_000]) {
      await call(
        "PATCH",
        `/admin/staff/${HM}-staff-boxoffice?_seller=${HM}`,
        { cookie },
        { refund_limit: limit },
      );
      api.clock.advance(60_000);
    }
    const made = await call(
      "POST",
      `/admin/api_keys?_seller=${HM}`,
      { cookie },
      { name: "Kiosk", role: "admin" },
    );
    const key = (made.body.api_key as { _data: { id: string; key: string }[] })._data[0];
    api.clock.advance(60_000);
    const byKey = await call(
      "PATCH",
      `/admin/staff/${HM}-staff-gate?_seller=${HM}`,
      { bearer: key?.key },
      { role: "viewer", reason: "Winter hours" },
    );
    expect(byKey.status).toBe(200);

    const all = await audit("");
    expect(all.status).toBe(200);
    const entries = log(all)._data;
    expect(entries.map((e) => e.action).slice(0, 5)).toEqual([
      "staff.role",
      "key.create",
      "staff.refund_limit",
      "staff.refund_limit",
      "staff.refund_limit",
    ]);
    expect(entries[0]).toMatchObject({
      actor_kind: "api_key",
      actor_id: key?.id,
      actor_name: "Kiosk",
      resource: "staff_account",
      resource_label: "Gus Gate",
      reason: "Winter hours",
      details: { before: "gate", after: "viewer" },
    });
    const times = entries.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const limits = await audit("&action=staff.refund_limit");
    expect(log(limits)._count).toBe(3);
    expect(log(limits)._data.map((e) => e.details.after)).toEqual([13_000, 12_000, 11_000]);

    const ofKey = await audit(`&actor_id=${key?.id}`);
    expect(log(ofKey)._data.map((e) => e.action)).toEqual(["staff.role"]);
    const admin = entries.find((e) => e.action === "key.create")?.actor_id ?? "";
    const ofAdmin = await audit(`&actor_id=${admin}&action=staff.refund_limit`);
    expect(log(ofAdmin)._count).toBe(3);

    const first = await audit("&_limit=2");
    const second = await audit("&_limit=2&_offset=2");
    expect(log(first)._count).toBe(log(all)._count);
    expect(log(first)._data).toHaveLength(2);
    expect(log(second)._data.map((e) => e.id)).toEqual(entries.slice(2, 4).map((e) => e.id));
    expect(log(first)._data.map((e) => e.id)).toEqual(entries.slice(0, 2).map((e) => e.id));

    const resource = await audit(`&resource=staff_account&resource_id=${HM}-staff-boxoffice`);
    expect(log(resource)._data.every((e) => e.resource_id === `${HM}-staff-boxoffice`)).toBe(true);
    expect(log(resource)._data[0]?.resource_label).toBe("Bea Box Office");
  });

  it("answers the choices to filter by on request: the log's actions with counts, and its actors once each", async () => {
    const res = await audit("&_embed=audit_action,audit_actor&_limit=1");
    const actions = (res.body.audit_action as { _data: { action: string; count: number }[] })._data;
    expect(actions).toEqual(expect.arrayContaining([{ action: "staff.refund_limit", count: 3 }]));
    const actors = (res.body.audit_actor as { _data: { actor_kind: string; actor_name: string }[] })._data;
    expect(actors.map((a) => [a.actor_kind, a.actor_name])).toEqual(
      expect.arrayContaining([
        ["staff", "Alex Admin"],
        ["api_key", "Kiosk"],
      ]),
    );
    expect(new Set(actors.map((a) => a.actor_name)).size).toBe(actors.length);
    expect((await audit("&_limit=1")).body.audit_action).toBeUndefined();
  });

  it("bad paging, an unknown filter or an unknown embed is a 400 validation_failed", async () => {
    for (const query of [
      "&_limit=0",
      "&_limit=500",
      "&_offset=-1",
      "&_limit=ten",
      "&who=me",
      "&_embed=order",
    ]) {
      const res = await audit(query);
      expect([query, res.status, code(res)]).toEqual([query, 400, "validation_failed"]);
    }
  });

  it("only an admin reads it: box office and viewer are 403; another tenant is 404", async () => {
    for (const role of ["box_office", "viewer"] as const) {
      const res = await audit("", { cookie: await cookieOf(role) });
      expect([role, res.status, code(res)]).toEqual([role, 403, "forbidden_for_role"]);
    }
    const other = await call("GET", "/admin/audit?_seller=riverside-zoo", {
      cookie: await cookieOf("admin"),
    });
    expect(other.status).toBe(404);
  });
});

describe("API keys in the back office", () => {
  it("the list names who made each key, newest first; a revoke is in the log with the key's name", async () => {
    const cookie = await cookieOf("admin");
    const made = await call(
      "POST",
      `/admin/api_keys?_seller=${HM}`,
      { cookie },
      { name: "Scanner", role: "gate" },
    );
    expect(made.status).toBe(201);
    const item = (made.body.api_key as { _data: { id: string; key: string; created_by_name: string }[] })
      ._data[0];
    expect(item?.created_by_name).toBe("Alex Admin");
    const list = await call("GET", `/admin/api_keys?_seller=${HM}`, { cookie });
    const keys = (list.body.api_key as { _data: Record<string, unknown>[] })._data;
    expect(keys[0]).toMatchObject({
      id: item?.id,
      name: "Scanner",
      role: "gate",
      created_by_name: "Alex Admin",
    });
    expect(keys.some((k) => "key" in k)).toBe(false);

    expect((await call("DELETE", `/admin/api_keys/${item?.id}?_seller=${HM}`, { cookie })).status).toBe(204);
    const again = await call("DELETE", `/admin/api_keys/${item?.id}?_seller=${HM}`, { cookie });
    expect(again.status).toBe(404);
    const revoked = log(await audit("&action=key.revoke"))._data[0];
    expect(revoked).toMatchObject({
      resource: "api_key",
      resource_id: item?.id,
      resource_label: "Scanner",
      details: { name: "Scanner", role: "gate" },
    });
    const answered = await call("GET", `/admin/orders?_seller=${HM}&q=Ada`, { bearer: item?.key });
    expect([answered.status, code(answered)]).toEqual([401, "api_key_invalid"]);
  });
});
