/** The ticket cards shared by the tickets page, the completion page and the mail (domain/tickets/ticket-cards.ts). */
import { describe, expect, it } from "vitest";
import {
  cardInputsFromRead,
  hasTicketCard,
  MAIL_QR_LIMIT,
  mailQrPlan,
  type TicketCardInput,
  ticketCard,
  ticketCards,
} from "../../../src/lib/domain/tickets/ticket-cards.ts";

const NOW = new Date("2026-11-22T17:00:00Z"); // noon in New York
const input = (over: Partial<TicketCardInput> = {}): TicketCardInput => ({
  ticketId: "t-1",
  orderId: "o-1",
  orderNumber: "100200300",
  orderState: "completed",
  state: "booked",
  handler: "tickets",
  eventName: "General Admission",
  typeName: "Adult",
  admitName: "  Ada Lovelace ",
  sessionId: "s-1",
  // 05:30 UTC on the 25th is 00:30 on the 25th in New York (a date where UTC and the venue agree only by luck is no test).
  start: "2026-11-25T05:30:00Z",
  validTo: null,
  timeZone: "America/New_York",
  seat: null,
  scanCode: "SCAN123",
  ...over,
});

describe("ticket card", () => {
  it("'Dates in orders use the format ddd, MMMM D YYYY', with the time, in the venue's time zone (not UTC's date)", () => {
    const card = ticketCard(input(), NOW, "en-US");
    expect(card.date).toBe("Wed, November 25 2026");
    expect(card.time).toBe("12:30 AM");
    const london = ticketCard(
      input({ timeZone: "Europe/London", start: "2026-11-24T23:30:00Z" }),
      NOW,
      "en-GB",
    );
    expect(london.date).toBe("Tue, November 24 2026");
    expect(london.time).toBe("23:30");
  });

  it("a ticket's date is in the order's language, like its time: an Arabic order's card shows no English month", () => {
    const card = ticketCard(input({ timeZone: "Asia/Qatar", start: "2026-11-24T23:30:00Z" }), NOW, "ar-QA");
    // 02:30 on the 25th in Doha: the date and the time in one language, as the mail writes them.
    // Its own weekday, month and digits, not a copy of the formatter's options (which would pass
    // whatever the card did with them).
    expect(card.date).toBe("الأربعاء، ٢٥ نوفمبر ٢٠٢٦");
    expect(card.date).not.toMatch(/November|Nov/);
    expect(card.date).toMatch(/نوفمبر/);
  });

  it("an any-date ticket shows its first day and no time", () => {
    const card = ticketCard(input({ sessionId: null, start: "2026-11-20T05:00:00Z" }), NOW, "en-US");
    expect(card.date).toBe("Fri, November 20 2026");
    expect(card.time).toBeNull();
  });

  it("trims the admit name and keeps the seat and the order", () => {
    const card = ticketCard(input({ seat: { name: "B12", section: "Stalls" } }), NOW, "en-US");
    expect(card.admitName).toBe("Ada Lovelace");
    expect(card.seat).toEqual({ name: "B12", section: "Stalls" });
    expect(card.orderNumber).toBe("100200300");
  });
});

describe("ticket states (spec 2 §4)", () => {
  it("'Cancelled or unbooked count as cancelled': the state is Cancelled and 'a cancelled ticket's QR code is not shown'", () => {
    for (const state of ["cancelled", "unbooked"]) {
      const card = ticketCard(input({ state }), NOW, "en-US");
      expect(card.state).toBe("Cancelled");
      expect(card.showQr).toBe(false);
      expect(card.walletEligible).toBe(false);
    }
  });

  it("'A session is shown as Redeemed, Cancelled or Past Event': redeemed keeps its QR code", () => {
    const card = ticketCard(input({ state: "redeemed" }), NOW, "en-US");
    expect(card.state).toBe("Redeemed");
    expect(card.showQr).toBe(true);
  });

  it("Past Event once the session has started; an active future ticket has no state", () => {
    expect(ticketCard(input({ start: "2026-11-22T16:59:00Z" }), NOW, "en-US").state).toBe("Past Event");
    expect(ticketCard(input(), NOW, "en-US").state).toBeNull();
  });

  it("an any-date ticket is Past Event only when its validity has ended", () => {
    const started = input({
      sessionId: null,
      start: "2026-11-01T05:00:00Z",
      validTo: "2026-12-01T05:00:00Z",
    });
    expect(ticketCard(started, NOW, "en-US").state).toBeNull();
    expect(ticketCard({ ...started, validTo: "2026-11-21T05:00:00Z" }, NOW, "en-US").state).toBe(
      "Past Event",
    );
  });

  it("a ticket without a scan code shows no QR code", () => {
    expect(ticketCard(input({ scanCode: null }), NOW, "en-US").showQr).toBe(false);
  });
});

