import { describe, expect, it } from "vitest";
import {
  isExpectedReserveCode,
  RESERVE_MESSAGE,
  reserveErrorView,
  soldOutMessage,
} from "../../../src/lib/domain/reserve-errors.ts";
import { words } from "../../helpers/words.ts";

const UNEXPECTED = { id: RESERVE_MESSAGE.unexpected };

const err = (over: Partial<Parameters<typeof reserveErrorView>[0]>) => ({
  status: 409,
  code: "x",
  context: "reserve",
  description: "Described.",
  extra: {},
  ...over,
});

describe("reserve errors (spec §8 'Reserve')", () => {
  it("400-499 show the first _data item's _description", () => {
    expect(reserveErrorView(err({ code: "session_capacity_exceeded", description: "Only 3 left." }))).toEqual(
      {
        kind: "message",
        message: { text: "Only 3 left." },
      },
    );
    expect(
      reserveErrorView(
        err({ status: 400, code: "validation_failed", description: "Value entered is outside min/max" }),
      ),
    ).toEqual({
      kind: "message",
      message: { text: "Value entered is outside min/max" },
    });
  });
  it("no usable data gives 'Sorry! Something unexpected happened. Please try again.'", () => {
    expect(words(UNEXPECTED)).toBe("Sorry! Something unexpected happened. Please try again.");
    expect(reserveErrorView(err({ status: 500, description: "boom" }))).toEqual({
      kind: "message",
      message: UNEXPECTED,
    });
    expect(reserveErrorView(err({ status: 0, code: "network_error" })).kind).toBe("message");
    expect(reserveErrorView(err({ description: " " }))).toEqual({
      kind: "message",
      message: UNEXPECTED,
    });
  });
  it("rule_blocks_reserve with block_reason code_required opens the code modal", () => {
    expect(
      reserveErrorView(
        err({
          code: "rule_blocks_reserve",
          context: "checkout_rules",
          extra: { block_reason: "code_required", ticket_group_id: "g" },
        }),
      ),
    ).toEqual({ kind: "codeRequired", ticketGroupId: "g" });
  });
  it("anchor_required shows 'Add an admission event to your cart first.'", () => {
    expect(
      reserveErrorView(
        err({ code: "rule_blocks_reserve", description: "", extra: { block_reason: "anchor_required" } }),
      ),
    ).toEqual({ kind: "message", message: { id: RESERVE_MESSAGE.anchorRequired } });
    expect(words({ id: RESERVE_MESSAGE.anchorRequired })).toBe("Add an admission event to your cart first.");
  });
  it("invalid_citypass and code_exhausted are shown at the code field", () => {
    const text = "Does not match the expected format. Please check your CityPASS code.";
    expect(reserveErrorView(err({ status: 422, code: "invalid_citypass", description: text }))).toEqual({
      kind: "codeField",
      message: { text },
    });
    expect(reserveErrorView(err({ status: 422, code: "code_exhausted" })).kind).toBe("codeField");
  });
  it("event_session_sold_out: 'Tickets have sold out for the session at {time}. ...' session or date", () => {
    expect(
      reserveErrorView(err({ code: "event_session_sold_out", extra: { event_session_id: "s1" } })),
    ).toEqual({
      kind: "soldOut",
      sessionId: "s1",
    });
    expect(soldOutMessage("10:30 AM", true)).toEqual({
      id: RESERVE_MESSAGE.soldOutSession,
      vars: { time: "10:30 AM" },
    });
    expect(words(soldOutMessage("10:30 AM", true))).toBe(
      "Tickets have sold out for the session at 10:30 AM. Please select another session and try again.",
    );
    expect(words(soldOutMessage("10:30 AM", false))).toBe(
      "Tickets have sold out for the session at 10:30 AM. Please select another date and try again.",
    );
  });
  it("lists the expected codes; others are unknown", () => {
    expect(isExpectedReserveCode("member_limit_exceeded")).toBe(true);
    // A member's purchase of a second, parallel membership is a refusal the shop expects, not an unknown.
    expect(isExpectedReserveCode("membership_already_held")).toBe(true);
    expect(isExpectedReserveCode("teapot")).toBe(false);
  });
});
