/**
 * Passcode login (spec 1 §5, §8; DESIGN §5): request_otp mails a 6-character code, single use,
 * 3 attempts, a 10-minute life; not_available_yet, otp_incorrect, otp_token_expired, not_authorized.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loginAnswer, requestOtpAnswer } from "../../../src/lib/api/auth/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, HM, latestPasscode, mailsTo } from "../auth-helpers.ts";

/** The spec's texts (spec 1 §8, spec 2 §8), as the API's _description gives them. */
const TEXT = {
  passcodeInvalid: "The passcode you entered is invalid.",
} as const;

const api = withTestApi();
const request = "/api/login/request_otp?_seller=harbour-museum";
const verify = "/api/login/verify_otp?_seller=harbour-museum";

async function newToken(email = HM.user.email): Promise<string> {
  api.clock.advance(1000); // so the newest mail is the last one by time
  const r = await call(api, "POST", request, { email });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return requestOtpAnswer.parse(r.body).token;
}

/** A wrong code of the right format that differs from `code`. */
const wrong = (code: string) => (code === "AAAAAA" ? "BBBBBB" : "AAAAAA");

// Each test starts in a fresh rate-limit window (request_otp allows 5 per account per 15 minutes).
beforeEach(() => {
  api.clock.advance(16 * 60 * 1000);
});
afterEach(() => {
  delete process.env.OTP_AVAILABLE_DELAY_S;
});

describe("passcode login", () => {
  it("the mail holds a 6-character code and a /{seller}/login?otp= link; the code logs in, lower case too", async () => {
    const token = await newToken();
    const [mail] = await mailsTo(api, HM.user.email, "passcode");
    const code = await latestPasscode(api, HM.user.email);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail?.text).toContain(`/harbour-museum/login?otp=${code}`);
    const r = await call(api, "POST", verify, { token, otp: code.toLowerCase() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(loginAnswer.parse(r.body).identity._data[0]?.email).toBe(HM.user.email);
    expect(r.headers.get("set-cookie")).toMatch(/foyer_session=/);
  });

  it("a passcode is single use: the second verify is not_authorized", async () => {
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    expect((await call(api, "POST", verify, { token, otp: code })).status).toBe(200);
    const again = await call(api, "POST", verify, { token, otp: code });
    expect(again.status).toBe(401);
    expect(errorOf(again)._code).toBe("not_authorized");
  });

  it("after its 10-minute life the code gives otp_token_expired", async () => {
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    api.clock.advance(10 * 60 * 1000);
    const r = await call(api, "POST", verify, { token, otp: code });
    expect(r.status).toBe(401);
    expect(errorOf(r)._code).toBe("otp_token_expired");
  });

  it("three wrong passcodes force a new code: attempts_left 2, 1, 0, then not_authorized even with the right code", async () => {
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    const lefts: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(api, "POST", verify, { token, otp: wrong(code) });
      expect(r.status).toBe(401);
      expect(errorOf(r)._code).toBe("otp_incorrect");
      expect(errorOf(r)._description).toBe(TEXT.passcodeInvalid);
      lefts.push(errorOf(r)._extra.attempts_left);
    }
    expect(lefts).toEqual([2, 1, 0]);
    const right = await call(api, "POST", verify, { token, otp: code });
    expect(right.status).toBe(401);
    expect(errorOf(right)._code).toBe("not_authorized");
    const fresh = await newToken();
    const newCode = await latestPasscode(api, HM.user.email);
    expect((await call(api, "POST", verify, { token: fresh, otp: newCode })).status).toBe(200);
  });

  it("before available_at (OTP_AVAILABLE_DELAY_S) the answer is 425 not_available_yet and no attempt is used", async () => {
    process.env.OTP_AVAILABLE_DELAY_S = "5";
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    const early = await call(api, "POST", verify, { token, otp: code });
    expect(early.status).toBe(425);
    expect(errorOf(early)._code).toBe("not_available_yet");
    api.clock.advance(5000);
    expect((await call(api, "POST", verify, { token, otp: code })).status).toBe(200);
  });

  it("an unknown e-mail gets a token like a known one, no mail, and every code is otp_incorrect", async () => {
    const email = "nobody@harbour-museum.example";
    const token = await newToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailsTo(api, email)).toHaveLength(0);
    const [row] = await api.handle.db.select().from(s.otpChallenge).where(eq(s.otpChallenge.email, email));
    expect(row?.identityId).toBeNull();
    const r = await call(api, "POST", verify, { token, otp: "ABCDEF" });
    expect(r.status).toBe(401);
    expect(errorOf(r)._code).toBe("otp_incorrect");
  });

  it("a token of another seller or an unknown token is not_authorized", async () => {
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    const unknown = await call(api, "POST", verify, { token: "x".repeat(43), otp: code });
    expect(errorOf(unknown)._code).toBe("not_authorized");
    const zoo = await call(api, "POST", "/api/login/verify_otp?_seller=riverside-zoo", { token, otp: code });
    expect(zoo.status).toBe(403);
  });

  it("the passcode and the token are stored only as hashes", async () => {
    const token = await newToken();
    const code = await latestPasscode(api, HM.user.email);
    const rows = await api.handle.db.select().from(s.otpChallenge);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(`"${code}"`);
  });
});
