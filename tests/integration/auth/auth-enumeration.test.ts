/**
 * "no route says whether an e-mail is registered", and "Login attempts and passcode
 * requests are rate limited per account and per address. Going past the limit gives a clear error
 * and never shows whether the account exists". Logs never hold e-mails, passwords or passcodes.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { requestOtpAnswer } from "../../../src/lib/api/auth/schemas.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { AUTH_LIMITS } from "../../../src/lib/server/services/auth/limits.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, freshAddress, HM, latestPasscode } from "../auth-helpers.ts";

/** The spec's texts (spec 1 §8, spec 2 §8), as the API's _description gives them. */
const TEXT = {
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

const api = withTestApi();
const q = "?_seller=harbour-museum";
const UNKNOWN = "unknown.person@harbour-museum.example";

beforeEach(() => {
  api.clock.advance(16 * 60 * 1000); // a fresh rate-limit window per test
});

describe("no route says whether an e-mail is registered", () => {
  it("login: a wrong password and an unknown e-mail give the same status and body", async () => {
    const known = await call(api, "POST", `/api/login${q}`, {
      username: HM.user.email,
      password: "Wrong-pass-1",
    });
    const unknown = await call(api, "POST", `/api/login${q}`, {
      username: UNKNOWN,
      password: "Wrong-pass-1",
    });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it("request_otp: both answer 200 with a token of the same form", async () => {
    const known = await call(api, "POST", `/api/login/request_otp${q}`, { email: HM.user.email });
    const unknown = await call(api, "POST", `/api/login/request_otp${q}`, { email: UNKNOWN });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const a = requestOtpAnswer.parse(known.body).token;
    const b = requestOtpAnswer.parse(unknown.body).token;
    expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
    expect(b.length).toBe(a.length);
  });

  it("password_reset/request and forgot-membership (resend memberships_only): 204 and no body either way", async () => {
    for (const [path, extra] of [
      ["/api/password_reset/request", {}],
      ["/api/ticket_order/resend", { memberships_only: true }],
    ] as const) {
      const known = await call(api, "POST", `${path}${q}`, { email: HM.user.email, ...extra });
      const unknown = await call(api, "POST", `${path}${q}`, { email: UNKNOWN, ...extra });
      expect([known.status, unknown.status]).toEqual([204, 204]);
      expect(unknown.body).toEqual(known.body);
    }
  });
});

describe("rate limits", () => {
  const rules = (call: keyof typeof AUTH_LIMITS) => {
    const account = AUTH_LIMITS[call].account;
    if (!account) throw new Error(`${call} has no account limits`);
    return account;
  };

  it("login per account and address: past the limit 429 rate_limited with Retry-After, the same for a known and an unknown e-mail", async () => {
    const limit = rules("login").accountAddress.limit;
    const address = freshAddress();
    const last: Record<string, Awaited<ReturnType<typeof call>>> = {};
    for (const email of [HM.user.email, UNKNOWN]) {
      for (let i = 0; i <= limit; i++) {
        last[email] = await call(
          api,
          "POST",
          `/api/login${q}`,
          { username: email, password: "Wrong-pass-1" },
          { address },
        );
      }
    }
    const known = last[HM.user.email];
    const unknown = last[UNKNOWN];
    expect(known?.status).toBe(429);
    expect(errorOf(known ?? { status: 0, headers: new Headers(), body: {} })).toMatchObject({
      _code: "rate_limited",
      _description: TEXT.rateLimited,
    });
    expect(known?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(unknown?.status).toBe(429);
    expect(unknown?.body).toEqual(known?.body);
    expect(unknown?.headers.get("retry-after")).toBe(known?.headers.get("retry-after"));
    // Even the right password is refused from this address while it is limited.
    const right = await call(
      api,
      "POST",
      `/api/login${q}`,
      { username: HM.user.email, password: HM.user.password },
      { address },
    );
    expect(right.status).toBe(429);
  });

  it("login per address: past the limit one address is refused whatever the account", async () => {
    const address = freshAddress();
    const limit = AUTH_LIMITS.login.address.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const r = await call(
        api,
        "POST",
        `/api/login${q}`,
        { username: `p${i}@example.test`, password: "x" },
        { address },
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, limit).every((st) => st === 401)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const elsewhere = await call(api, "POST", `/api/login${q}`, {
      username: "p0@example.test",
      password: "x",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("a successful login clears this address's login counter for the account", async () => {
    const limit = rules("login").accountAddress.limit;
    const address = freshAddress();
    const wrong = () =>
      call(api, "POST", `/api/login${q}`, { username: HM.user.email, password: "Wrong-pass-1" }, { address });
    for (let i = 0; i < limit - 1; i++) await wrong();
    const ok = await call(
      api,
      "POST",
      `/api/login${q}`,
      { username: HM.user.email, password: HM.user.password },
      { address },
    );
    expect(ok.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await wrong()).status);
    expect(new Set(statuses)).toEqual(new Set([401]));
  });

  it("request_otp per account and address: the 6th request in 15 minutes is 429, identical for known and unknown e-mails", async () => {
    const limit = rules("request_otp").accountAddress.limit;
    const bodies: unknown[] = [];
    for (const email of [HM.user.email, UNKNOWN]) {
      const address = freshAddress();
      let r = await call(api, "POST", `/api/login/request_otp${q}`, { email }, { address });
      for (let i = 0; i < limit; i++) {
        r = await call(api, "POST", `/api/login/request_otp${q}`, { email }, { address });
      }
      expect(r.status).toBe(429);
      bodies.push(r.body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("password_reset/request and resend are limited per account and address too", async () => {
    for (const [path, limited, body] of [
      ["/api/password_reset/request", "password_reset", { email: UNKNOWN }],
      ["/api/ticket_order/resend", "resend", { email: UNKNOWN, memberships_only: true }],
    ] as const) {
      const limit = rules(limited).accountAddress.limit;
      const address = freshAddress();
      let status = 0;
      for (let i = 0; i <= limit; i++)
        status = (await call(api, "POST", `${path}${q}`, body, { address })).status;
      expect(status).toBe(429);
    }
  });
});

describe("logs", () => {
  it("never contain the e-mail, the password or the passcode", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      }),
    );
    // The server's logger (pino JSON lines), at its most verbose level.
    const restoreLogger = captureLogLines((line) => lines.push(line), "trace");
    try {
      const email = "secret.person@example.test";
      const password = "Very-Secret-2026";
      await call(api, "POST", `/api/user${q}`, { first_name: "Sec", last_name: "Ret", email, password });
      await call(api, "POST", `/api/login${q}`, { username: email, password: "Wrong-Secret-1" });
      await call(api, "POST", `/api/login${q}`, { username: email, password });
      const otp = await call(api, "POST", `/api/login/request_otp${q}`, { email });
      const code = await latestPasscode(api, email);
      await call(api, "POST", `/api/login/verify_otp${q}`, {
        token: requestOtpAnswer.parse(otp.body).token,
        otp: code,
      });
      await call(api, "POST", `/api/password_reset/request${q}`, { email });
      await call(api, "POST", `/api/login${q}`, "{not json" as unknown);
      const all = lines.join("\n");
      for (const secret of [email, password, "Wrong-Secret-1", code]) expect(all).not.toContain(secret);
    } finally {
      restoreLogger();
      for (const spy of spies) spy.mockRestore();
    }
  });
});
