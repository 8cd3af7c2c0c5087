import { describe, expect, it } from "vitest";
import { hasOwnKey, ownValue } from "../../../src/lib/domain/own-property.ts";

const table: Record<string, number> = { adult: 1, child: 2 };

describe("own-property lookups (DESIGN §5: anything indexed by user input is an own-property lookup)", () => {
  it("finds own entries", () => {
    expect(ownValue(table, "adult")).toBe(1);
    expect(hasOwnKey(table, "child")).toBe(true);
  });
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"])(
    "never answers the inherited member %s",
    (name) => {
      // The bug these guard against: `table[name]` is a function or Object.prototype for these names.
      expect(name in table).toBe(true);
      expect(ownValue(table, name)).toBeUndefined();
      expect(hasOwnKey(table, name)).toBe(false);
    },
  );
  it("an own entry named like a prototype member is found", () => {
    const parsed = JSON.parse('{"constructor": 3, "__proto__": 4}') as Record<string, number>;
    expect(ownValue(parsed, "constructor")).toBe(3);
    expect(ownValue(parsed, "__proto__")).toBe(4);
  });
});
