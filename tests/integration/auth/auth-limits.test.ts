/**
 * Account limits that keep brute force out without handing a stranger a lockout ("10
 * wrong passwords lock the real owner out for 15 minutes. Keep brute force out without handing a
 * stranger a way to lock anyone out (for example per account and address together, with the reset
 * and passcode routes still open to the owner)" and "The reset-token validate and reset routes have
 * no rate limit"). Numbers: services/auth/limits.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { requestOtpAnswer } from "../../../src/lib/api/auth/schemas.ts";
import { AUTH_LIMITS } from "../../../src/lib/server/services/auth/limits.ts";
import { withTestApi } from "../../helpers/api.ts";
import { type Answer, errorOf } from "../../helpers/cart.ts";
import { call, freshAddress, HM, latestPasscode, latestResetToken, mailsTo } from "../auth-helpers.ts";

const api = withTestApi();
const q = "?_seller=harbour-museum";

beforeEach(() => {
  api.clock.advance(16 * 60 * 1000); // a fresh rate-limit window per test
});

const login = (address: string, password: string) =>
  call(api, "POST", `/api/login${q}`, { username: HM.user.email, password }, { address });

const memberLogin = (address: string, zip: string) =>
  call(
    api,
    "POST",
    `/api/login${q}`,
    { credential_type: "scan_code", scan_code: HM.members[0].scanCode, zip_code: zip },
    { address },
  );

function expectRateLimited(answer: Answer, maxSeconds: number): number {
  expect(answer.status).toBe(429);
  expect(errorOf(answer)).toMatchObject({ _code: "rate_limited", _context: "rate_limit" });
  const wait = Number(answer.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(errorOf(answer)._extra).toEqual({ retry_after: wait });
  return wait;
}

const account = (call: keyof typeof AUTH_LIMITS) => {
  const rules = AUTH_LIMITS[call].account;
  if (!rules) throw new Error(`${call} has no account limits`);
  return rules;
};

describe("'Keep brute force out without handing a stranger a way to lock anyone out'", () => {
  it("regression: 10 wrong passwords from a stranger locked the real owner out for 15 minutes", async () => {
    const stranger = freshAddress();
    const { limit } = account("login").accountAddress;
    for (let i = 0; i < limit; i++) expect((await login(stranger, "Wrong-pass-1")).status).toBe(401);
    expectRateLimited(await login(stranger, "Wrong-pass-1"), 15 * 60);
    // The stranger is stopped; the owner, from their own address, logs in.
    expect((await login(freshAddress(), HM.user.password)).status).toBe(200);
  });

  it("guessing spread over many addresses: past the account's ceiling an address that tried 3 times is refused, the owner's first try is served", async () => {
    const rules = account("login");
    expect(rules.account.limit).toBe(100);
    // Member-ID login shares the login limits and costs no password hash, so the test stays quick.
    const guessers = Array.from(
      { length: Math.ceil(rules.account.limit / rules.underAttack) + 1 },
      freshAddress,
    );
    for (const address of guessers) {
      for (let i = 0; i < rules.underAttack; i++) {
        expect((await memberLogin(address, `9999${i}`)).status).toBe(401);
      }
    }
    const wait = expectRateLimited(await memberLogin(guessers[0] ?? "", "99990"), 15 * 60);
    // Below the ceiling a guesser had 10 tries per address; under attack it has 3.
    expect(rules.accountAddress.limit).toBeGreaterThan(rules.underAttack);
    // The owner, with the right ZIP code and a wrong one first, is still served.
    const owner = freshAddress();
    expect((await memberLogin(owner, "00000")).status).toBe(401);
    expect((await memberLogin(owner, HM.members[0].zipCode ?? "")).status).toBe(200);
    // The window over, the guesser may try again: it was slowed, never the owner.
    api.clock.advance(wait * 1000);
    expect((await memberLogin(guessers[0] ?? "", "99990")).status).toBe(401);
  });

  it("the passcode and reset routes stay open to the owner after a stranger used up their own share", async () => {
    const stranger = freshAddress();
    for (const [path, limited] of [
      ["/api/login/request_otp", "request_otp"],
      ["/api/password_reset/request", "password_reset"],
    ] as const) {
      const { limit } = account(limited).accountAddress;
      for (let i = 0; i < limit; i++)
        await call(api, "POST", `${path}${q}`, { email: HM.user.email }, { address: stranger });
      expectRateLimited(
        await call(api, "POST", `${path}${q}`, { email: HM.user.email }, { address: stranger }),
        15 * 60,
      );
    }
    const owner = freshAddress();
    api.clock.advance(1000); // the owner's mail is the newest one
    const otp = await call(
      api,
      "POST",
      `/api/login/request_otp${q}`,
      { email: HM.user.email },
      { address: owner },
    );
    expect(otp.status).toBe(200);
    const token = requestOtpAnswer.parse(otp.body).token;
    const code = await latestPasscode(api, HM.user.email);
    const verified = await call(
      api,
      "POST",
      `/api/login/verify_otp${q}`,
      { token, otp: code },
      { address: owner },
    );
    expect(verified.status).toBe(200);
    const before = (await mailsTo(api, HM.user.email, "password_reset")).length;
    const reset = await call(
      api,
      "POST",
      `/api/password_reset/request${q}`,
      { email: HM.user.email },
      { address: owner },
    );
    expect(reset.status).toBe(204);
    expect((await mailsTo(api, HM.user.email, "password_reset")).length).toBe(before + 1);
  });

  it("passcode mails for one account from many addresses: past the ceiling each address gets 2, so mail floods stay small", async () => {
    const rules = account("request_otp");
    const email = "flooded@harbour-museum.example";
    for (let i = 0; i < rules.account.limit; i++) {
      expect(
        (await call(api, "POST", `/api/login/request_otp${q}`, { email }, { address: freshAddress() }))
          .status,
      ).toBe(200);
    }
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= rules.underAttack; i++) {
      statuses.push((await call(api, "POST", `/api/login/request_otp${q}`, { email }, { address })).status);
    }
    expect(statuses).toEqual([...Array(rules.underAttack).fill(200), 429]);
  });
});

describe("'The reset-token validate and reset routes have no rate limit'", () => {
  it("password_reset/validate: the 31st try in 15 minutes from one address is 429; another address is served", async () => {
    const address = freshAddress();
    const validate = (token: string, from = address) =>
      call(api, "POST", `/api/password_reset/validate${q}`, { token }, { address: from });
    const { limit } = AUTH_LIMITS.reset_validate.address;
    expect(limit).toBe(30);
    for (let i = 0; i < limit; i++) expect((await validate(`guess-token-${i}-of-a-script`)).status).toBe(404);
    const wait = expectRateLimited(await validate("guess-token-x-of-a-script"), 15 * 60);
    expect((await validate("guess-token-x-of-a-script", freshAddress())).status).toBe(404);
    api.clock.advance(wait * 1000);
    expect((await validate("guess-token-y-of-a-script")).status).toBe(404);
  });

  it("password_reset/reset: the 11th try in 15 minutes from one address is 429, even with a real token", async () => {
    const address = freshAddress();
    const { limit } = AUTH_LIMITS.reset.address;
    expect(limit).toBe(10);
    for (let i = 0; i < limit; i++) {
      const r = await call(
        api,
        "POST",
        `/api/password_reset/reset${q}`,
        { token: `guess-token-${i}-of-a-script`, password: "New-pass-2026" },
        { address },
      );
      expect(r.status).toBe(404);
    }
    await call(api, "POST", `/api/password_reset/request${q}`, { email: HM.user.email });
    const token = await latestResetToken(api, HM.user.email);
    const body = { token, password: HM.user.password };
    expectRateLimited(await call(api, "POST", `/api/password_reset/reset${q}`, body, { address }), 15 * 60);
    // The owner's own browser is another address: the link works there.
    expect((await call(api, "POST", `/api/password_reset/reset${q}`, body)).status).toBe(204);
  });
});
