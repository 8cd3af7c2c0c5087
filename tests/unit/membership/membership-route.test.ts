import { describe, expect, it } from "vitest";
import { membershipTarget } from "../../../src/lib/domain/membership-route.ts";

const HM = { slug: "harbour-museum", membershipEventId: "hm-membership" };

describe("/membership/{action?}: 'Redirects to an external membership URL if configured, else to /events/{membership event id}/{action}. Otherwise shows an unavailable message.'", () => {
  it("goes to the membership event page, with the action when there is one", () => {
    expect(membershipTarget(HM, undefined)).toEqual({
      kind: "redirect",
      location: "/harbour-museum/events/hm-membership",
    });
    expect(membershipTarget(HM, "renew")).toEqual({
      kind: "redirect",
      location: "/harbour-museum/events/hm-membership/renew",
    });
  });
  it("an external membership URL wins over the event", () => {
    expect(membershipTarget({ ...HM, membershipUrl: "https://join.example.org/" }, "renew")).toEqual({
      kind: "redirect",
      location: "https://join.example.org/",
    });
  });
  it("without either, the unavailable message; an unknown action is not found", () => {
    expect(membershipTarget({ slug: "x" }, undefined)).toEqual({ kind: "unavailable" });
    expect(membershipTarget(HM, "cancel")).toEqual({ kind: "not_found" });
  });
  it("redeem goes to the membership event page until the redeem page exists", () => {
    expect(membershipTarget(HM, "redeem")).toEqual({
      kind: "redirect",
      location: "/harbour-museum/events/hm-membership",
    });
  });
});
