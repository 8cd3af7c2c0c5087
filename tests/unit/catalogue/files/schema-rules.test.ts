/**
 * The rules of the catalogue's schemas, one test each, quoting the words a file's author reads.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { codeSchema } from "../../../../src/lib/catalogue/schema/code.ts";
import { eventSchema } from "../../../../src/lib/catalogue/schema/event.ts";
import { membershipRoleSchema } from "../../../../src/lib/catalogue/schema/membership.ts";
import { messageRuleSchema } from "../../../../src/lib/catalogue/schema/message-rule.ts";
import { seatMapSchema } from "../../../../src/lib/catalogue/schema/seat-map.ts";
import { ticketGroupSchema, ticketTypeSchema } from "../../../../src/lib/catalogue/schema/ticket.ts";

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const type = { id: "t-adult", name: "Adult", price: 25 };
const group = { id: "t-general", name: "General", kind: "tickets", types: [type] };
const event = {
  id: "t-event",
  name: "Event",
  category: "Tours",
  type: "repeating",
  reserve_flow: "date_first",
  groups: [group],
};

describe("catalogue schema rules", () => {
  it("a valid event passes", () => {
    expect(messagesOf(eventSchema, event)).toEqual([]);
  });

  it('"An id uses lower-case letters, digits and hyphens only"', () => {
    expect(messagesOf(eventSchema, { ...event, id: "My Event" })).toEqual([
      "An id uses lower-case letters, digits and hyphens only, for example hm-general-admission.",
    ]);
  });

  it('"An event sells at least one ticket group."', () => {
    expect(messagesOf(eventSchema, { ...event, groups: [] })).toEqual([
      "An event sells at least one ticket group.",
    ]);
  });

  it('"A ticket group sells at least one ticket type."', () => {
    expect(messagesOf(ticketGroupSchema, { ...group, types: [] })).toEqual([
      "A ticket group sells at least one ticket type.",
    ]);
  });

  it('"Write a price as a number like 25.00."', () => {
    expect(messagesOf(ticketTypeSchema, { ...type, price: "25.00" })).toEqual([
      "Write a price as a number like 25.00.",
    ]);
  });

  it('"A price is never negative."', () => {
    expect(messagesOf(ticketTypeSchema, { ...type, price: -1 })).toEqual(["A price is never negative."]);
  });

  it('"The lowest price must not be above the highest."', () => {
    expect(messagesOf(ticketTypeSchema, { ...type, min_price: 50, max_price: 10, price: 20 })).toContain(
      "The lowest price must not be above the highest.",
    );
  });

  it('"The suggested price must not be below the lowest price."', () => {
    expect(messagesOf(ticketTypeSchema, { ...type, price: 5, min_price: 10 })).toEqual([
      "The suggested price must not be below the lowest price.",
    ]);
  });

  it('"A percentage is at most 100."', () => {
    expect(messagesOf(ticketTypeSchema, { ...type, fee_percent: 250 })).toEqual([
      "A percentage is at most 100.",
    ]);
  });

  it('"The least per order must not be above the most per order."', () => {
    expect(messagesOf(ticketGroupSchema, { ...group, min_per_order: 5, max_per_order: 2 })).toEqual([
      "The least per order must not be above the most per order.",
    ]);
  });

  it('"Write a duration like P1Y (a year), P6M or P30D."', () => {
    expect(messagesOf(ticketGroupSchema, { ...group, valid_for: "1 year" })).toEqual([
      "Write a duration like P1Y (a year), P6M or P30D.",
    ]);
  });

  it('"An add-on names at least one event it is added to."', () => {
    expect(messagesOf(eventSchema, { ...event, add_on: { anchors: [] } })).toEqual([
      "An add-on names at least one event it is added to.",
    ]);
  });

  it('"A code takes either a percentage or an amount off, not both."', () => {
    expect(
      messagesOf(codeSchema, {
        code: "SAVE",
        kind: "promo",
        description: "d",
        percent_off: 10,
        amount_off: 5,
      }),
    ).toEqual(["A code takes either a percentage or an amount off, not both."]);
  });

  it('"A voucher or a gift of membership names the ticket types it is for."', () => {
    expect(messagesOf(codeSchema, { code: "CP123", kind: "voucher", description: "d" })).toEqual([
      "A voucher or a gift of membership names the ticket types it is for.",
    ]);
  });

  it('"Write a date as YYYY-MM-DD, or today, today+30 or today-30."', () => {
    expect(
      messagesOf(codeSchema, { code: "SAVE", kind: "promo", description: "d", valid_until: "next year" }),
    ).toEqual(["Write a date as YYYY-MM-DD, or today, today+30 or today-30."]);
    expect(
      messagesOf(codeSchema, {
        code: "SAVE",
        kind: "promo",
        description: "d",
        valid_from: "today-30",
        valid_until: "2027-12-31",
      }),
    ).toEqual([]);
  });

  it('"The least must not be above the most." (membership roles)', () => {
    expect(messagesOf(membershipRoleSchema, { role: "guest", named: "no", min: 3, max: 2 })).toEqual([
      "The least must not be above the most.",
    ]);
  });

  it('"A rule shows at least one message."', () => {
    expect(messagesOf(messageRuleSchema, { event: "t-event", show: {}, when: {} })).toEqual([
      "A rule shows at least one message.",
    ]);
  });

  it('"Name a seat by its row and number, for example A1."', () => {
    const map = {
      id: "t-map",
      event: "t-event",
      width: 100,
      height: 100,
      seat_id_prefix: "t-seat-",
      rows: [{ name: "A", group: "t-general", seats: 2, x: 10, y: 10, spacing: 20, radius: 5 }],
      unavailable: ["first"],
    };
    expect(messagesOf(seatMapSchema, map)).toEqual(["Name a seat by its row and number, for example A1."]);
  });
});
