import { describe, expect, it } from "vitest";
import type { TicketOrderEnvelope } from "../../../src/lib/api/checkout/client.ts";
import {
  completedContent,
  linksForOrders,
  orderLineWhen,
  orderViews,
} from "../../../src/lib/domain/completed-order.ts";
import { formatOrderDate } from "../../../src/lib/domain/order-dates.ts";

const ticket = (id: string, type: string, session: string | null, order = "to1") => ({
  id,
  state: "booked",
  ticket_type_id: type,
  ticket_group_id: "g",
  event_template_id: "ev",
  event_session_id: session,
  ticket_order_id: order,
  face_value: "25.00",
  adjusted_value: "25.00",
  admit_name: null,
  admit_email: null,
  seat_template_id: null,
  scan_code: "X",
  start_datetime: session ? "2026-11-22T15:00:00Z" : null,
  timezone: "America/New_York",
});

const envelope = {
  ticket_order: {
    _data: [
      {
        id: "to1",
        seller_id: "s",
        order_number: "1001",
        identity_id: "i",
        cart_id: "c",
        created_at: "2026-11-22T10:00:00Z",
        state: "completed",
        ticket_order_fees: { total_after_fees_price: "53.00" },
      },
    ],
  },
  ticket: {
    _data: [
      ticket("t1", "adult", "s1"),
      ticket("t2", "adult", "s1"),
      ticket("t3", "child", "s1"),
      ticket("t4", "adult", "s1", "other"),
    ],
  },
  ticket_type: {
    _data: [
      { id: "adult", name: "Adult" },
      { id: "child", name: "Child" },
    ],
  },
  event_template: { _data: [{ id: "ev", name: "General Admission" }] },
} as unknown as TicketOrderEnvelope;

describe("completed order (spec 2 §2)", () => {
  it("'The completion page has its membership variant': a card per member of the order with the level", () => {
    const withMembers = {
      ...envelope,
      ticket: { _data: [{ ...ticket("m1", "dual", null), ticket_group_id: "levels" }] },
      ticket_type: { _data: [{ id: "dual", name: "Dual" }] },
      ticket_group: { _data: [{ id: "levels", name: "Levels", handler: "membership" }] },
      membership: {
        _data: [
          { id: "a", ticket_order_id: "to1", scan_code: "HM000001", role: "member", name: "Mary Anning" },
          { id: "b", ticket_order_id: "other", scan_code: "HM000009", role: "member", name: "Someone Else" },
          {
            id: "c",
            ticket_order_id: "to1",
            scan_code: "HM000002",
            role: "second-card",
            name: "Joseph Anning",
          },
        ].map((m) => ({
          ...m,
          last_name: "Anning",
          valid_from: "2026-11-22T12:00:00Z",
          valid_to: "2027-11-22T05:00:00Z",
        })),
      },
    } as unknown as TicketOrderEnvelope;
    // 'valid until' is the last full day: a term ending at midnight 22 Nov shows 21 Nov (valid_to − 1 ms).
    const validUntil = "2027-11-22T04:59:59.999Z";
    expect(orderViews(withMembers)[0]?.memberships).toEqual([
      {
        id: "a",
        name: "Mary Anning",
        level: "Dual",
        scanCode: "HM000001",
        validTo: "2027-11-22T05:00:00Z",
        validUntil,
      },
      {
        id: "c",
        name: "Joseph Anning",
        level: "Dual",
        scanCode: "HM000002",
        validTo: "2027-11-22T05:00:00Z",
        validUntil,
      },
    ]);
    expect(formatOrderDate(validUntil, "America/New_York")).toBe("Sun, November 21 2027");
    // Member tickets are not listed as visit tickets.
    expect(orderViews(withMembers)[0]?.lines).toEqual([]);
    expect(orderViews(envelope)[0]?.memberships).toEqual([]);
  });

  it("shows the order number and its tickets grouped by session with per-type counts", () => {
    expect(orderViews(envelope)).toEqual([
      {
        id: "to1",
        orderNumber: "1001",
        createdAt: "2026-11-22T10:00:00Z",
        total: "53.00",
        feeLines: [],
        lines: [
          {
            eventName: "General Admission",
            start: "2026-11-22T15:00:00Z",
            sessionId: "s1",
            timeZone: "America/New_York",
            types: [
              { name: "Adult", count: 2, seats: [] },
              { name: "Child", count: 1, seats: [] },
            ],
            giftRecipient: null,
          },
        ],
        memberships: [],
        gift: null,
      },
    ]);
  });

  it("'Show the section, row and seat wherever a seated ticket is listed': seats and holders", () => {
    // Regression: the completion page listed '2 × Stalls seat' and never the chosen seats.
    const seated = (id: string, seat: string, holder: string | null) => ({
      ...ticket(id, "stalls", "s1"),
      ticket_group_id: "stalls-group",
      seat_template_id: seat,
      admit_name: holder,
    });
    const order = {
      ...envelope,
      ticket: { _data: [seated("t1", "seat-B12", "Ada Lovelace"), seated("t2", "seat-B5", null)] },
      ticket_type: { _data: [{ id: "stalls", name: "Stalls seat" }] },
      ticket_group: { _data: [{ id: "stalls-group", name: "Stalls" }] },
      seat: {
        _data: [
          { id: "seat-B12", seat_template_id: "seat-B12", name: "B12" },
          { id: "seat-B5", seat_template_id: "seat-B5", name: "B5" },
        ],
      },
    } as unknown as TicketOrderEnvelope;
    expect(orderViews(order)[0]?.lines[0]?.types).toEqual([
      {
        name: "Stalls seat",
        count: 2,
        seats: [
          { name: "B5", section: "Stalls", holder: null },
          { name: "B12", section: "Stalls", holder: "Ada Lovelace" },
        ],
      },
    ]);
  });

  it("'seller-configured message, links and images (a separate mobile image)' from seller meta", () => {
    const content = completedContent([
      { resource: "event_template", completed_order_message: "no" },
      {
        resource: "seller",
        completed_order_message: " Thanks! ",
        completed_order_links: [
          { label: "Plan your visit", url: "/harbour-museum/visit" },
          { label: "Bad", url: "javascript:alert(1)" },
          { label: "", url: "https://example.com" },
        ],
        completed_image: "hm/thanks.jpg",
        completed_mobile_image: "hm/thanks-mobile.jpg",
        completed_image_alternate_text: "Ships in the harbour",
      },
    ]);
    expect(content).toEqual({
      message: "Thanks!",
      links: [{ label: "Plan your visit", url: "/harbour-museum/visit" }],
      image: "hm/thanks.jpg",
      mobileImage: "hm/thanks-mobile.jpg",
      imageAlt: "Ships in the harbour",
    });
  });

  it("no seller meta gives no content", () => {
    expect(completedContent(undefined)).toEqual({
      message: null,
      links: [],
      image: null,
      mobileImage: null,
      imageAlt: "",
    });
  });
});

