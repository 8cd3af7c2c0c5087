/**
 * "A request on such a host needs no `_seller`" (the original API names
 * the seller by host name), never another tenant's data there; and "Mail links use the tenant's host
 * when it has one" (DESIGN §5: "Mail links are built only from configured origins (`PUBLIC_URL`, a
 * tenant's host names), never from a request header"). Harbour Museum lists
 * tickets.harbour-museum.example in its tenant file; Riverside Zoo lists none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { call, HM, RZ } from "../auth-helpers.ts";

const api = withTestApi();
const HOST = "tickets.harbour-museum.example";

type EventRow = { id: string; seller_id?: string };
const eventIds = (body: Record<string, unknown>) =>
  ((body.event_template as { _data?: EventRow[] } | undefined)?._data ?? []).map((e) => e.id).sort();

async function mails() {
  return api.handle.db.select().from(s.outbox);
}
const linksOf = (mail: { text: string; html: string | null }) =>
  [...`${mail.text}\n${mail.html ?? ""}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

beforeEach(async () => {
  api.clock.advance(16 * 60 * 1000); // fresh rate-limit windows
  await api.handle.db.delete(s.outbox);
  vi.stubEnv("FOYER_MODE", "demo");
  vi.stubEnv("PUBLIC_URL", "");
  vi.stubEnv("PORT", "4611");
  vi.stubEnv("HOST", "127.0.0.1");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("'a request on such a host needs no _seller'", () => {
  it("events/available on the tenant host answers the tenant's events, as `_seller=harbour-museum` does on the shared host", async () => {
    const onHost = await call(api, "GET", `http://${HOST}/api/events/available`);
    const shared = await call(api, "GET", "http://127.0.0.1/api/events/available?_seller=harbour-museum");
    expect(onHost.status).toBe(200);
    expect(eventIds(onHost.body).length).toBeGreaterThan(0);
    expect(eventIds(onHost.body)).toEqual(eventIds(shared.body));
    // Without a tenant host, `_seller` stays required.
    expect((await call(api, "GET", "http://127.0.0.1/api/events/available")).status).toBe(400);
  });

  it("the host name is matched without its port and case; /cached_api too", async () => {
    const res = await call(
      api,
      "GET",
      `http://Tickets.Harbour-Museum.Example:4611/cached_api/events/available`,
    );
    expect(res.status).toBe(200);
    expect(eventIds(res.body).length).toBeGreaterThan(0);
  });

  it("a write needs no _seller either (login on the tenant host sets the session)", async () => {
    const res = await call(api, "POST", `http://${HOST}/api/login`, {
      username: HM.user.email,
      password: HM.user.password,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie") ?? "").toContain("foyer_session=");
  });

  it("'never cross-tenant data': a _seller naming another tenant on the tenant host is 404", async () => {
    const other = await call(api, "GET", `http://${HOST}/api/events/available?_seller=riverside-zoo`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).toContain("Resource seller not found.");
    const login = await call(api, "POST", `http://${HOST}/api/login?_seller=riverside-zoo`, {
      username: RZ.user.email,
      password: RZ.user.password,
    });
    expect(login.status).toBe(404);
    expect(login.headers.get("set-cookie")).toBeNull();
    // The tenant's own slug is fine.
    expect(
      (await call(api, "GET", `http://${HOST}/api/events/available?_seller=harbour-museum`)).status,
    ).toBe(200);
  });

  it("another tenant's event by id is not found on the tenant host", async () => {
    const zoo = await call(api, "GET", "http://127.0.0.1/api/events/available?_seller=riverside-zoo");
    const [zooEvent] = eventIds(zoo.body);
    expect(zooEvent).toBeDefined();
    const res = await call(api, "GET", `http://${HOST}/api/events/${zooEvent}`);
    expect(res.status).toBe(404);
  });
});

describe("'mail links use the tenant's host when it has one'", () => {
  it("with PUBLIC_URL set: the tenant host at `/`, even when the request's Host names something else", async () => {
    vi.stubEnv("PUBLIC_URL", "https://foyer.example");
    const res = await call(
      api,
      "POST",
      "http://evil.example/api/password_reset/request?_seller=harbour-museum",
      { email: HM.user.email },
      { headers: { host: "evil.example", "x-forwarded-host": "evil.example" } },
    );
    expect(res.status).toBe(204);
    const links = (await mails()).flatMap(linksOf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toMatch(/^https:\/\/tickets\.harbour-museum\.example\/user\/reset-password\?token=/);
    }
  });

  it("a tenant without host names keeps PUBLIC_URL under /{seller}", async () => {
    vi.stubEnv("PUBLIC_URL", "https://foyer.example");
    await call(
      api,
      "POST",
      `http://${HOST}/api/password_reset/request?_seller=riverside-zoo`,
      { email: RZ.user.email },
      { headers: { host: HOST } },
    );
    // Riverside Zoo on Harbour's host: refused, nothing mailed.
    expect(await mails()).toHaveLength(0);
    await call(api, "POST", "http://evil.example/api/password_reset/request?_seller=riverside-zoo", {
      email: RZ.user.email,
    });
    const links = (await mails()).flatMap(linksOf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link).toMatch(/^https:\/\/foyer\.example\/riverside-zoo\/user\/reset-password\?/);
  });

  it("in the demo (nothing configured): a request on the tenant host gets links there, with the server's port; any other Host the loopback origin", async () => {
    await call(api, "POST", `http://${HOST}:4611/api/password_reset/request`, { email: HM.user.email });
    const [onHost] = (await mails()).flatMap(linksOf);
    expect(onHost).toMatch(/^http:\/\/tickets\.harbour-museum\.example:4611\/user\/reset-password\?token=/);

    await api.handle.db.delete(s.outbox);
    api.clock.advance(16 * 60 * 1000);
    await call(api, "POST", "http://evil.example/api/password_reset/request?_seller=harbour-museum", {
      email: HM.user.email,
    });
    const links = (await mails()).flatMap(linksOf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4611\/harbour-museum\//);
  });
});
