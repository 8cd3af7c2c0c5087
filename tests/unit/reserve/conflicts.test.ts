import { describe, expect, it } from "vitest";
import { conflicts, partitionConflicts } from "../../../src/lib/domain/conflicts.ts";

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 24, h, m));
const cart = { id: "c", start: at(10), end: at(11) };

describe("session conflicts (spec §5/§9)", () => {
  it("padding default 5 minutes before and after", () => {
    expect(conflicts({ id: "a", start: at(11, 4), end: at(12) }, cart)).toBe(true);
    expect(conflicts({ id: "a", start: at(11, 5), end: at(12) }, cart)).toBe(false);
    expect(conflicts({ id: "a", start: at(9), end: at(9, 56) }, cart)).toBe(true);
  });
  it("overridden by pad_pre_start and pad_post_end, or the default pads", () => {
    const padded = { ...cart, padPreStart: 0, padPostEnd: 30 };
    expect(conflicts({ id: "a", start: at(11, 20), end: at(12) }, padded)).toBe(true);
    expect(conflicts({ id: "a", start: at(9), end: at(10) }, padded)).toBe(false);
    expect(conflicts({ id: "a", start: at(11, 5), end: at(12) }, cart, { defaultPadPostEnd: 10 })).toBe(true);
  });
  it("excluded categories never conflict; the same session does not conflict with itself", () => {
    const s = { id: "a", start: at(10), end: at(11), category: "Donation" };
    expect(conflicts(s, cart, { excludedCategories: ["Donation"] })).toBe(false);
    expect(conflicts({ ...cart }, cart)).toBe(false);
    const { available, conflicting } = partitionConflicts(
      [s, { id: "b", start: at(13), end: at(14) }],
      [cart],
    );
    expect(conflicting.map((x) => x.id)).toEqual(["a"]);
    expect(available.map((x) => x.id)).toEqual(["b"]);
  });
  it("the candidate is extended by its own event's padding too", () => {
    // Bug: the candidate's padPreStart / padPostEnd were accepted but never used.
    const later = { id: "a", start: at(11, 20), end: at(12) };
    expect(conflicts(later, cart)).toBe(false);
    expect(conflicts({ ...later, padPreStart: 15 }, cart)).toBe(false); // 11:05 = cart end + 5
    expect(conflicts({ ...later, padPreStart: 16 }, cart)).toBe(true);
    const earlier = { id: "b", start: at(8), end: at(9, 30) };
    expect(conflicts(earlier, cart)).toBe(false);
    expect(conflicts({ ...earlier, padPostEnd: 25 }, cart)).toBe(false); // 9:55 = cart start - 5
    expect(conflicts({ ...earlier, padPostEnd: 26 }, cart)).toBe(true);
    // Symmetric for explicit pads: swapping candidate and cart session gives the same answer.
    const a = { id: "x", start: at(10), end: at(11), padPreStart: 0, padPostEnd: 20 };
    const b = { id: "y", start: at(11, 10), end: at(12), padPreStart: 0, padPostEnd: 0 };
    expect(conflicts(a, b)).toBe(true);
    expect(conflicts(b, a)).toBe(true);
  });
});
