/** Regression: the rate-limit message said 'wait a minute' when retry_after was 179 s. */
import { describe, expect, it } from "vitest";
import { LOGIN_MESSAGE } from "../../../src/lib/domain/login-input.ts";
import { loginError, passcodeOutcome } from "../../../src/lib/domain/login-steps.ts";
import { rateLimitedMessage, waitDuration } from "../../../src/lib/domain/retry-wait.ts";
import { words } from "../../helpers/words.ts";

const rateLimitedText = (seconds: unknown) => words(rateLimitedMessage(seconds));
const GENERIC = "Too many attempts. Please wait a minute and try again.";

describe("'Show the real wait'", () => {
  it("retry_after 179 s is 'Please wait 3 minutes', not 'a minute'", () => {
    expect(rateLimitedMessage(179)).toEqual({ id: LOGIN_MESSAGE.rateLimitedMinutes, vars: { count: 3 } });
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
      expect(rateLimitedMessage(value)).toEqual({ id: LOGIN_MESSAGE.rateLimited });
      expect(rateLimitedText(value)).toBe(GENERIC);
    }
  });

  it("login and passcode errors carry the wait of their 429", () => {
    const error = loginError("rate_limited", null, 179);
    expect(error.kind).toBe("rate_limited");
    expect(words(error.message)).toBe("Too many attempts. Please wait 3 minutes and try again.");
    expect(words(loginError("rate_limited", null).message)).toBe(GENERIC);
    expect(words(passcodeOutcome("rate_limited", null, 30).message)).toBe(
      "Too many attempts. Please wait 30 seconds and try again.",
    );
  });
});
