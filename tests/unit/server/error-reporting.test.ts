/**
 * Spec 1 §8 "Error reporting ignores 402, 404, 409, 410 and 422 from POST /api and 401 from login
 * and user calls".
 */
import { describe, expect, it } from "vitest";
import { reportsApiFailure } from "../../../src/lib/domain/error-reporting.ts";

describe("reportsApiFailure", () => {
  it("'ignores 402, 404, 409, 410 and 422 from POST /api'", () => {
    for (const status of [402, 404, 409, 410, 422]) {
      expect(reportsApiFailure({ method: "POST", path: "/api/my/cart/modify", status }), String(status)).toBe(
        false,
      );
      expect(reportsApiFailure({ method: "post", path: "/api/checkout", status })).toBe(false);
    }
  });

  it("other failures of POST /api are reported (400, 403, 429), and the same statuses from other methods", () => {
    for (const status of [400, 403, 429]) {
      expect(reportsApiFailure({ method: "POST", path: "/api/my/cart/modify", status })).toBe(true);
    }
    expect(reportsApiFailure({ method: "GET", path: "/api/events/nope", status: 404 })).toBe(true);
    expect(reportsApiFailure({ method: "DELETE", path: "/api/my/cart/c1", status: 409 })).toBe(true);
    expect(reportsApiFailure({ method: "PATCH", path: "/api/my/cart/c1", status: 422 })).toBe(true);
  });

  it("'and 401 from login and user calls'", () => {
    for (const path of [
      "/api/login",
      "/api/login/verify_otp",
      "/api/user",
      "/api/my/user",
      "/api/my/user/u1",
    ]) {
      expect(reportsApiFailure({ method: "POST", path, status: 401 }), path).toBe(false);
      expect(reportsApiFailure({ method: "GET", path, status: 401 }), path).toBe(false);
    }
    expect(reportsApiFailure({ method: "GET", path: "/api/my/cart/c1", status: 401 })).toBe(true);
    expect(reportsApiFailure({ method: "GET", path: "/api/my/membership", status: 401 })).toBe(true);
    expect(reportsApiFailure({ method: "GET", path: "/api/loginx", status: 401 })).toBe(true);
  });

  it("server errors are always reported; successes and pages never", () => {
    expect(reportsApiFailure({ method: "POST", path: "/api/login", status: 500 })).toBe(true);
    expect(reportsApiFailure({ method: "POST", path: "/api/my/cart/modify", status: 503 })).toBe(true);
    expect(reportsApiFailure({ method: "POST", path: "/api/my/cart/modify", status: 200 })).toBe(false);
    expect(reportsApiFailure({ method: "GET", path: "/cached_api/events", status: 400 })).toBe(true);
    expect(reportsApiFailure({ method: "GET", path: "/harbour-museum/events/x", status: 404 })).toBe(false);
  });
});
