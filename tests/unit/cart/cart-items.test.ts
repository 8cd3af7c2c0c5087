import { describe, expect, it } from "vitest";
import {
  anchorEventId,
  badgeLabel,
  canEnterPromo,
  cartItems,
  cartStanding,
  cartTotals,
  listedWithCart,
  offeredAsUpsell,
  removePlan,
  ticketCount,
} from "../../../src/lib/domain/cart-items.ts";
import { envelope } from "../cart-fixtures.ts";

const anchorMeta = { ga: { is_anchor: true, image_profile: "hm/ga.jpg", image_profile_alt: "Gallery" } };
const addOnMeta = {
  ...anchorMeta,
  exhibition: { requires_anchor: true, tickets_must_match_anchor_tickets: true },
};

const gaAndExhibition = envelope(
  [
    { id: "t1", event: "ga", session: "s1", type: "adult", group: "ga-general" },
    { id: "t2", event: "ga", session: "s1", type: "adult", group: "ga-general" },
    { id: "t3", event: "ga", session: "s1", type: "child", group: "ga-general", face: "12.00" },
    { id: "t4", event: "exhibition", session: "s2", type: "ex-adult", group: "ex", face: "12.00" },
  ],
  { meta: addOnMeta },
);

describe("cart items (spec §3 'Cart item (widget)')", () => {
  it("groups tickets by event and session with per-type ticket counts and total prices", () => {
    const items = cartItems(gaAndExhibition);
    expect(items.map((i) => i.id)).toEqual(["ga:s1", "exhibition:s2"]);
    const ga = items[0];
    expect(ga?.name).toBe("General Admission");
    expect(ga?.types).toEqual([
      {
        ticketTypeId: "adult",
        name: "Adult",
        ticketCount: 2,
        totalPrice: 5000,
        group: "Group ga-general",
        seats: [],
      },
      {
        ticketTypeId: "child",
        name: "Child",
        ticketCount: 1,
        totalPrice: 1200,
        group: "Group ga-general",
        seats: [],
      },
    ]);
    expect(ga?.ticketIds).toEqual(["t1", "t2", "t3"]);
    expect(ga?.image).toBe("hm/ga.jpg");
    expect(ga?.imageAlt).toBe("Gallery");
    expect(ga?.timeZone).toBe("America/New_York");
    expect(ga?.start).toBe("2026-07-04T18:30:00.000Z");
  });

  it("'Show the section, row and seat wherever a seated ticket is listed': seats and holders", () => {
    // Regression: after 'Add to cart' the cart listed '2 × Stalls seat' and never the chosen seats.
    const cart = envelope(
      [
        {
          id: "t1",
          event: "concert",
          session: "s9",
          type: "seat",
          group: "stalls",
          seat: "B12",
          holder: "Ada",
        },
        { id: "t2", event: "concert", session: "s9", type: "seat", group: "stalls", seat: "B5" },
      ],
      { groupNames: { stalls: "Stalls" } },
    );
    expect(cartItems(cart)[0]?.types[0]?.seats).toEqual([
      { ticketId: "t2", name: "B5", section: "Stalls", holder: null },
      { ticketId: "t1", name: "B12", section: "Stalls", holder: "Ada" },
    ]);
  });

  it("spec 1 §9 'All-day event': a session the server marks all_day is an all-day item; others and a missing flag are not", () => {
    const cart = structuredClone(gaAndExhibition);
    const [first, second] = cart.event_session?._data ?? [];
    if (!first || !second) throw new Error("the fixture has two sessions");
    first.all_day = true;
    second.all_day = false;
    expect(cartItems(cart).map((i) => [i.id, i.allDay])).toEqual([
      ["ga:s1", true],
      ["exhibition:s2", false],
    ]);
    expect(cartItems(gaAndExhibition).map((i) => i.allDay)).toEqual([false, false]);
  });

  it("the anchor is a dependency while the cart holds requires_anchor add-ons", () => {
    const [ga, exhibition] = cartItems(gaAndExhibition);
    expect(ga?.isAnchor).toBe(true);
    expect(ga?.isDependency).toBe(true);
    expect(exhibition?.isAnchor).toBe(false);
    expect(exhibition?.isDependency).toBe(false);
  });

  it("an anchor without add-ons is not a dependency", () => {
    const cart = envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { meta: anchorMeta });
    expect(cartItems(cart)[0]).toMatchObject({ isAnchor: true, isDependency: false });
  });

  it("the server's cart.anchor names the anchor even without is_anchor meta", () => {
    const cart = envelope([{ id: "t1", event: "concert", session: "s9", type: "seat" }], {
      anchor: "concert",
    });
    expect(anchorEventId(cart)).toBe("concert");
    expect(cartItems(cart)[0]?.isAnchor).toBe(true);
  });

  it("marks membership events from the group handler and leaves session-less items undated", () => {
    const cart = envelope([{ id: "m1", event: "membership", type: "level", group: "mem" }], {
      handlers: { mem: "membership" },
    });
    const [item] = cartItems(cart);
    expect(item?.isMembershipEvent).toBe(true);
    expect(item?.start).toBeNull();
    expect(item?.id).toBe("membership:none");
  });

  it("'Image for {event name}' applies when the meta has no alt (alt text left empty here)", () => {
    const cart = envelope([{ id: "t1", event: "concert", session: "s1", type: "seat" }]);
    expect(cartItems(cart)[0]?.imageAlt).toBe("");
  });
});