describe("the completion page says when each line's tickets are for", () => {
  it("regression: timed tickets showed no entry time; a session line reads 'ddd, MMMM D YYYY' and its time in the venue's zone", () => {
    const line = orderViews(envelope)[0]?.lines[0];
    if (!line) throw new Error("no line");
    expect(orderLineWhen(line, "en-US", "UTC")).toEqual({ date: "Sun, November 22 2026", time: "10:00 AM" });
  });
  it("an any-day ticket has no session, so no time, and no start, so no date", () => {
    expect(orderLineWhen({ start: null, sessionId: null, timeZone: null }, "en-US", "UTC")).toEqual({
      date: null,
      time: null,
    });
    expect(
      orderLineWhen(
        { start: "2026-11-22T15:00:00Z", sessionId: null, timeZone: null },
        "en-GB",
        "Europe/London",
      ),
    ).toEqual({ date: "Sun, November 22 2026", time: null });
  });
});

describe("'the completion page's gift variant'", () => {
  it("a gift order names its recipient (who it was sent to and the address the code went to)", () => {
    const order = {
      ...envelope.ticket_order._data[0],
      giftee: { name: "Grace Hopper", email: "grace@example.com" },
    } as (typeof envelope.ticket_order._data)[number];
    const views = orderViews({ ...envelope, ticket_order: { _count: 1, _data: [order] } });
    expect(views[0]?.gift).toMatchObject({ name: "Grace Hopper", email: "grace@example.com" });
  });
});

describe("a member's completion page (renewed or bought)", () => {
  const member = (id: string, role: string, scan: string) => ({
    id,
    ticket_order_id: "to1",
    scan_code: scan,
    role,
    name: id,
    last_name: "",
    valid_from: "2026-11-22T12:00:00Z",
    valid_to: "2027-11-22T05:00:00Z",
  });
  const withMembers = {
    ...envelope,
    ticket: { _data: [{ ...ticket("m1", "dual", null), ticket_group_id: "levels" }] },
    ticket_type: { _data: [{ id: "dual", name: "Dual" }] },
    ticket_group: { _data: [{ id: "levels", name: "Levels", handler: "membership" }] },
    membership: {
      _data: [member("Second", "second-card", "HM000001"), member("Primary", "member", "HM000002")],
    },
  } as unknown as TicketOrderEnvelope;

  it("lists the primary cardholder first, whatever the answer's order", () => {
    // Regression: the completion page listed the second cardholder first.
    expect(orderViews(withMembers)[0]?.memberships.map((m) => m.name)).toEqual(["Primary", "Second"]);
  });

  it("does not invite a member to join: the seller's links to the membership pages are left out", () => {
    // Regression: someone who had just renewed was offered 'Become a member'.
    const content = {
      links: [
        { label: "Plan your visit", url: "/harbour-museum/events" },
        { label: "Become a member", url: "/harbour-museum/membership" },
      ],
    };
    expect(linksForOrders(content, orderViews(withMembers)).map((l) => l.label)).toEqual(["Plan your visit"]);
    expect(linksForOrders(content, [{ memberships: [] }]).map((l) => l.label)).toEqual([
      "Plan your visit",
      "Become a member",
    ]);
  });
});
