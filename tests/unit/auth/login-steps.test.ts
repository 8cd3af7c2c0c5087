import { describe, expect, it } from "vitest";
import { LOGIN_MESSAGE } from "../../../src/lib/domain/login-input.ts";
import {
  emailStepNext,
  hasEmailStep,
  loginError,
  loginForms,
  loginPageHref,
  loginPrefill,
  loginQueryAction,
  offersPasscodeInstead,
  passcodeOutcome,
  pathWithout,
  safeRedirectPath,
} from "../../../src/lib/domain/login-steps.ts";
import { words } from "../../helpers/words.ts";

describe("login modes to screens (spec 1 §6 'Login modes')", () => {
  it("otp_or_password gives the passcode step and the password step", () => {
    expect(loginForms(["otp_or_password", "scan_code"])).toEqual({
      password: true,
      passcode: true,
      memberId: ["zip_code"],
    });
  });
  it("password and scan_code_last_name give the password step and the last-name member form", () => {
    const forms = loginForms(["password", "scan_code_last_name"]);
    expect(forms).toEqual({ password: true, passcode: false, memberId: ["last_name"] });
    expect(hasEmailStep(forms)).toBe(true);
  });
  it("member ID only: no e-mail step", () => {
    expect(hasEmailStep(loginForms(["scan_code"]))).toBe(false);
    expect(loginForms(["otp"]).password).toBe(false);
  });
});

describe("passcode errors (spec 1 §8 'Passcode')", () => {
  it("'not_available_yet retries automatically after 5 s'", () => {
    expect(passcodeOutcome("not_available_yet", null)).toEqual({
      message: null,
      attempts: null,
      mustRequestNew: false,
      retryAfterMs: 5000,
    });
  });
  it("'otp_incorrect allows 3 attempts, shows the invalid text and the attempts text'", () => {
    const outcome = passcodeOutcome("otp_incorrect", 2);
    expect(outcome.message).toEqual({ id: LOGIN_MESSAGE.passcodeInvalid });
    expect(words(outcome.message)).toBe("The passcode you entered is invalid.");
    expect(words(outcome.attempts)).toBe(
      "You have 2 more attempts before you need to request a new login link.",
    );
    expect(outcome.mustRequestNew).toBe(false);
    expect(words(passcodeOutcome("otp_incorrect", 1).attempts)).toContain("1 more attempt before");
  });
  it("'when none left: You need to request a new login link ...' and input is disabled", () => {
    const outcome = passcodeOutcome("otp_incorrect", 0);
    expect(outcome.attempts).toEqual({ id: LOGIN_MESSAGE.passcodeNoAttemptsLeft });
    expect(words(outcome.attempts)).toBe(
      "You need to request a new login link before attempting to log in with a passcode again.",
    );
    expect(outcome.mustRequestNew).toBe(true);
  });
  it("'not_authorized, otp_token_expired and others show the invalid text and disable input'", () => {
    for (const code of ["not_authorized", "otp_token_expired", "something_else"]) {
      const outcome = passcodeOutcome(code, null);
      expect(words(outcome.message)).toBe("The passcode you entered is invalid.");
      expect(outcome.mustRequestNew).toBe(true);
    }
  });
});

describe("login errors (spec 1 §8, spec 2 §8)", () => {
  it("incorrect_password, guest_account and member-not-found texts", () => {
    expect(loginError("incorrect_password", null).message).toEqual({ id: LOGIN_MESSAGE.incorrectPassword });
    expect(words(loginError("incorrect_password", null).message)).toBe(
      "That is not the correct password. Please try again",
    );
    expect(words(loginError("guest_account", null).message)).toMatch(
      /^Oops! You have not set a password yet\./,
    );
    expect(words(loginError("member_not_found", "zip_code").message)).toBe(
      "Member details not found. Please check your member ID and ZIP code.",
    );
    expect(words(loginError("member_not_found", "last_name").message)).toContain("member ID and last name");
    expect(loginError("rate_limited", null).kind).toBe("rate_limited");
    expect(loginError("teapot", null)).toEqual({
      kind: "unexpected",
      message: { id: LOGIN_MESSAGE.unexpected },
    });
    expect(words(loginError("teapot", null).message)).toBe(
      "Sorry, something unexpected happened. Please try again later.",
    );
  });
});

