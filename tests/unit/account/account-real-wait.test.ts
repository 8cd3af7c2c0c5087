/** Regression: the account forms said 'Please wait a minute' on a 429 whose retry_after was 179 s. */
import { describe, expect, it } from "vitest";
import { asCallFailure } from "../../../src/islands/account/account-calls.ts";
import {
  type AccountStringKey,
  type AccountStrings,
  accountTranslator,
  callProblemText,
} from "../../../src/islands/account/account-strings.ts";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import { emailRequestOutcome, resetOutcome, setEmailOutcome } from "../../../src/lib/domain/account-forms.ts";
import { defaultStrings } from "../../../src/lib/tenant/strings.ts";

const accountStrings = Object.fromEntries(
  Object.entries(defaultStrings).filter(([key]) => key.startsWith("account.")),
) as AccountStrings;
const tr = accountTranslator(accountStrings);

const rateLimited = (extra: Record<string, unknown>) =>
  new ApiClientError(429, [
    { _code: "rate_limited", _context: "", _description: "Too many attempts.", _extra: extra },
  ]);

describe("'Show the real wait' on the account forms", () => {
  it("a 429 carries its retry_after in the call failure", () => {
    expect(asCallFailure(rateLimited({ retry_after: 179 }))).toEqual({
      status: 429,
      code: "rate_limited",
      retryAfterSeconds: 179,
    });
  });

  it("without a usable retry_after, no wait is carried; a non-API error is status 0", () => {
    for (const retry_after of [undefined, "179", 0, -1, Number.NaN]) {
      expect(asCallFailure(rateLimited({ retry_after }))).toEqual({ status: 429, code: "rate_limited" });
    }
    expect(asCallFailure(new TypeError("Failed to fetch"))).toEqual({ status: 0, code: "unexpected" });
  });

  it("retry_after 179 s reads 'Please wait 3 minutes' on every account form, not 'a minute'", () => {
    const failure = asCallFailure(rateLimited({ retry_after: 179 }));
    const expected = "Too many attempts. Please wait 3 minutes and try again.";
    expect(emailRequestOutcome("forgot_password", failure)).toBe("rateLimited");
    expect(emailRequestOutcome("forgot_membership", failure)).toBe("rateLimited");
    expect(resetOutcome(failure)).toBe("rateLimited");
    expect(setEmailOutcome(failure)).toBe("rateLimited");
    expect(callProblemText(tr, "rateLimited", failure)).toBe(expected);
  });

  it("a 429 without a wait keeps the generic text; an unexpected failure never tells a wait", () => {
    const generic = defaultStrings["account.error.rateLimited"];
    expect(callProblemText(tr, "rateLimited", { status: 429, code: "rate_limited" })).toBe(generic);
    expect(callProblemText(tr, "unexpected", { status: 500, code: "x", retryAfterSeconds: 179 })).toBe(
      defaultStrings["account.error.unexpected"],
    );
  });

  it("the wait text is the tenant's string, so a tenant can reword it", () => {
    const key: AccountStringKey = "account.error.rateLimited.seconds.other";
    const custom = accountTranslator({ ...accountStrings, [key]: "Slow down: {count} seconds." });
    expect(callProblemText(custom, "rateLimited", { status: 429, code: "r", retryAfterSeconds: 30 })).toBe(
      "Slow down: 30 seconds.",
    );
  });
});
