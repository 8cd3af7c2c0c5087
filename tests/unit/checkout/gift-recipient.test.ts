import { describe, expect, it } from "vitest";
import type { TicketOrderEnvelope } from "../../../src/lib/api/checkout/client.ts";
import { orderViews } from "../../../src/lib/domain/completed-order.ts";
import {
  GIFT_RECIPIENT_KEYS,
  giftRecipientOf,
  giftRecipientSurvey,
} from "../../../src/lib/domain/gift-recipient.ts";
import { surveyQuestions } from "../../../src/lib/domain/survey.ts";

describe("'The gift card has no recipient name, e-mail or message'", () => {
  it("the gift card survey asks the recipient's name and e-mail (required) and a message, in that order", () => {
    const survey = surveyQuestions(
      giftRecipientSurvey({ name: "Name", email: "E-mail", message: "Message" }),
    );
    expect(survey.errors).toEqual([]);
    expect(survey.questions.map((q) => [q.key, q.title, q.format, q.required])).toEqual([
      [GIFT_RECIPIENT_KEYS.name, "Name", undefined, true],
      [GIFT_RECIPIENT_KEYS.email, "E-mail", "email", true],
      [GIFT_RECIPIENT_KEYS.message, "Message", undefined, false],
    ]);
  });

  it("reads the recipient of one group from the additional info, trimmed, blanks as null", () => {
    const info = { cards: { recipient_name: "Ada ", recipient_email: "", recipient_message: " Enjoy! " } };
    expect(giftRecipientOf(info, "cards")).toEqual({ name: "Ada", email: null, message: "Enjoy!" });
    expect(giftRecipientOf(info, "other")).toBeNull();
    expect(giftRecipientOf({ cards: { recipient_name: "  " } }, "cards")).toBeNull();
    expect(giftRecipientOf(null, "cards")).toBeNull();
    expect(giftRecipientOf({ cards: "not answers" }, "cards")).toBeNull();
  });

  it("the completed order shows the gift card line's recipient from the order's additional info", () => {
    const order = {
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
            ticket_order_fees: { total_after_fees_price: "40.00" },
            additional_info: {
              cards: { recipient_name: "Ada Lovelace", recipient_email: "ada@example.test" },
            },
          },
        ],
      },
      ticket: {
        _data: [
          {
            id: "t1",
            state: "booked",
            ticket_type_id: "custom",
            ticket_group_id: "cards",
            event_template_id: "gift-card",
            event_session_id: null,
            ticket_order_id: "to1",
            face_value: "40.00",
            adjusted_value: "40.00",
            admit_name: null,
            admit_email: null,
            seat_template_id: null,
            scan_code: "X",
            start_datetime: null,
            timezone: "America/New_York",
          },
        ],
      },
      ticket_type: { _data: [{ id: "custom", name: "Custom amount" }] },
      ticket_group: { _data: [{ id: "cards", name: "Gift cards", handler: "ledger" }] },
      event_template: { _data: [{ id: "gift-card", name: "Gift card" }] },
    } as unknown as TicketOrderEnvelope;
    expect(orderViews(order)[0]?.lines[0]?.giftRecipient).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.test",
      message: null,
    });
  });
});