describe("redirect after login: a same-site path only", () => {
  const seller = "harbour-museum";
  it("keeps a path of the seller with its query", () => {
    expect(safeRedirectPath("/harbour-museum/events/hm-membership?tg=x", seller)).toBe(
      "/harbour-museum/events/hm-membership?tg=x",
    );
    expect(safeRedirectPath("/harbour-museum", seller)).toBe("/harbour-museum");
  });
  it("refuses other sites, protocol-relative paths, other sellers and the login page", () => {
    for (const bad of [
      "https://evil.example/harbour-museum",
      "//evil.example",
      "/\\evil.example",
      "/riverside-zoo/events",
      "/harbour-museum-evil/events",
      "/harbour-museum/../riverside-zoo",
      "/harbour-museum/login?redirect=x",
      "/harbour-museum/\nevents",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeRedirectPath(bad, seller)).toBe("/harbour-museum/events");
    }
  });
});

describe("login query parameters (spec 2 §2)", () => {
  const url = (q: string) => new URL(`http://x.test/harbour-museum/events${q}`);
  it("requirelogin: the login page with the path without the parameter", () => {
    expect(loginQueryAction(url("?requirelogin=1&category=Tours"))).toEqual({
      kind: "require",
      path: "/harbour-museum/events?category=Tours",
    });
  });
  it("login: only a suggestion", () => {
    expect(loginQueryAction(url("?login"))).toEqual({ kind: "suggest", path: "/harbour-museum/events" });
  });
  it("member_code + zip_code: log in by member ID, back to the path without them", () => {
    expect(loginQueryAction(url("?member_code=HM-1&zip_code=02110&date=today"))).toEqual({
      kind: "member_code",
      path: "/harbour-museum/events?date=today",
      scanCode: "HM-1",
      zipCode: "02110",
    });
  });
  it("no action parameter: nothing to do", () => {
    expect(loginQueryAction(url("?date=today"))).toEqual({ kind: "none" });
    expect(pathWithout(url("?login=1"))).toBe("/harbour-museum/events");
  });
  it("login.* prefill the form, cut to the input limits", () => {
    const prefill = loginPrefill(
      new URLSearchParams({
        "login.email": "a@b.test",
        "login.scan_code": "HM1",
        "login.zip_code": "0211099",
      }),
    );
    expect(prefill).toEqual({ email: "a@b.test", scan_code: "HM1", zip_code: "02110", last_name: "" });
  });
  it("the login page link carries the redirect and extras", () => {
    expect(loginPageHref("harbour-museum", "/harbour-museum/events?a=1", { guest: "1" })).toBe(
      "/harbour-museum/login?redirect=%2Fharbour-museum%2Fevents%3Fa%3D1&guest=1",
    );
  });
});

describe("'the e-mail step leads to password or passcode' and 'Never send a passcode that the user did not ask for' (spec 1 §2)", () => {
  it("with a password mode, Continue opens the password form (no passcode is requested)", () => {
    expect(emailStepNext(loginForms(["otp_or_password", "scan_code"]))).toBe("password");
    expect(emailStepNext(loginForms(["password"]))).toBe("password");
  });
  it("a passcode-only tenant mails the code on Continue: it is the only way in it offers", () => {
    expect(emailStepNext(loginForms(["otp"]))).toBe("passcode");
  });
  it("'Email me a login code instead' is offered only when both modes exist", () => {
    expect(offersPasscodeInstead(loginForms(["otp_or_password"]))).toBe(true);
    expect(offersPasscodeInstead(loginForms(["password", "otp"]))).toBe(true);
    expect(offersPasscodeInstead(loginForms(["password"]))).toBe(false);
    expect(offersPasscodeInstead(loginForms(["otp"]))).toBe(false);
  });
});
