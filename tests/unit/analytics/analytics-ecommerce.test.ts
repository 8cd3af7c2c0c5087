/**
 * Spec 1 §7 "Analytics events, sent only with a tag-manager container id: add_to_cart,
 * remove_from_cart, begin_checkout, purchase, view_item (ticket id, ticket_type_id,
 * event_template_id, ticket_group_id, handler, face_value, adjusted_value, fee; ...)".
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { pushAnalytics } from "../../../src/lib/analytics/data-layer.ts";
import { ticketItems, viewItemEvent } from "../../../src/lib/domain/analytics/ecommerce.ts";

const input = {
  eventId: "hm-general-admission",
  eventName: "General Admission",
  currency: "USD",
  groups: [
    { id: "g-timed", handler: "timed" },
    { id: "g-pass", handler: "passes" },
  ],
  types: [
    { id: "pass", ticket_group_id: "g-pass", currency_amount: "40", outside_fees: [] },
    {
      id: "adult",
      ticket_group_id: "g-timed",
      currency_amount: "20.00",
      outside_fees: [
        { type: "fee_fixed_outside", fee: "1.50" },
        { type: "fee_percent_outside", fee: "10.00" },
      ],
    },
    { id: "child", ticket_group_id: "g-timed", currency_amount: "12.5", outside_fees: [] },
    { id: "hidden", ticket_group_id: "g-members", currency_amount: "0", outside_fees: [] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("view_item (spec 1 §7)", () => {
  it("one item per ticket type shown, shaped as the cart events' items plus the handler", () => {
    const event = viewItemEvent(input);
    expect(event).toEqual({
      event: "view_item",
      ecommerce: {
        currency: "USD",
        event_template_id: "hm-general-admission",
        item_name: "General Admission",
        items: [
          {
            ticket_type_id: "adult",
            event_template_id: "hm-general-admission",
            ticket_group_id: "g-timed",
            handler: "timed",
            face_value: "20.00",
            // 1.50 fixed + 10 % of 20.00
            fee: "3.50",
          },
          {
            ticket_type_id: "child",
            event_template_id: "hm-general-admission",
            ticket_group_id: "g-timed",
            handler: "timed",
            face_value: "12.50",
            fee: "0.00",
          },
          {
            ticket_type_id: "pass",
            event_template_id: "hm-general-admission",
            ticket_group_id: "g-pass",
            handler: "passes",
            face_value: "40.00",
            fee: "0.00",
          },
        ],
      },
    });
  });

  it("types of groups not shown on the page (members only, filtered out) are left out", () => {
    const ids = (viewItemEvent(input).ecommerce.items as { ticket_type_id: string }[]).map(
      (i) => i.ticket_type_id,
    );
    expect(ids).not.toContain("hidden");
  });

  it("the cart events' items keep their shape (ticket id, type, event, group, face value, fee)", () => {
    expect(
      ticketItems([
        {
          id: "t1",
          ticket_type_id: "adult",
          event_template_id: "e",
          ticket_group_id: "g",
          face_value: "20.00",
          fee_fixed_outside: "1.50",
        },
      ]),
    ).toEqual([
      {
        ticket_id: "t1",
        ticket_type_id: "adult",
        event_template_id: "e",
        ticket_group_id: "g",
        face_value: "20.00",
        fee: "1.50",
      },
    ]);
  });
});

describe("'sent only with a tag-manager container id'", () => {
  it("pushes to dataLayer with an id, and nothing without one", () => {
    const w: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", w);
    pushAnalytics(undefined, viewItemEvent(input));
    pushAnalytics("", viewItemEvent(input));
    expect(w.dataLayer).toBeUndefined();
    pushAnalytics("GTM-TEST1", viewItemEvent(input));
    expect(w.dataLayer).toEqual([viewItemEvent(input)]);
  });
});
