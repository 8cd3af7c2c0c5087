/**
 * External login with OpenID Connect (spec 2 §2 login
 * callback path, §8 external login texts), driven over HTTP against a real `oidc-provider` on
 * 127.0.0.1 (tests/helpers/oidc-provider.ts): the Foyer API served on a port, the provider's login
 * and consent forms submitted like a browser, and the provider's redirect handed to the callback
 * call as the /{seller}/login/callback page does. Harbour Museum gets the provider through a copied
 * CONTENT_DIR; Riverside Zoo has none.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { externalLoginAnswer } from "../../../src/lib/api/auth/external-login-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { externalLoginSetup } from "../../../src/lib/server/services/external-login/config.ts";
import { forgetProvidersForTests } from "../../../src/lib/server/services/external-login/provider.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import { upcomingSession } from "../../helpers/cart.ts";
import { serveApp } from "../../helpers/http-server.ts";
import {
  CookieJar,
  loginAtProvider,
  startOidcProvider,
  type TestProvider,
} from "../../helpers/oidc-provider.ts";

const HM = "harbour-museum";
const CLIENT_ID = "foyer-harbour";
const SECRET = "test-client-secret-0123456789";
const DEMO_EMAIL = "demo@harbour-museum.example";

const content = mkdtempSync(join(tmpdir(), "foyer-oidc-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", `${HM}.json`);
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { web: Record<string, unknown> };
harbour.web.external_login = {
  label: "Harbour ID",
  issuer_env: "FOYER_TEST_OIDC_ISSUER",
  client_id: CLIENT_ID,
  client_secret_env: "FOYER_TEST_OIDC_SECRET",
};
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();
let foyer: { url: string; close(): Promise<void> };
let provider: TestProvider;
const logLines: string[] = [];
let stopCapture: () => void = () => undefined;

beforeAll(async () => {
  foyer = await serveApp(api.app);
  provider = await startOidcProvider({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: SECRET,
        redirect_uris: [`${foyer.url}/${HM}/login/callback`],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    accounts: {
      newcomer: {
        email: "newcomer@example.test",
        email_verified: true,
        given_name: "Nia",
        family_name: "New",
      },
      demo: { email: DEMO_EMAIL.toUpperCase(), email_verified: true },
      unverified: { email: "unverified@example.test", email_verified: false },
      mover: { email: "mover@example.test", email_verified: "true", name: "Mo Ver" },
    },
  });
  vi.stubEnv("FOYER_TEST_OIDC_ISSUER", provider.issuer);
  vi.stubEnv("FOYER_TEST_OIDC_SECRET", SECRET);
  stopCapture = captureLogLines((line) => logLines.push(line));
});

afterAll(async () => {
  stopCapture();
  vi.unstubAllEnvs();
  await provider?.close();
  await foyer?.close();
  rmSync(content, { recursive: true, force: true });
});

interface Browser {
  jar: CookieJar;
}

const newBrowser = (): Browser => ({ jar: new CookieJar() });

async function foyerGet(browser: Browser, path: string): Promise<Response> {
  const cookie = browser.jar.header();
  const res = await fetch(`${foyer.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
  browser.jar.take(res);
  return res;
}

/** GET login/external/start: the provider's authorization URL. */
async function start(browser: Browser, query: Record<string, string> = {}): Promise<URL> {
  const params = new URLSearchParams({ _seller: HM, ...query });
  const res = await foyerGet(browser, `/api/login/external/start?${params}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

/** What the callback page does: the provider's query, plus _seller, to login/external/callback. */
async function callback(browser: Browser, landing: URL) {
  expect(landing.pathname).toBe(`/${HM}/login/callback`);
  const params = new URLSearchParams(landing.search);
  params.set("_seller", HM);
  const res = await foyerGet(browser, `/api/login/external/callback?${params}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function fullLogin(browser: Browser, accountId: string, query: Record<string, string> = {}) {
  const landing = await loginAtProvider((await start(browser, query)).href, accountId);
  return { landing, answer: await callback(browser, landing) };
}

const errorCode = (body: Record<string, unknown>) => (body._data as { _code: string }[])[0]?._code;
const errorExtra = (body: Record<string, unknown>) =>
  (body._data as { _extra: Record<string, unknown> }[])[0]?._extra ?? {};

async function myUser(browser: Browser) {
  const res = await foyerGet(browser, `/api/my/user?_seller=${HM}`);
  return {
    status: res.status,
    body: (await res.json()) as { identity?: { _data: { id: string; email: string }[] } },
  };
}

async function identityIdByEmail(email: string): Promise<string | undefined> {
  const [row] = await api.handle.db
    .select({ id: s.identity.id })
    .from(s.identity)
    .where(and(eq(s.identity.sellerId, HM), sql`lower(${s.identity.email}) = lower(${email})`));
  return row?.id;
}

describe("external login with OpenID Connect (Authorization Code + PKCE, state and nonce)", () => {
  it("'Use standard OpenID Connect with PKCE': the start sends the browser to the provider with S256, state and nonce, and binds it with an HttpOnly cookie", async () => {
    const browser = newBrowser();
    const res = await foyerGet(browser, `/api/login/external/start?_seller=${HM}&return=/${HM}/my`);
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const url = new URL(res.headers.get("location") ?? "");
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe(`${foyer.url}/${HM}/login/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("foyer_oidc="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("a new visitor: 'Link to an existing identity by verified e-mail', else a new user identity is created and logged in", async () => {
    const browser = newBrowser();
    const { answer } = await fullLogin(browser, "newcomer", { return: `/${HM}/my` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = externalLoginAnswer.parse(answer.body);
    expect(parsed.redirect).toBe(`/${HM}/my`);
    const identity = parsed.identity._data[0];
    expect(identity?.email).toBe("newcomer@example.test");
    expect(identity?.kind).toBe("user");
    expect(identity?.first_name).toBe("Nia");
    expect(identity?.last_name).toBe("New");
    expect(browser.jar.cookies.has("foyer_session")).toBe(true);
    const me = await myUser(browser);
    expect(me.status).toBe(200);
    expect(me.body.identity?._data[0]?.id).toBe(identity?.id);
    const links = await api.handle.db
      .select()
      .from(s.externalIdentityLink)
      .where(eq(s.externalIdentityLink.identityId, identity?.id ?? ""));
    expect(links).toEqual([
      expect.objectContaining({ sellerId: HM, issuer: provider.issuer, subject: "newcomer" }),
    ]);
  });

  it("an existing password account is linked by its verified e-mail, case-insensitively: the same identity id", async () => {
    const demoId = await identityIdByEmail(DEMO_EMAIL);
    expect(demoId).toBeDefined();
    const browser = newBrowser();
    const { answer } = await fullLogin(browser, "demo");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(externalLoginAnswer.parse(answer.body).identity._data[0]?.id).toBe(demoId);
    expect((await myUser(browser)).body.identity?._data[0]?.id).toBe(demoId);
  });

  it("the link is kept by issuer and subject: after an e-mail change at the provider the same account logs in", async () => {
    const first = await fullLogin(newBrowser(), "mover");
    expect(first.answer.status).toBe(200);
    const id = externalLoginAnswer.parse(first.answer.body).identity._data[0]?.id;
    expect(externalLoginAnswer.parse(first.answer.body).identity._data[0]?.first_name).toBe("Mo");
    provider.accounts.set("mover", { email: "moved@example.test", email_verified: true });
    const again = await fullLogin(newBrowser(), "mover");
    expect(again.answer.status).toBe(200);
    expect(externalLoginAnswer.parse(again.answer.body).identity._data[0]?.id).toBe(id);
    expect(await identityIdByEmail("moved@example.test")).toBeUndefined();
  });

  it("an unverified e-mail is refused (403 email_not_verified): no session, no identity", async () => {
    const browser = newBrowser();
    const { answer } = await fullLogin(browser, "unverified");
    expect(answer.status).toBe(403);
    expect(errorCode(answer.body)).toBe("email_not_verified");
    expect(browser.jar.cookies.has("foyer_session")).toBe(false);
    expect(await identityIdByEmail("unverified@example.test")).toBeUndefined();
  });

  it("'An Invalid state error navigates forward': a replayed callback, a forged state and another browser's state are refused", async () => {
    const browser = newBrowser();
    const { landing, answer } = await fullLogin(browser, "newcomer", { return: `/${HM}/my/orders` });
    expect(answer.status).toBe(200);

    // The same callback again in the same browser (the back button): forward to where it went.
    const replay = await callback(browser, landing);
    expect(replay.status).toBe(400);
    expect(errorCode(replay.body)).toBe("invalid_state");
    expect(errorExtra(replay.body).redirect).toBe(`/${HM}/my/orders`);

    // A forged state: forward to the events page, nothing logged in.
    const stranger = newBrowser();
    await start(stranger);
    const forged = new URL(landing);
    forged.searchParams.set("state", "forged-state-value-0123456789");
    const refused = await callback(stranger, forged);
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe("invalid_state");
    expect(errorExtra(refused.body).redirect).toBe(`/${HM}/events`);
    expect(stranger.jar.cookies.has("foyer_session")).toBe(false);

    // Login CSRF: a victim's browser handed the attacker's fresh callback is refused, and the
    // attacker's own browser can still use it.
    const attacker = newBrowser();
    const attackerLanding = await loginAtProvider((await start(attacker)).href, "newcomer");
    const victim = newBrowser();
    await start(victim);
    const planted = await callback(victim, attackerLanding);
    expect(errorCode(planted.body)).toBe("invalid_state");
    expect(victim.jar.cookies.has("foyer_session")).toBe(false);
    expect((await callback(attacker, attackerLanding)).status).toBe(200);
  });

  it("'Please enable cookies and try again': a callback without the browser's flow cookie", async () => {
    const browser = newBrowser();
    const landing = await loginAtProvider((await start(browser)).href, "newcomer");
    const cookieless = newBrowser();
    const answer = await callback(cookieless, landing);
    expect(answer.status).toBe(400);
    expect(errorCode(answer.body)).toBe("cookies_required");
    expect(cookieless.jar.cookies.has("foyer_session")).toBe(false);
  });

  it("an expired attempt (10 minutes) is an invalid state", async () => {
    const browser = newBrowser();
    const landing = await loginAtProvider((await start(browser)).href, "newcomer");
    api.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const answer = await callback(browser, landing);
      expect(errorCode(answer.body)).toBe("invalid_state");
    } finally {
      api.clock.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  it("'Tenant auth error redirect wait is 5 s': a visitor who cancels at the provider gets external_login_refused, back to the login page", async () => {
    const browser = newBrowser();
    const landing = await loginAtProvider((await start(browser, { return: `/${HM}/my` })).href, "newcomer", {
      abort: true,
    });
    expect(landing.searchParams.get("error")).toBe("access_denied");
    const answer = await callback(browser, landing);
    expect(answer.status).toBe(401);
    expect(errorCode(answer.body)).toBe("external_login_refused");
    expect(errorExtra(answer.body).redirect).toBe(`/${HM}/login?redirect=${encodeURIComponent(`/${HM}/my`)}`);
    expect(browser.jar.cookies.has("foyer_session")).toBe(false);
  });

  it("the return path cannot redirect off-site: anything but a path of the seller goes to its events page", async () => {
    const browser = newBrowser();
    const { answer } = await fullLogin(browser, "newcomer", { return: "https://evil.example/steal" });
    expect(answer.status).toBe(200);
    expect(externalLoginAnswer.parse(answer.body).redirect).toBe(`/${HM}/events`);
    for (const bad of ["//evil.example", "/\\evil.example", `/${HM}.evil.example`, `/riverside-zoo/my`]) {
      const state = (await start(newBrowser(), { return: bad })).searchParams.get("state") ?? "";
      const [flow] = await api.handle.db
        .select({ returnPath: s.externalLoginFlow.returnPath })
        .from(s.externalLoginFlow)
        .where(
          eq(
            s.externalLoginFlow.stateHash,
            (await import("node:crypto")).createHash("sha256").update(state).digest("hex"),
          ),
        );
      expect(flow?.returnPath, bad).toBe(`/${HM}/events`);
    }
  });

  it("the visitor's cart is handed to the user at the login, as with a password login", async () => {
    const guest = newBrowser();
    const session = await upcomingSession(api, "hm-general-admission");
    const res = await fetch(`${foyer.url}/api/my/cart/modify?_seller=${HM}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: foyer.url },
      body: JSON.stringify({
        add: [{ event_session_id: session.id, ticket_type_id: "hm-ga-adult", quantity: 1 }],
      }),
    });
    expect(res.status).toBe(200);
    const cartId = ((await res.json()) as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
    const { answer } = await fullLogin(guest, "newcomer", { cart_id: cartId });
    expect(externalLoginAnswer.parse(answer.body).cart_id).toBe(cartId);
  });

  it("no token, code or e-mail reaches the log", () => {
    const text = logLines.join("\n");
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of ["newcomer@example.test", DEMO_EMAIL, "unverified@example.test", SECRET]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    expect(text).not.toMatch(/[?&]code=/);
  });
});

describe("provider unreachable or misconfigured, and tenants without external login", () => {
  it("'Auth0 could not be initialized': an unreachable provider sends the browser back to the login page with error=external_unavailable", async () => {
    forgetProvidersForTests();
    vi.stubEnv("FOYER_TEST_OIDC_ISSUER", "http://127.0.0.1:9");
    try {
      const res = await foyerGet(newBrowser(), `/api/login/external/start?_seller=${HM}&return=/${HM}/my`);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location") ?? "", foyer.url);
      expect(location.pathname).toBe(`/${HM}/login`);
      expect(location.searchParams.get("error")).toBe("external_unavailable");
      expect(location.searchParams.get("redirect")).toBe(`/${HM}/my`);
    } finally {
      vi.stubEnv("FOYER_TEST_OIDC_ISSUER", provider.issuer);
    }
  });

  it("plain http is allowed only for a loopback issuer: http://idp.example.test is refused without a request", async () => {
    forgetProvidersForTests();
    vi.stubEnv("FOYER_TEST_OIDC_ISSUER", "http://idp.example.test");
    try {
      const res = await foyerGet(newBrowser(), `/api/login/external/start?_seller=${HM}`);
      expect(new URL(res.headers.get("location") ?? "", foyer.url).searchParams.get("error")).toBe(
        "external_unavailable",
      );
    } finally {
      vi.stubEnv("FOYER_TEST_OIDC_ISSUER", provider.issuer);
    }
  });

  it("'with nothing configured, nothing of it shows': Riverside Zoo has no button and both routes answer 404", async () => {
    expect(externalLoginSetup(getTenant("riverside-zoo"))).toBeNull();
    expect(externalLoginSetup(getTenant(HM))?.label).toBe("Harbour ID");
    const browser = newBrowser();
    const startRes = await foyerGet(browser, "/api/login/external/start?_seller=riverside-zoo");
    expect(startRes.status).toBe(404);
    const cb = await foyerGet(browser, "/api/login/external/callback?_seller=riverside-zoo&code=x&state=y");
    expect(cb.status).toBe(404);
  });

  it("an issuer_env that is unset leaves external login off (the demo tenant without its provider)", () => {
    const tenant = getTenant(HM);
    expect(externalLoginSetup(tenant, {})).toBeNull();
    expect(externalLoginSetup(tenant, { FOYER_TEST_OIDC_ISSUER: provider.issuer })?.secretMissing).toBe(true);
  });
});
