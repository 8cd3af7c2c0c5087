/** The camera's repeat filter: a code still in view is one scan, not one per frame. */
import { describe, expect, it } from "vitest";
import { RepeatFilter } from "../../../src/islands/admin/gate/repeat-filter.ts";

describe("RepeatFilter", () => {
  it("takes a code once while it stays in view, the window sliding with each sighting", () => {
    const f = new RepeatFilter(3000);
    expect(f.accept("A", 0)).toBe(true);
    expect(f.accept("A", 1000)).toBe(false);
    expect(f.accept("A", 3500)).toBe(false);
    expect(f.accept("A", 6400)).toBe(false);
  });

  it("takes the same code again once it has been out of view for the window", () => {
    const f = new RepeatFilter(3000);
    expect(f.accept("A", 0)).toBe(true);
    expect(f.accept("A", 3000)).toBe(true);
  });

  it("takes another code at once, and the first again after it", () => {
    const f = new RepeatFilter(3000);
    expect(f.accept("A", 0)).toBe(true);
    expect(f.accept("B", 100)).toBe(true);
    expect(f.accept("A", 200)).toBe(true);
  });

  it("forgets on reset (the camera started again)", () => {
    const f = new RepeatFilter(3000);
    expect(f.accept("A", 0)).toBe(true);
    f.reset();
    expect(f.accept("A", 10)).toBe(true);
  });
});
