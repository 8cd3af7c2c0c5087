import { describe, expect, it } from "vitest";
import {
  eventPageParts,
  eventPageVariant,
  showsMembershipPromo,
} from "../../../src/lib/domain/event-page-parts.ts";
import { loadBlocks, selectBlocks } from "../../../src/lib/tenant/blocks.ts";

describe("spec 1 §2 event detail variants: 'membership purchase; one-ticket-only (gift card, donation)'", () => {
  it("a donation or gift card group makes a one-ticket page; the membership flow a membership page", () => {
    expect(eventPageVariant("one_ticket", ["donation"])).toBe("one_ticket");
    expect(eventPageVariant("date_first", ["ledger"])).toBe("one_ticket");
    expect(eventPageVariant("membership", ["membership"])).toBe("membership");
    expect(eventPageVariant("date_first", ["tickets", null])).toBe("visit");
    expect(eventPageVariant("quantity_first", ["seated"])).toBe("visit");
  });

  // Bug: donation, gift card and membership pages showed 'Get tickets', the venue and the cloakroom notice.
  it("donation, gift card and membership pages show no 'Get tickets' heading and no venue", () => {
    for (const variant of ["one_ticket", "membership"] as const) {
      expect(eventPageParts(variant, undefined)).toMatchObject({ ticketsHeading: false, venue: false });
      expect(eventPageParts(variant, "gift").route).not.toMatch(/^event(-action)?$/);
    }
    expect(eventPageParts("visit", undefined)).toEqual({ ticketsHeading: true, venue: true, route: "event" });
    expect(eventPageParts("visit", "renew").route).toBe("event-action");
  });

  it("the museum's cloakroom notice shows on visit pages only, not on one-ticket or membership pages", () => {
    const blocks = loadBlocks("harbour-museum");
    const notices = (route: string) => selectBlocks(blocks, "notice", route, "anonymous").map((b) => b.key);
    expect(notices(eventPageParts("visit", undefined).route)).toContain("event-notice");
    expect(notices(eventPageParts("one_ticket", undefined).route)).toEqual([]);
    expect(notices(eventPageParts("membership", "gift").route)).toEqual([]);
  });
});

describe("spec 1 §2 'The page also shows ... a promo banner, a membership promo'", () => {
  const visitor = {
    enabled: true,
    variant: "visit" as const,
    isMember: false,
    membersOnlyNotice: false,
    renewalNotice: false,
  };

  it("the membership promo invites a visitor who is no member, on a visit page", () => {
    expect(showsMembershipPromo(visitor)).toBe(true);
  });

  it("not to a current member, nor when the tenant turns it off", () => {
    expect(showsMembershipPromo({ ...visitor, isMember: true })).toBe(false);
    expect(showsMembershipPromo({ ...visitor, enabled: false })).toBe(false);
  });

  it("not on donation, gift card or membership pages, nor beside the members-only or renewal notice", () => {
    expect(showsMembershipPromo({ ...visitor, variant: "one_ticket" })).toBe(false);
    expect(showsMembershipPromo({ ...visitor, variant: "membership" })).toBe(false);
    expect(showsMembershipPromo({ ...visitor, membersOnlyNotice: true })).toBe(false);
    expect(showsMembershipPromo({ ...visitor, renewalNotice: true })).toBe(false);
  });

  it("both demo tenants have a promo banner block on visit pages (not on one-ticket or membership pages)", () => {
    for (const tenant of ["harbour-museum", "riverside-zoo"]) {
      const promos = (route: string) =>
        selectBlocks(loadBlocks(tenant), "promo", route, "anonymous").map((b) => b.key);
      expect(promos(eventPageParts("visit", undefined).route)).toEqual(["event-promo"]);
      expect(promos(eventPageParts("one_ticket", undefined).route)).toEqual([]);
      expect(promos(eventPageParts("membership", undefined).route)).toEqual([]);
    }
  });
});