describe("remove item (spec §4: 'removing a dependency item or the only item deletes the whole cart')", () => {
  it("removing the dependency (anchor with add-ons) deletes the whole cart", () => {
    const items = cartItems(gaAndExhibition);
    expect(removePlan(items, "ga:s1")).toEqual({ kind: "delete_cart" });
  });

  it("removing an add-on removes only its tickets", () => {
    const items = cartItems(gaAndExhibition);
    expect(removePlan(items, "exhibition:s2")).toEqual({ kind: "remove_tickets", ticketIds: ["t4"] });
  });

  it("removing the only item deletes the whole cart", () => {
    const items = cartItems(envelope([{ id: "t1", event: "concert", session: "s1", type: "seat" }]));
    expect(removePlan(items, "concert:s1")).toEqual({ kind: "delete_cart" });
  });

  it("an unknown item removes nothing", () => {
    expect(removePlan(cartItems(gaAndExhibition), "nope")).toEqual({ kind: "remove_tickets", ticketIds: [] });
  });
});

describe("badge (spec §9: 'Badge counts cap at 99+')", () => {
  it("shows the count up to 99 and '99+' above", () => {
    expect(badgeLabel(0)).toBe("0");
    expect(badgeLabel(7)).toBe("7");
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
    expect(badgeLabel(1000)).toBe("99+");
  });

  it("counts held tickets", () => {
    expect(ticketCount(gaAndExhibition)).toBe(4);
    expect(ticketCount(undefined)).toBe(0);
  });
});

describe("totals and promo entry", () => {
  it("reads face value, fees (fixed + percent), promo discount, total and amount due in minor units", () => {
    const cart = envelope([{ id: "t1", event: "ga", type: "adult" }], {
      totals: {
        face_value: "50.00",
        fee_fixed: "3.00",
        fee_percent: "1.25",
        promo_discount: "5.00",
        total: "49.25",
      },
      outstanding: "49.25",
    });
    expect(cartTotals(cart)).toEqual({
      faceValue: 5000,
      fees: 425,
      promoDiscount: 500,
      total: 4925,
      amountDue: 4925,
      payments: 0,
    });
  });

  it("spec §5: promo entry only if modifiable, payment due above 0, no payments and no blocking rules", () => {
    const ticket = [{ id: "t1", event: "ga", type: "adult" }];
    expect(canEnterPromo(envelope(ticket))).toBe(true);
    expect(canEnterPromo(envelope(ticket, { outstanding: "0.00" }))).toBe(false);
    expect(canEnterPromo(envelope(ticket, { payments: "10.00" }))).toBe(false);
    expect(canEnterPromo(envelope(ticket, { state: "booked" }))).toBe(false);
    expect(
      canEnterPromo(envelope(ticket, { blockingRules: [{ code: "anchor_required", description: "x" }] })),
    ).toBe(false);
  });
});