describe("which tickets get a card and a wallet pass", () => {
  it("'QR codes for orders and memberships, and wallet passes for tickets': memberships, donations and gift cards get no card", () => {
    expect(["membership", "donation", "ledger"].map(hasTicketCard)).toEqual([false, false, false]);
    expect(["tickets", "seated", "passes", "codes"].map(hasTicketCard)).toEqual([true, true, true, true]);
    const cards = ticketCards(
      [
        input({ ticketId: "a", handler: "donation" }),
        input({ ticketId: "b" }),
        input({ ticketId: "c", handler: "membership" }),
      ],
      NOW,
      "en-US",
    );
    expect(cards.map((c) => c.ticketId)).toEqual(["b"]);
  });

  it("only an active ticket of a completed order may ask walletprecheck", () => {
    expect(ticketCard(input(), NOW, "en-US").walletEligible).toBe(true);
    expect(ticketCard(input({ orderState: "pending" }), NOW, "en-US").walletEligible).toBe(false);
    expect(ticketCard(input({ scanCode: null }), NOW, "en-US").walletEligible).toBe(false);
  });

  it("cards come soonest first, undated last, otherwise in the order's order", () => {
    const cards = ticketCards(
      [
        input({ ticketId: "undated", sessionId: null, start: null }),
        input({ ticketId: "later", start: "2026-11-26T15:00:00Z" }),
        input({ ticketId: "sooner-1", start: "2026-11-25T15:00:00Z" }),
        input({ ticketId: "sooner-2", start: "2026-11-25T15:00:00Z" }),
      ],
      NOW,
      "en-US",
    );
    expect(cards.map((c) => c.ticketId)).toEqual(["sooner-1", "sooner-2", "later", "undated"]);
  });
});

describe("the mail's QR images", () => {
  it(`at most ${MAIL_QR_LIMIT} inline QR images; cancelled tickets take none; the rest are counted for the tickets page`, () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      input({ ticketId: `t-${i}`, state: i === 0 ? "cancelled" : "booked" }),
    );
    const plan = mailQrPlan(ticketCards(many, NOW, "en-US"));
    expect(plan.inline.size).toBe(MAIL_QR_LIMIT);
    expect(plan.inline.has("t-0")).toBe(false);
    expect(plan.inline.has("t-1")).toBe(true);
    expect(plan.more).toBe(4);
    expect(mailQrPlan(ticketCards([input()], NOW, "en-US")).more).toBe(0);
  });
});

describe("card inputs from an order read (the pages)", () => {
  it("joins the ticket to its order, type, group (handler, section), event and seat", () => {
    const inputs = cardInputsFromRead(
      {
        ticket_order: { _data: [{ id: "o-1", order_number: "42", state: "completed" }] },
        ticket: {
          _data: [
            {
              id: "t-1",
              state: "booked",
              ticket_type_id: "ty",
              ticket_group_id: "g",
              event_template_id: "e",
              event_session_id: "s",
              ticket_order_id: "o-1",
              admit_name: null,
              seat_template_id: "seat-1",
              scan_code: "X",
              start_datetime: "2026-11-25T15:00:00Z",
              timezone: null,
            },
            {
              ...{
                id: "t-2",
                state: "booked",
                ticket_type_id: "ty",
                ticket_group_id: "g",
                event_template_id: "e",
              },
              event_session_id: null,
              ticket_order_id: "other",
              admit_name: null,
              seat_template_id: null,
              scan_code: null,
              start_datetime: null,
              timezone: null,
            },
          ],
        },
        ticket_type: { _data: [{ id: "ty", name: "Adult" }] },
        ticket_group: { _data: [{ id: "g", name: "Stalls", handler: "seated" }] },
        event_template: { _data: [{ id: "e", name: "Evening Concert" }] },
        seat: { _data: [{ seat_template_id: "seat-1", name: "B12" }] },
      },
      "America/New_York",
    );
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({
      orderNumber: "42",
      handler: "seated",
      eventName: "Evening Concert",
      typeName: "Adult",
      seat: { name: "B12", section: "Stalls" },
      timeZone: "America/New_York",
    });
  });
});
