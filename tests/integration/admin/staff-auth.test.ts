/**
 * Staff log in to the back office with their own accounts, cookie and sessions: a password, then
 * an authenticator code when they have one ("a second factor (TOTP, with recovery codes)"), a
 * short idle timeout, roles, setup links, API keys, and never another tenant's data.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import { staffByEmail } from "../../../src/lib/server/services/admin/staff/accounts.ts";
import { staffLogin, totpCodeAt } from "../../../src/lib/server/services/admin/staff/login.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();
const HM = "harbour-museum";

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie?: string;
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; bearer?: string; origin?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.origin) headers.origin = options.origin;
  const res = await api.app.request(`/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const cookie = /foyer_staff=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie };
}

const code = (a: Answer) => (a.body._data as { _code: string }[] | undefined)?.[0]?._code;
const state = (a: Answer) => (a.body.staff_session as { _data: { state: string }[] })._data[0]?.state;

async function login(email: string, password = DEMO_STAFF_PASSWORD, seller = HM): Promise<Answer> {
  return call("POST", `/admin/login?_seller=${seller}`, { body: { email, password } });
}

describe("staff login", () => {
  it("the demo admin logs in with a password: a staff cookie, HttpOnly and SameSite=Strict, separate from shoppers'", async () => {
    const res = await api.app.request(`/api/admin/login?_seller=${HM}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoStaffEmail(HM, "admin"), password: DEMO_STAFF_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^foyer_staff=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const cookie = /foyer_staff=[^;]*/.exec(setCookie)?.[0] ?? "";
    const me = await call("GET", `/admin/me?_seller=${HM}`, { cookie });
    expect(me.status).toBe(200);
    expect(state(me)).toBe("active");
    // A shopper's session endpoint does not know the staff cookie.
    expect((await call("GET", `/my/user?_seller=${HM}`, { cookie })).status).toBe(401);
  });

  it("a wrong password and an unknown e-mail answer the same: 401 staff_login_failed", async () => {
    const wrong = await login(demoStaffEmail(HM, "viewer"), "Not-the-password-1");
    const unknown = await login("nobody@harbour-museum.example");
    expect([wrong.status, code(wrong)]).toEqual([401, "staff_login_failed"]);
    expect([unknown.status, code(unknown)]).toEqual([401, "staff_login_failed"]);
    expect(wrong.cookie).toBeUndefined();
  });

  it("login attempts are rate limited per account: the sixth in 15 minutes is 429", async () => {
    const email = demoStaffEmail("riverside-zoo", "gate");
    for (let i = 0; i < 5; i++) await login(email, "Wrong-password-1", "riverside-zoo");
    const sixth = await login(email, DEMO_STAFF_PASSWORD, "riverside-zoo");
    expect([sixth.status, code(sixth)]).toEqual([429, "rate_limited"]);
  });

  it("a right password forgets the account's attempts: staff logging in through the day are never locked out", async () => {
    // The service itself, from an address of its own, so the address limit stays out of it.
    const attempt = (password: string) =>
      staffLogin(
        api.handle.db,
        "riverside-zoo",
        { email: demoStaffEmail("riverside-zoo", "viewer"), password },
        "203.0.113.7",
        api.clock.now(),
      ).then(
        () => "ok",
        (e: { items?: { _code: string }[] }) => e.items?.[0]?._code,
      );
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect(await attempt("Wrong-password-1")).toBe("staff_login_failed");
      expect(await attempt(DEMO_STAFF_PASSWORD)).toBe("ok");
    }
    // Guessing is still stopped: five wrong passwords in a row, then even the right one waits.
    for (let i = 0; i < 5; i++) await attempt("Wrong-password-1");
    expect(await attempt(DEMO_STAFF_PASSWORD)).toBe("rate_limited");
  });

  it("a login from another origin is refused (403)", async () => {
    const res = await call("POST", `/admin/login?_seller=${HM}`, {
      body: { email: demoStaffEmail(HM, "admin"), password: DEMO_STAFF_PASSWORD },
      origin: "http://evil.example",
    });
    expect(res.status).toBe(403);
  });

  it("'a short idle timeout': 30 minutes without a request end the session", async () => {
    const { cookie } = await login(demoStaffEmail(HM, "viewer"));
    api.clock.advance(29 * 60_000);
    expect((await call("GET", "/admin/me", { cookie })).status).toBe(200);
    api.clock.advance(31 * 60_000);
    const after = await call("GET", "/admin/me", { cookie });
    expect([after.status, code(after)]).toEqual([401, "staff_not_logged_in"]);
  });
});

