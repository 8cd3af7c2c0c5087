import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPassword,
  isValidPassword,
  PASSWORD_MAX,
  passwordClassCount,
  requirementStates,
} from "../../../src/lib/domain/password-rules.ts";

describe("password rules (spec 1 §5, spec 2 §5)", () => {
  it("'at least 8 characters': 7 characters fail, 8 pass", () => {
    expect(checkPassword("Abcde1!").length).toBe(false);
    expect(checkPassword("Abcdef1!").length).toBe(true);
    expect(isValidPassword("Abcdef1!")).toBe(true);
  });
  it("max 254 characters", () => {
    expect(isValidPassword(`Aa1!${"x".repeat(PASSWORD_MAX - 4)}`)).toBe(true);
    expect(isValidPassword(`Aa1!${"x".repeat(PASSWORD_MAX - 3)}`)).toBe(false);
  });
  it("'no leading or trailing whitespace'", () => {
    expect(isValidPassword(" Abcdef1!")).toBe(false);
    expect(isValidPassword("Abcdef1! ")).toBe(false);
    expect(isValidPassword("Abc def1!")).toBe(true);
  });
  it("'printable characters only (space to tilde)'", () => {
    expect(isValidPassword("Abcdef1!é")).toBe(false);
    expect(isValidPassword("Abcdef1!\t")).toBe(false);
    expect(isValidPassword("Abcdef1~")).toBe(true);
  });
  it("'at least 3 of 4 classes (uppercase, lowercase, digit, special)'", () => {
    expect(isValidPassword("abcdefgh1")).toBe(false);
    expect(isValidPassword("abcdefg1!")).toBe(true);
    expect(isValidPassword("ABCDEFG1a")).toBe(true);
    expect(passwordClassCount("aA1!")).toBe(4);
  });
  it("property: a valid password is 8-254 printable characters, trimmed, with 3+ classes", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (pw) => {
        const expected =
          pw.length >= 8 && /^[\x20-\x7e]*$/.test(pw) && pw === pw.trim() && passwordClassCount(pw) >= 3;
        expect(isValidPassword(pw)).toBe(expected);
      }),
    );
  });
  it("'the requirements list turns green or red only once the field is non-empty'", () => {
    expect(Object.values(requirementStates(""))).toEqual(["neutral", "neutral", "neutral", "neutral"]);
    expect(requirementStates("abc")).toEqual({
      length: "unmet",
      noEdgeSpace: "met",
      printable: "met",
      classes: "unmet",
    });
  });
});
