/**
 * "Mail links never follow a request header": links come from a configured origin only
 * (PUBLIC_URL, or the seam for a tenant's own host names); in the demo with nothing configured,
 * only loopback origins are used.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailLinkOrigin } from "../../../src/lib/server/config/origins.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { call, HM, RZ } from "../auth-helpers.ts";

const api = withTestApi();
const EVIL = "evil.example";
/** Every header a client or a misconfigured proxy may use to name a host. */
const forged = {
  host: EVIL,
  "x-forwarded-host": EVIL,
  "x-forwarded-proto": "https",
  forwarded: `host=${EVIL}`,
};

/** Sends every request that writes a mail with links, as a client naming evil.example as its host. */
async function requestEveryMail(origin: string, headers: Record<string, string>) {
  const hm = `${origin}/api`;
  const answers = [
    // password reset (an account with a password)
    await call(
      api,
      "POST",
      `${hm}/password_reset/request?_seller=harbour-museum`,
      { email: HM.user.email },
      { headers },
    ),
    // password setup (a guest account asking for a reset)
    await call(
      api,
      "POST",
      `${hm}/password_reset/request?_seller=harbour-museum`,
      { email: HM.guest.email },
      { headers },
    ),
    // password setup (a guest account trying to log in)
    await call(
      api,
      "POST",
      `${hm}/login?_seller=riverside-zoo`,
      { username: RZ.guest.email, password: "x" },
      { headers },
    ),
    // passcode
    await call(
      api,
      "POST",
      `${hm}/login/request_otp?_seller=harbour-museum`,
      { email: HM.user.email },
      { headers },
    ),
    // forgot membership
    await call(
      api,
      "POST",
      `${hm}/ticket_order/resend?_seller=harbour-museum`,
      { email: HM.user.email, memberships_only: true },
      { headers },
    ),
    // an order confirmation mailed again
    await call(
      api,
      "POST",
      `${hm}/ticket_order/resend?_seller=harbour-museum`,
      { email: HM.guest.email },
      { headers },
    ),
  ];
  return answers.map((a) => a.status);
}

async function allMails() {
  return api.handle.db.select().from(s.outbox);
}

/** The links in a mail's text and HTML. */
function linksOf(mail: { text: string; html: string | null }): string[] {
  return [...`${mail.text}\n${mail.html ?? ""}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}

beforeAll(async () => {
  // An order of the guest, so the resend call mails an order confirmation too.
  const now = api.clock.now();
  await api.handle.db.insert(s.cart).values({
    id: "links-cart",
    sellerId: "harbour-museum",
    cartNumber: "L-0001",
    state: "booked",
    identityId: "hm-demo-guest",
    createdAt: now,
  });
  await api.handle.db.insert(s.ticketOrder).values({
    id: "links-order",
    sellerId: "harbour-museum",
    orderNumber: "L-0001",
    identityId: "hm-demo-guest",
    cartId: "links-cart",
    state: "completed",
    guest: true,
    createdAt: now,
    total: 2500,
  });
});

beforeEach(async () => {
  api.clock.advance(16 * 60 * 1000); // fresh rate-limit windows
  await api.handle.db.delete(s.outbox);
  vi.stubEnv("FOYER_MODE", "demo");
  vi.stubEnv("PUBLIC_URL", "");
  vi.stubEnv("PORT", "4321");
  vi.stubEnv("HOST", "127.0.0.1");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("mail links never follow a request header", () => {
  it("Host: evil.example (and X-Forwarded-Host) never reaches a mail: the demo falls back to its own loopback origin", async () => {
    // Regression: POST /api/password_reset/request with Host: evil.example mailed the real user a
    // link to http://evil.example/harbour-museum/user/reset-password?token=<valid token>.
    const statuses = await requestEveryMail(`http://${EVIL}`, forged);
    expect(statuses).toEqual([204, 204, 401, 200, 204, 204]);
    const mails = await allMails();
    expect(new Set(mails.map((m) => m.kind))).toEqual(
      new Set(["password_reset", "password_setup", "passcode", "membership_ids", "resend"]),
    );
    expect(mails.filter((m) => m.kind === "password_setup")).toHaveLength(2);
    for (const mail of mails) {
      expect(JSON.stringify(mail), mail.kind).not.toContain(EVIL);
    }
    const links = mails.flatMap(linksOf);
    // reset, two setups, passcode and membership IDs carry a link each; the order confirmation none
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) expect(link.startsWith("http://127.0.0.1:4321/")).toBe(true);
  });

  it("links come only from PUBLIC_URL (or the tenant's own host name) when it is set, whatever Host the request names", async () => {
    vi.stubEnv("PUBLIC_URL", "https://tickets.harbour.example/any/path");
    await requestEveryMail(`http://${EVIL}`, forged);
    const links = (await allMails()).flatMap(linksOf);
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      // Harbour Museum lists tickets.harbour-museum.example: its links are there, at `/`.
      const expected = link.includes("/riverside-zoo/")
        ? "https://tickets.harbour.example/riverside-zoo/"
        : "https://tickets.harbour-museum.example/";
      expect(link.startsWith(expected), link).toBe(true);
    }
  });

  it("in demo mode with nothing configured, a loopback request keeps its own loopback origin", async () => {
    await call(
      api,
      "POST",
      "http://localhost:5555/api/password_reset/request?_seller=harbour-museum",
      { email: HM.user.email },
      { headers: { host: "localhost:5555" } },
    );
    const [mail] = await allMails();
    expect(linksOf(mail ?? { text: "", html: null })[0]).toMatch(
      /^http:\/\/localhost:5555\/harbour-museum\/user\/reset-password\?token=/,
    );
  });
});

describe("mailLinkOrigin: the list of configured origins", () => {
  const env = { PUBLIC_URL: "https://shop.example", PORT: "4000" };

  it("a request on a configured origin keeps it (the seam for a tenant's own host names)", () => {
    const tenantHosts = ["https://tickets.museum.example"];
    expect(mailLinkOrigin("https://tickets.museum.example/api/x", { env, extraOrigins: tenantHosts })).toBe(
      "https://tickets.museum.example",
    );
    expect(mailLinkOrigin("https://shop.example/api/x", { env, extraOrigins: tenantHosts })).toBe(
      "https://shop.example",
    );
  });

  it("a request whose Host is not on the list gets the first configured origin, not its own", () => {
    expect(mailLinkOrigin("https://evil.example/api/x", { env })).toBe("https://shop.example");
    expect(
      mailLinkOrigin("https://evil.example/api/x", { env: {}, extraOrigins: ["https://t.example"] }),
    ).toBe("https://t.example");
  });

  it("nothing configured: loopback requests keep their origin, any other Host gets http://127.0.0.1:PORT", () => {
    expect(mailLinkOrigin("http://127.0.0.1:4000/api/x", { env: { PORT: "4000" } })).toBe(
      "http://127.0.0.1:4000",
    );
    expect(mailLinkOrigin("http://[::1]:4000/api/x", { env: { PORT: "4000" } })).toBe("http://[::1]:4000");
    expect(mailLinkOrigin("http://evil.example/api/x", { env: { PORT: "4000" } })).toBe(
      "http://127.0.0.1:4000",
    );
    expect(mailLinkOrigin("http://127.0.0.1.evil.example/x", { env: {} })).toBe("http://127.0.0.1:4321");
    // An invalid PUBLIC_URL is no configured origin (the startup check refuses it anyway).
    expect(mailLinkOrigin("http://evil.example/x", { env: { PUBLIC_URL: "javascript:alert(1)" } })).toBe(
      "http://127.0.0.1:4321",
    );
  });
});