describe("roles and tenants", () => {
  it("a viewer may not manage staff (403 forbidden_for_role); an admin may", async () => {
    const viewer = await login(demoStaffEmail(HM, "viewer"));
    const refused = await call("GET", `/admin/staff?_seller=${HM}`, { cookie: viewer.cookie });
    expect([refused.status, code(refused)]).toEqual([403, "forbidden_for_role"]);
    const admin = await login(demoStaffEmail(HM, "admin"));
    const list = await call("GET", `/admin/staff?_seller=${HM}`, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const emails = (list.body.staff_account as { _data: { email: string }[] })._data.map((m) => m.email);
    expect(emails).toContain(demoStaffEmail(HM, "gate"));
    expect(emails.every((e) => e.endsWith("@harbour-museum.example") || !e.includes("riverside"))).toBe(true);
  });

  it("a staff member of one tenant never reaches another's: _seller of another tenant is 404", async () => {
    const admin = await login(demoStaffEmail(HM, "admin"));
    const other = await call("GET", "/admin/staff?_seller=riverside-zoo", { cookie: admin.cookie });
    expect(other.status).toBe(404);
    // The zoo's admin cannot log in at the museum.
    expect((await login(demoStaffEmail("riverside-zoo", "admin"))).status).toBe(401);
  });
});

describe("invitations and setup links", () => {
  it("an admin invites a colleague; the setup link sets a password once, and the colleague logs in", async () => {
    const admin = await login(demoStaffEmail(HM, "admin"));
    const invited = await call("POST", `/admin/staff?_seller=${HM}`, {
      cookie: admin.cookie,
      body: {
        email: "Kit@Harbour-Museum.example",
        name: "Kit Cashier",
        role: "box_office",
        refund_limit: 5000,
      },
    });
    expect(invited.status).toBe(201);
    const again = await call("POST", `/admin/staff?_seller=${HM}`, {
      cookie: admin.cookie,
      body: { email: "kit@harbour-museum.example", name: "Kit", role: "gate" },
    });
    expect([again.status, code(again)]).toEqual([409, "staff_exists"]);

    const [mail] = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "staff_setup"), eq(s.outbox.toAddress, "kit@harbour-museum.example")));
    const token = /\/harbour-museum\/admin\/setup\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const whom = await call("GET", `/admin/setup?token=${token}`);
    expect((whom.body.staff_account as { _data: { name: string }[] })._data[0]?.name).toBe("Kit Cashier");
    expect(
      (await call("POST", "/admin/setup", { body: { token, password: "Till-and-drawer-9" } })).status,
    ).toBe(204);
    const reused = await call("POST", "/admin/setup", { body: { token, password: "Another-one-9" } });
    expect([reused.status, code(reused)]).toEqual([410, "staff_setup_link_invalid"]);
    const kit = await login("kit@harbour-museum.example", "Till-and-drawer-9");
    expect(kit.status).toBe(200);

    const audit = await call("GET", `/admin/audit?_seller=${HM}`, { cookie: admin.cookie });
    const entries = (audit.body.audit_log as { _data: { action: string; actor_name: string }[] })._data;
    expect(entries[0]).toMatchObject({ action: "staff.invite", actor_name: "Alex Admin" });
  });
});

