import { describe, expect, it } from "vitest";
import {
  findUnstorableText,
  isUnstorableText,
  MAX_BODY_DEPTH,
  nestsDeeperThan,
} from "../../../src/lib/server/http/body-guard.ts";

describe("the JSON body guard (NUL and lone surrogates in JSON bodies are refused once for every body)", () => {
  it.each([
    ["NUL", "a\u0000b", true],
    ["a lone high surrogate", "a\ud800", true],
    ["a lone low surrogate", "\udc00b", true],
    ["a reversed pair", "\udc00\ud800", true],
    ["a surrogate pair (an emoji)", "\ud83c\udf9f", false],
    ["accents and newlines", "Renée\nÅsa\t", false],
    ["U+FFFD", "\ufffd", false],
  ])("%s: unstorable is %s", (_label, text, expected) => {
    expect(isUnstorableText(text)).toBe(expected);
  });

  it("names the path of a bad value or key, at any depth, with the bad characters made safe", () => {
    expect(findUnstorableText({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toBe("a.1.c");
    expect(findUnstorableText({ info: { "k\ud800": "v" } })).toBe("info.k\ufffd");
    expect(findUnstorableText({ "\u0000": 1 })).toBe("\ufffd");
    expect(findUnstorableText("\ud800")).toBe("");
    expect(findUnstorableText({ a: ["fine", 1, null, true, { b: "\ud83c\udf9f" }] })).toBeNull();
  });

  it("walks a deeply nested value without overflowing the call stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe(Array(100_000).fill("0").join("."));
  });

  it("counts nesting of arrays and objects, never brackets inside strings", () => {
    const nested = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`{"a": "${"[".repeat(100)}"}`, MAX_BODY_DEPTH)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(nestsDeeperThan(`{"a": "\\" ${"{".repeat(100)}"}`, MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(`{"a": {"b": [{"c": 1}]}}`, 3)).toBe(true);
    expect(nestsDeeperThan(`{"a": {"b": [{"c": 1}]}}`, 4)).toBe(false);
  });
});
