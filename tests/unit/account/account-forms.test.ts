import { describe, expect, it } from "vitest";
import {
  EMAIL_MAX,
  emailProblem,
  emailRequestOutcome,
  hasDottedDomain,
  isResetLinkInvalid,
  isResetTokenShape,
  resetOutcome,
  setEmailOutcome,
  validateNewPassword,
  validateSetEmail,
} from "../../../src/lib/domain/account-forms.ts";

const at254 = `${"a".repeat(EMAIL_MAX - "@example.com".length)}@example.com`;

describe("e-mail submit forms (spec 2 §5 'E-mail fields on submit forms: required, max 254')", () => {
  it("'required': empty or blank is refused", () => {
    expect(emailProblem("")).toBe("required");
    expect(emailProblem("   ")).toBe("required");
  });

  it("'max 254': 254 characters pass, 255 are refused", () => {
    expect(at254).toHaveLength(254);
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)).toBe("tooLong");
  });

  it("trims before checking, and refuses an address without a dotted domain", () => {
    expect(emailProblem("  ada@example.com ")).toBeNull();
    expect(emailProblem("ada@localhost")).toBe("invalidEmail");
    expect(emailProblem("not an e-mail")).toBe("invalidEmail");
  });
});

describe("e-mail submit answers (spec 2 §8 'E-mail submit: 404 gives a custom message (resend) or is treated as success')", () => {
  const notFound = { status: 404, code: "no_orders" };

  it("resend: 404 is 'No orders could be found for this email address.'", () => {
    expect(emailRequestOutcome("resend", notFound)).toBe("noOrders");
    expect(emailRequestOutcome("resend", null)).toBe("sent");
  });

  it("forgot password and forgot membership: 404 is treated as success (no account enumeration)", () => {
    expect(emailRequestOutcome("forgot_password", notFound)).toBe("sent");
    expect(emailRequestOutcome("forgot_membership", notFound)).toBe("sent");
    expect(emailRequestOutcome("forgot_password", null)).toBe("sent");
  });

  it("rate limits, bad input and server failures are not reported as success", () => {
    expect(emailRequestOutcome("forgot_password", { status: 429, code: "rate_limited" })).toBe("rateLimited");
    expect(emailRequestOutcome("resend", { status: 400, code: "validation_failed" })).toBe("invalidEmail");
    expect(emailRequestOutcome("forgot_membership", { status: 500, code: "internal_error" })).toBe(
      "unexpected",
    );
    expect(emailRequestOutcome("resend", { status: 0, code: "network_error" })).toBe("unexpected");
  });
});

describe("set e-mail (spec 2 §5 'needs a domain with a dot' and 'must equal the confirmation')", () => {
  it("accepts a matching address and sends it trimmed; the confirmation ignores case", () => {
    expect(validateSetEmail({ email: " ada@example.com ", email_confirm: "ADA@example.com" })).toEqual({
      ok: true,
      email: "ada@example.com",
    });
  });

  it("'Email address is not valid.' when the domain has no dot", () => {
    expect(hasDottedDomain("ada@example")).toBe(false);
    expect(hasDottedDomain("ada@example.com")).toBe(true);
    const result = validateSetEmail({ email: "ada@example", email_confirm: "ada@example" });
    expect(result.ok ? null : result.errors).toEqual({ email: "invalidEmail" });
  });

  it("'Email addresses must match.' when the confirmation differs", () => {
    const result = validateSetEmail({ email: "ada@example.com", email_confirm: "ada@example.org" });
    expect(result.ok ? null : result.errors).toEqual({ email_confirm: "emailMismatch" });
  });

  it("both fields are required", () => {
    const result = validateSetEmail({ email: "", email_confirm: " " });
    expect(result.ok ? null : result.errors).toEqual({ email: "required", email_confirm: "required" });
  });

  it("PATCH my/user/{id} answers: 409 is 'another user account uses that e-mail', 401 a lost session", () => {
    expect(setEmailOutcome(null)).toBe("saved");
    expect(setEmailOutcome({ status: 409, code: "email_in_use" })).toBe("inUse");
    expect(setEmailOutcome({ status: 401, code: "not_logged_in" })).toBe("loggedOut");
    expect(setEmailOutcome({ status: 400, code: "validation_failed" })).toBe("invalidEmail");
    expect(setEmailOutcome({ status: 500, code: "internal_error" })).toBe("unexpected");
  });

  it("a new e-mail needs the current password or a mailed code: each 403 of the proof has its outcome", () => {
    expect(setEmailOutcome({ status: 403, code: "reauthentication_required", proofs: ["email_code"] })).toBe(
      "proofNeeded",
    );
    expect(setEmailOutcome({ status: 403, code: "current_password_incorrect" })).toBe("passwordIncorrect");
    expect(setEmailOutcome({ status: 403, code: "change_code_incorrect" })).toBe("codeIncorrect");
    expect(setEmailOutcome({ status: 403, code: "change_code_invalid" })).toBe("codeInvalid");
    // Another 403 (someone else's account) is no request for a proof.
    expect(setEmailOutcome({ status: 403, code: "forbidden" })).toBe("unexpected");
    expect(setEmailOutcome({ status: 403, code: "__proto__" })).toBe("unexpected");
  });
});

describe("password reset (spec 2 §5 'new password required and must meet the password requirements (\"Invalid password\")')", () => {
  it("a password that meets the rules and matches its confirmation passes untrimmed", () => {
    expect(validateNewPassword({ password: "Harbour-2030", password_confirm: "Harbour-2030" })).toEqual({
      ok: true,
      password: "Harbour-2030",
    });
  });

  it("'required' when empty", () => {
    const result = validateNewPassword({ password: "", password_confirm: "" });
    expect(result.ok ? null : result.errors).toEqual({ password: "required", password_confirm: "required" });
  });

  it("'Invalid password' when a requirement fails (too short, only 2 classes, edge space)", () => {
    for (const password of ["Ab1!", "harbourmuseum1", " Harbour-2030"]) {
      const result = validateNewPassword({ password, password_confirm: password });
      expect(result.ok ? null : result.errors, password).toEqual({ password: "invalidPassword" });
    }
  });

  it("'Passwords must match.' when the confirmation differs (case counts)", () => {
    const result = validateNewPassword({ password: "Harbour-2030", password_confirm: "harbour-2030" });
    expect(result.ok ? null : result.errors).toEqual({ password_confirm: "passwordMismatch" });
  });

  it("'Reset link invalid (not_found or validate_failed)': both codes, and any 404, mean an invalid link", () => {
    expect(isResetLinkInvalid({ status: 404, code: "not_found" })).toBe(true);
    expect(isResetLinkInvalid({ status: 400, code: "validate_failed" })).toBe(true);
    expect(isResetLinkInvalid({ status: 500, code: "internal_error" })).toBe(false);
    expect(resetOutcome({ status: 400, code: "validate_failed" })).toBe("linkInvalid");
    expect(resetOutcome({ status: 400, code: "invalid_password" })).toBe("invalidPassword");
    expect(resetOutcome({ status: 429, code: "rate_limited" })).toBe("rateLimited");
    expect(resetOutcome(null)).toBe("done");
  });

  it("a token of the wrong shape is an invalid link without asking the server", () => {
    expect(isResetTokenShape("a".repeat(16))).toBe(true);
    expect(isResetTokenShape("a".repeat(15))).toBe(false);
    expect(isResetTokenShape("a".repeat(201))).toBe(false);
    expect(isResetTokenShape(`${"a".repeat(16)} b`)).toBe(false);
  });
});
