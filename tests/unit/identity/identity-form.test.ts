import { describe, expect, it } from "vitest";
import {
  EMAIL_MISMATCH,
  emptyIdentity,
  firstInvalidField,
  type IdentityInput,
  validateIdentity,
} from "../../../src/lib/domain/identity-form.ts";

const good: IdentityInput = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  email_confirm: "ada@example.com",
};

describe("identity form (spec 1 §5)", () => {
  it("accepts a complete form and sends the trimmed values ('Text fields are trimmed')", () => {
    const result = validateIdentity({
      first_name: "  Ada ",
      last_name: " Lovelace",
      email: " ada@example.com ",
      email_confirm: "ada@example.com  ",
    });
    expect(result).toEqual({
      ok: true,
      identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
    });
  });

  it("'first_name and last_name required' (blank after trimming counts as empty)", () => {
    const result = validateIdentity({ ...good, first_name: "   ", last_name: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ first_name: "required", last_name: "required" });
  });

  it("'max 50' for names: 50 passes, 51 is refused", () => {
    expect(validateIdentity({ ...good, first_name: "a".repeat(50) }).ok).toBe(true);
    const result = validateIdentity({ ...good, last_name: "b".repeat(51) });
    expect(result.ok ? null : result.errors.last_name).toBe("tooLong");
  });

  it("'email required, max 254' and must look like an address", () => {
    const empty = validateIdentity({ ...good, email: "", email_confirm: "" });
    expect(empty.ok ? null : empty.errors).toEqual({ email: "required", email_confirm: "required" });
    const local = "a".repeat(64);
    const long = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    expect(long.length).toBe(255);
    const tooLong = validateIdentity({ ...good, email: long, email_confirm: long });
    expect(tooLong.ok ? null : tooLong.errors.email).toBe("tooLong");
    const bad = validateIdentity({ ...good, email: "ada@example", email_confirm: "ada@example" });
    expect(bad.ok ? null : bad.errors.email).toBe("invalidEmail");
  });

  it("'email_confirm equals email ignoring case' ('Email addresses must match.')", () => {
    expect(validateIdentity({ ...good, email_confirm: "ADA@Example.COM" }).ok).toBe(true);
    const result = validateIdentity({ ...good, email_confirm: "ada@example.org" });
    expect(result.ok ? null : result.errors.email_confirm).toBe("emailMismatch");
    expect(EMAIL_MISMATCH).toBe("Email addresses must match.");
  });

  it("focus goes to the first refused field in form order", () => {
    const result = validateIdentity({ ...emptyIdentity(), first_name: "Ada" });
    expect(result.ok ? null : firstInvalidField(result.errors)).toBe("last_name");
    expect(firstInvalidField({})).toBeNull();
  });
});
