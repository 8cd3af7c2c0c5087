/**
 * "Sessions are Secure" in production mode: the session cookie is Secure there even on
 * plain http behind a TLS-terminating proxy that says nothing; in demo mode it is Secure on https
 * (directly, or by X-Forwarded-Proto from a trusted proxy) and with COOKIE_SECURE=1.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import { call, HM } from "../auth-helpers.ts";

const api = withTestApi();
const login = (url: string, headers: Record<string, string> = {}) =>
  call(api, "POST", url, { username: HM.user.email, password: HM.user.password }, { headers });
const path = "/api/login?_seller=harbour-museum";

afterEach(() => {
  vi.unstubAllEnvs();
  api.clock.advance(16 * 60 * 1000);
});

describe("the session cookie", () => {
  it("production mode: Secure, even on plain http", async () => {
    vi.stubEnv("FOYER_MODE", "production");
    const r = await login(`http://127.0.0.1${path}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie")).toMatch(/foyer_session=[^;]+;.*Secure/);
  });

  it("demo mode on plain http: not Secure (a Secure cookie would not come back over http)", async () => {
    vi.stubEnv("FOYER_MODE", "demo");
    const r = await login(`http://127.0.0.1${path}`);
    expect(r.headers.get("set-cookie")).not.toMatch(/Secure/);
  });

  it("demo mode: Secure when a trusted proxy says https, not when an untrusted client does", async () => {
    vi.stubEnv("FOYER_MODE", "demo");
    const claimed = { "x-forwarded-proto": "https" };
    expect((await login(`http://127.0.0.1${path}`, claimed)).headers.get("set-cookie")).not.toMatch(/Secure/);
    vi.stubEnv("TRUST_PROXY_HOPS", "1");
    expect((await login(`http://127.0.0.1${path}`, claimed)).headers.get("set-cookie")).toMatch(/Secure/);
  });
});
