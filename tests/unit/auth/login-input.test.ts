import { describe, expect, it } from "vitest";
import {
  attemptsLeftMessage,
  isPasscodeFormat,
  LOGIN_EMAIL_MAX,
  LOGIN_MESSAGE,
  LOGIN_TEXT_MAX,
  LOGIN_ZIP_MAX,
  loginEnabled,
  memberNotFoundMessage,
  PASSCODE_ATTEMPTS,
} from "../../../src/lib/domain/login-input.ts";
import { t } from "../../../src/lib/tenant/strings.ts";
import { words } from "../../helpers/words.ts";

describe("login inputs (spec 1 §5, §9)", () => {
  it("'text max 50 unless set; username e-mail max 100; zip max 5'", () => {
    expect([LOGIN_TEXT_MAX, LOGIN_EMAIL_MAX, LOGIN_ZIP_MAX]).toEqual([50, 100, 5]);
  });
  it("'Passcode: 6 characters, digits or letters'", () => {
    expect(isPasscodeFormat("a1B2c3")).toBe(true);
    expect(isPasscodeFormat(" a1B2c3 ")).toBe(true);
    expect(isPasscodeFormat("a1B2c")).toBe(false);
    expect(isPasscodeFormat("a1B2c34")).toBe(false);
    expect(isPasscodeFormat("a1-2c3")).toBe(false);
  });
  it("'You have {count} more attempt{s} before you need to request a new …', naming a code: 'The passcode screen says 'request a new login link' (it is a code)'", () => {
    expect(attemptsLeftMessage(2)).toEqual({
      id: LOGIN_MESSAGE.passcodeAttemptsLeft,
      vars: { count: 2, s: "s" },
    });
    expect(words(attemptsLeftMessage(2))).toBe(
      "You have 2 more attempts before you need to request a new login link.",
    );
    expect(words(attemptsLeftMessage(1))).toBe(
      "You have 1 more attempt before you need to request a new login link.",
    );
    expect(t(undefined, LOGIN_MESSAGE.passcodeNoAttemptsLeft)).toBe(
      "You need to request a new login link before attempting to log in with a passcode again.",
    );
    expect(PASSCODE_ATTEMPTS).toBe(3);
  });
  it("member not found texts name the second field (spec 1 §8)", () => {
    expect(memberNotFoundMessage("zip_code")).toEqual({ id: LOGIN_MESSAGE.memberNotFoundZip });
    expect(words(memberNotFoundMessage("zip_code"))).toBe(
      "Member details not found. Please check your member ID and ZIP code.",
    );
    expect(words(memberNotFoundMessage("last_name"))).toContain("member ID and last name");
    expect(words(memberNotFoundMessage("email"))).toContain("email address and member ID");
  });
  it("'login disabled when the auth method is absent ('Login is disabled')'", () => {
    expect(loginEnabled([])).toBe(false);
    expect(loginEnabled(["unknown"])).toBe(false);
    expect(loginEnabled(["otp"])).toBe(true);
    expect(t(undefined, LOGIN_MESSAGE.loginDisabled)).toBe("Login is disabled");
  });
});
