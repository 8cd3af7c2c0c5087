/**
 * Spec 1 §8 "Unexpected API errors show a message with a Continue link to the seller home.
 * Unhandled rejections show a general error with Reload." (the global error screen, issue 17).
 */
import { describe, expect, it } from "vitest";
import { ApiClientError } from "../../src/lib/api/errors.ts";
import { errorScreenFor } from "../../src/lib/domain/global-error.ts";

describe("errorScreenFor", () => {
  it("'Unhandled rejections show a general error with Reload'", () => {
    expect(errorScreenFor("rejection", new TypeError("x is undefined"))).toBe("reload");
    expect(errorScreenFor("rejection", "a string")).toBe("reload");
    expect(errorScreenFor("rejection", undefined)).toBe("reload");
    expect(errorScreenFor("error", new Error("boom"))).toBe("reload");
  });

  it("'Unexpected API errors show a message with a Continue link to the seller home'", () => {
    const apiError = new ApiClientError(500, [
      { _code: "internal_error", _context: "", _description: "Internal error", _extra: {} },
    ]);
    expect(errorScreenFor("rejection", apiError)).toBe("continue");
    expect(errorScreenFor("rejection", { status: 409, code: "conflict" })).toBe("continue");
  });

  it("no screen for a request the browser stopped, or an error event without its error (cross-origin, ResizeObserver)", () => {
    expect(
      errorScreenFor("rejection", new DOMException("The user aborted a request.", "AbortError")),
    ).toBeNull();
    expect(errorScreenFor("error", null)).toBeNull();
    expect(errorScreenFor("error", undefined)).toBeNull();
  });
});
