/**
 * Spec 1 §3 "Membership: ... member_event_purchase_limit": a level's limit of members-only
 * tickets per event in the current membership term (held + booked, counting the ones being added).
 */
import { describe, expect, it } from "vitest";
import {
  eventLimitExceeded,
  eventLimitOf,
  memberEventLimitText,
  mergeEventLimits,
  remainingForEvent,
} from "../../../src/lib/domain/membership/event-limit.ts";

const e = (eventTemplateId: string, count: number) => ({ eventTemplateId, count });

describe("member_event_purchase_limit: members-only tickets per event in the current term", () => {
  it("the level meta configures a whole number ≥ 0; anything else is no limit", () => {
    expect(eventLimitOf(4)).toBe(4);
    expect(eventLimitOf(0)).toBe(0);
    for (const bad of [-1, 2.5, "4", null, undefined, Number.NaN]) expect(eventLimitOf(bad)).toBeNull();
  });

  it("several current cards: the largest configured limit (cards do not add up); none: no limit", () => {
    expect(mergeEventLimits([2, null, 4])).toBe(4);
    expect(mergeEventLimits([0])).toBe(0);
    expect(mergeEventLimits([null, undefined])).toBeNull();
    expect(mergeEventLimits([])).toBeNull();
  });

  it("held + booked + the ones being added may reach the limit, not go beyond it", () => {
    expect(eventLimitExceeded(4, [e("ga", 2), e("ga", 1)], [e("ga", 1)])).toBeNull();
    expect(eventLimitExceeded(4, [e("ga", 3)], [e("ga", 1), e("ga", 1)])).toEqual({
      eventTemplateId: "ga",
      limit: 4,
      used: 3,
      available: 1,
    });
    expect(eventLimitExceeded(0, [], [e("ga", 1)])).toMatchObject({ available: 0 });
  });

  it("each event has its own count; no limit refuses nothing", () => {
    expect(eventLimitExceeded(2, [e("ga", 2)], [e("preview", 2)])).toBeNull();
    expect(eventLimitExceeded(2, [e("ga", 2)], [e("preview", 1), e("ga", 1)])).toMatchObject({
      eventTemplateId: "ga",
      available: 0,
    });
    expect(eventLimitExceeded(null, [e("ga", 99)], [e("ga", 1)])).toBeNull();
  });

  it("remaining for an event: limit minus used, never below 0; null without a limit", () => {
    expect(remainingForEvent(4, 1)).toBe(3);
    expect(remainingForEvent(4, 6)).toBe(0);
    expect(remainingForEvent(null, 6)).toBeNull();
  });

  it("the refusal names the event and the limit, or what is still available", () => {
    expect(memberEventLimitText(2, 0, "General Admission")).toBe(
      "You have reached your member limit of 2 tickets for General Admission this membership term.",
    );
    expect(memberEventLimitText(1, 0, "Members-only preview")).toBe(
      "You have reached your member limit of 1 ticket for Members-only preview this membership term.",
    );
    expect(memberEventLimitText(4, 1, "General Admission")).toBe(
      "Your membership allows 1 ticket more for General Admission this membership term (limit 4 per event).",
    );
  });
});