describe("the second factor", () => {
  it("set up with an authenticator code; the next login owes a code; a recovery code works once", async () => {
    const email = demoStaffEmail("riverside-zoo", "admin");
    const first = await login(email, DEMO_STAFF_PASSWORD, "riverside-zoo");
    const setup = await call("POST", "/admin/second_factor/setup", { cookie: first.cookie });
    const { secret, uri } = (setup.body.totp as { _data: { secret: string; uri: string }[] })._data[0] ?? {
      secret: "",
      uri: "",
    };
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Riverside%20Zoo%20back%20office:admin%40riverside-zoo\.example\?/,
    );
    const wrong = await call("POST", "/admin/second_factor/confirm", {
      cookie: first.cookie,
      body: { code: "000000" },
    });
    expect(code(wrong)).toBe("staff_second_factor_failed");
    const confirmed = await call("POST", "/admin/second_factor/confirm", {
      cookie: first.cookie,
      body: { code: totpCodeAt(secret, api.clock.now()) },
    });
    const recovery = (confirmed.body.recovery_code as { _data: string[] })._data;
    expect(recovery).toHaveLength(10);
    expect(recovery[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const next = await login(email, DEMO_STAFF_PASSWORD, "riverside-zoo");
    expect(state(next)).toBe("second_factor");
    const blocked = await call("GET", "/admin/staff", { cookie: next.cookie });
    expect([blocked.status, code(blocked)]).toEqual([401, "staff_second_factor_required"]);
    api.clock.advance(60_000);
    const done = await call("POST", "/admin/login/second_factor", {
      cookie: next.cookie,
      body: { code: totpCodeAt(secret, api.clock.now()) },
    });
    expect(state(done)).toBe("active");
    expect((await call("GET", "/admin/staff", { cookie: next.cookie })).status).toBe(200);

    const third = await login(email, DEMO_STAFF_PASSWORD, "riverside-zoo");
    const byRecovery = await call("POST", "/admin/login/second_factor", {
      cookie: third.cookie,
      body: { code: recovery[0] },
    });
    expect(state(byRecovery)).toBe("active");
    const fourth = await login(email, DEMO_STAFF_PASSWORD, "riverside-zoo");
    const reused = await call("POST", "/admin/login/second_factor", {
      cookie: fourth.cookie,
      body: { code: recovery[0] },
    });
    expect(code(reused)).toBe("staff_second_factor_failed");
  });

  it("'required for admin and box office in production mode': they must set it up first; a gate need not", async () => {
    const db = api.handle.db;
    const production = { FOYER_MODE: "production" } as NodeJS.ProcessEnv;
    const now = api.clock.now();
    const box = await staffLogin(
      db,
      HM,
      { email: demoStaffEmail(HM, "box_office"), password: DEMO_STAFF_PASSWORD },
      "10.0.0.1",
      now,
      production,
    );
    expect(box.state).toBe("setup_second_factor");
    const gate = await staffLogin(
      db,
      HM,
      { email: demoStaffEmail(HM, "gate"), password: DEMO_STAFF_PASSWORD },
      "10.0.0.1",
      now,
      production,
    );
    expect(gate.state).toBe("active");
    const demo = await staffLogin(
      db,
      HM,
      { email: demoStaffEmail(HM, "box_office"), password: DEMO_STAFF_PASSWORD },
      "10.0.0.1",
      now,
      {},
    );
    expect(demo.state).toBe("active");
  });
});

describe("API keys", () => {
  it("an admin creates a key shown once, stored hashed; it calls the admin API with its role until revoked", async () => {
    const admin = await login(demoStaffEmail(HM, "admin"));
    const made = await call("POST", `/admin/api_keys?_seller=${HM}`, {
      cookie: admin.cookie,
      body: { name: "Box office kiosk", role: "viewer" },
    });
    expect(made.status).toBe(201);
    const item = (made.body.api_key as { _data: { id: string; key: string; prefix: string }[] })._data[0];
    expect(item?.key).toMatch(/^foyer_[a-z0-9]{10}_/);
    const [row] = await api.handle.db
      .select()
      .from(s.apiKey)
      .where(eq(s.apiKey.id, item?.id ?? ""));
    expect(row?.keyHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(item?.key ?? "-");

    const asViewer = await call("GET", `/admin/staff?_seller=${HM}`, { bearer: item?.key });
    expect([asViewer.status, code(asViewer)]).toEqual([403, "forbidden_for_role"]);
    const otherTenant = await call("GET", "/admin/me?_seller=riverside-zoo", { bearer: item?.key });
    expect(otherTenant.status).toBe(401);
    const revoked = await call("DELETE", `/admin/api_keys/${item?.id}?_seller=${HM}`, {
      cookie: admin.cookie,
    });
    expect(revoked.status).toBe(204);
    const after = await call("GET", `/admin/staff?_seller=${HM}`, { bearer: item?.key });
    expect([after.status, code(after)]).toEqual([401, "api_key_invalid"]);
    expect((await staffByEmail(api.handle.db, HM, demoStaffEmail(HM, "admin")))?.role).toBe("admin");
  });
});
