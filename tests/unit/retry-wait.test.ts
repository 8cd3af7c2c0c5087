/** Regression (issue 11): the rate-limit message said 'wait a minute' when retry_after was 179 s. */
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/lib/domain/login-input.ts";
import { loginError, passcodeOutcome } from "../../src/lib/domain/login-steps.ts";
import { rateLimitedText, waitDuration } from "../../src/lib/domain/retry-wait.ts";

describe("'Show the real wait' (issue 11)", () => {
  it("retry_after 179 s is 'Please wait 3 minutes', not 'a minute'", () => {
    expect(rateLimitedText(179)).toBe("Too many attempts. Please wait 3 minutes and try again.");
  });

  it("rounds the wait up, so nobody is told to come back too early", () => {
    expect(waitDuration(1)).toBe("1 second");
    expect(waitDuration(0.2)).toBe("1 second");
    expect(waitDuration(45)).toBe("45 seconds");
    expect(waitDuration(60)).toBe("a minute");
    expect(waitDuration(61)).toBe("2 minutes");
    expect(waitDuration(900)).toBe("15 minutes");
    expect(waitDuration(3600)).toBe("an hour");
    expect(waitDuration(3601)).toBe("2 hours");
  });

  it("without a usable retry_after, the generic text", () => {
    for (const value of [null, undefined, "179", 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(rateLimitedText(value)).toBe(MESSAGES.rateLimited);
    }
  });

  it("login and passcode errors carry the wait of their 429", () => {
    expect(loginError("rate_limited", null, 179)).toEqual({
      kind: "rate_limited",
      message: "Too many attempts. Please wait 3 minutes and try again.",
    });
    expect(loginError("rate_limited", null).message).toBe(MESSAGES.rateLimited);
    expect(passcodeOutcome("rate_limited", null, 30).message).toBe(
      "Too many attempts. Please wait 30 seconds and try again.",
    );
  });
});
