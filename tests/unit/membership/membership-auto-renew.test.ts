/** Spec 2 §4 "Auto-renew" and §8: the states shown, when cancelling is allowed, who enrols. */
import { describe, expect, it } from "vitest";
import {
  autoRenewStatus,
  canCancelAny,
  canCancelAutoRenew,
  cancelProblem,
  cardBrand,
  NOT_ENROLLED_TEXT,
  savedCardIdentifier,
  shouldEnrolAutoRenew,
} from "../../../src/lib/domain/membership/auto-renew.ts";

describe("spec 2 §4: scheduled means Enrolled, cancelled means Cancelled, anything else means Not enrolled", () => {
  it.each([
    ["scheduled", "enrolled"],
    ["cancelled", "cancelled"],
    [null, "notEnrolled"],
    [undefined, "notEnrolled"],
    ["failed", "notEnrolled"],
    ["renewed", "notEnrolled"],
    ["", "notEnrolled"],
    ["Scheduled", "notEnrolled"],
  ])("%s → %s", (state, status) => {
    expect(autoRenewStatus(state)).toBe(status);
  });
});

describe("spec 2 §4: cancelling is only possible when the state is scheduled", () => {
  it("only scheduled can be cancelled", () => {
    expect(canCancelAutoRenew("scheduled")).toBe(true);
    for (const state of ["cancelled", null, undefined, "failed", "renewed"]) {
      expect(canCancelAutoRenew(state)).toBe(false);
    }
  });

  it("an order can be cancelled when one of its memberships is scheduled", () => {
    expect(canCancelAny(["cancelled", "scheduled"])).toBe(true);
    expect(canCancelAny(["cancelled", null])).toBe(false);
    expect(canCancelAny([])).toBe(false);
  });

  it("spec 2 §8's text", () => {
    expect(NOT_ENROLLED_TEXT).toBe("This membership does not appear to be enrolled in automatic renewal.");
  });
});

describe("who enrols at checkout", () => {
  it("a yes answer paid by card on the test or stripe gateway enrols", () => {
    expect(shouldEnrolAutoRenew({ autoRenewMembership: true, gift: false, gatewayId: "test" })).toBe(true);
    expect(shouldEnrolAutoRenew({ autoRenewMembership: true, gift: false, gatewayId: "stripe" })).toBe(true);
  });

  it("no answer, a no, a gift, or a payment with no card (free, gift card only) does not", () => {
    expect(shouldEnrolAutoRenew({ autoRenewMembership: undefined, gift: false, gatewayId: "test" })).toBe(
      false,
    );
    expect(shouldEnrolAutoRenew({ autoRenewMembership: false, gift: false, gatewayId: "test" })).toBe(false);
    expect(shouldEnrolAutoRenew({ autoRenewMembership: true, gift: true, gatewayId: "test" })).toBe(false);
    expect(shouldEnrolAutoRenew({ autoRenewMembership: true, gift: false, gatewayId: "free" })).toBe(false);
    expect(shouldEnrolAutoRenew({ autoRenewMembership: true, gift: false, gatewayId: "ledger" })).toBe(false);
  });
});

describe("a saved card is shown by brand and last four digits, never its number", () => {
  it("Visa ending 4242", () => {
    expect(savedCardIdentifier(cardBrand("4242 4242 4242 4242"), "4242424242424242")).toBe(
      "Visa ending 4242",
    );
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
    expect(cardBrand("378282246310005")).toBe("American Express");
    expect(cardBrand("9999")).toBe("Card");
  });
});

describe("the cancel page's answer to a failed cancel", () => {
  it("not_enrolled shows spec 2 §8's text; 401 logs in; 403 and 404 are not found; else the generic text", () => {
    expect(cancelProblem({ status: 400, code: "not_enrolled" })).toBe("notEnrolled");
    expect(cancelProblem({ status: 401, code: "not_logged_in" })).toBe("login");
    expect(cancelProblem({ status: 403, code: "forbidden" })).toBe("notFound");
    expect(cancelProblem({ status: 404, code: "not_found" })).toBe("notFound");
    expect(cancelProblem({ status: 0, code: "unexpected" })).toBe("failed");
  });
});