describe("upsell listing (spec §2: 'When the cart already has items the listing acts as an upsell listing')", () => {
  const exhibition = {
    eventId: "exhibition",
    requiresAnchor: true,
    mustMatchAnchor: true,
    anchorEventIds: ["ga"],
  };
  const concert = { eventId: "concert", requiresAnchor: false, mustMatchAnchor: false };
  const ga = { eventId: "ga", requiresAnchor: false, mustMatchAnchor: false };

  it("General Admission vanished once in the cart, even under 'All' and its own category; an event already in the cart stays listed", () => {
    const cart = envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { meta: anchorMeta });
    expect(offeredAsUpsell(cart, ga)).toBe(true);
    expect(offeredAsUpsell(cart, concert)).toBe(true);
    expect(offeredAsUpsell(cart, exhibition)).toBe(true);
    const concertCart = envelope([{ id: "t1", event: "concert", session: "s1", type: "seat" }]);
    expect(offeredAsUpsell(concertCart, concert)).toBe(true);
  });

  it("hides an add-on that requires an anchor while the cart has none", () => {
    const cart = envelope([{ id: "t1", event: "concert", session: "s1", type: "seat" }]);
    expect(offeredAsUpsell(cart, exhibition)).toBe(false);
  });

  it("offers a must-match add-on until it has as many tickets as the anchor (spec §9 tickets_must_match_anchor_tickets)", () => {
    expect(offeredAsUpsell(gaAndExhibition, exhibition)).toBe(true); // 1 of 3
    const full = envelope(
      [
        { id: "t1", event: "ga", session: "s1", type: "adult" },
        { id: "t4", event: "exhibition", session: "s2", type: "ex-adult" },
      ],
      { meta: addOnMeta },
    );
    expect(offeredAsUpsell(full, exhibition)).toBe(false);
  });

  it("any anchor listed the curator's private tour; a hidden event is listed only with an anchor it is an add-on of (spec §2 'Events flagged hidden are listed only when the cart has an anchor')", () => {
    const tour = { eventId: "tour", requiresAnchor: false, mustMatchAnchor: false, hiddenEvent: true };
    const addOnTour = { ...tour, anchorEventIds: ["ga"] };
    expect(listedWithCart(null, tour)).toBe(false);
    expect(listedWithCart(null, addOnTour)).toBe(false);
    expect(listedWithCart(null, concert)).toBe(true);
    const withoutAnchor = envelope([{ id: "t1", event: "concert", session: "s1", type: "seat" }]);
    expect(listedWithCart(withoutAnchor, addOnTour)).toBe(false);
    const withAnchor = envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], {
      meta: anchorMeta,
    });
    expect(listedWithCart(withAnchor, tour)).toBe(false);
    expect(listedWithCart(withAnchor, { ...tour, anchorEventIds: ["zoo"] })).toBe(false);
    expect(listedWithCart(withAnchor, addOnTour)).toBe(true);
  });
});

describe("cartStanding (spec 1 §4 'any state other than pending clears the local cart' and 'A cart with no expiry, no held tickets and nothing outstanding is treated as an already-completed order')", () => {
  const ticket = { id: "t1", event: "membership", type: "individual" };
  it("a pending cart with an expiry is timed", () => {
    expect(cartStanding(envelope([ticket]))).toBe("timed");
  });
  it("a state other than pending is done", () => {
    expect(cartStanding(envelope([ticket], { state: "booked" }))).toBe("done");
    expect(cartStanding(envelope([ticket], { state: "expired" }))).toBe("done");
  });
  it("no expiry but held tickets or money outstanding (a part-paid plan) stays open", () => {
    expect(cartStanding(envelope([ticket], { expiresIn: null, outstanding: "40.00" }))).toBe("open");
    expect(cartStanding(envelope([ticket], { expiresIn: null, outstanding: "0.00" }))).toBe("open");
    expect(cartStanding(envelope([], { expiresIn: null, outstanding: "40.00" }))).toBe("open");
  });
  it("no expiry, no held tickets and nothing outstanding is done (an already-completed order)", () => {
    expect(cartStanding(envelope([], { expiresIn: null, outstanding: "0.00" }))).toBe("done");
  });
});
