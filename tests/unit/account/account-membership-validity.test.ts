import { describe, expect, it } from "vitest";
import { membershipValidity } from "../../../src/lib/domain/account/orders.ts";
import { formatOrderDate } from "../../../src/lib/domain/order-dates.ts";

const ada = {
  name: "Ada Lovelace",
  valid_from: "2026-10-08T04:00:00.000Z",
  valid_to: "2027-10-08T03:59:59.000Z",
};
const william = {
  name: "William King",
  valid_from: "2026-11-01T04:00:00.000Z",
  valid_to: "2027-11-01T03:59:59.000Z",
};

describe("'Membership tickets show the membership validity', dates as ddd, MMMM D YYYY", () => {
  it("the membership held by the ticket's admit name gives the dates", () => {
    const ticket = { admit_name: "William King", start_datetime: null, valid_to: null };
    expect(membershipValidity(ticket, [ada, william])).toEqual({
      from: william.valid_from,
      to: william.valid_to,
    });
  });

  it("without a holder by that name, the order's first membership", () => {
    const ticket = { admit_name: "Someone Else", start_datetime: null };
    expect(membershipValidity(ticket, [ada, william])).toEqual({ from: ada.valid_from, to: ada.valid_to });
  });

  it("without a membership row, the ticket's own validity; without either, none", () => {
    const dated = {
      admit_name: "Ada Lovelace",
      start_datetime: "2026-10-08T04:00:00.000Z",
      valid_to: "2027-10-08T04:00:00.000Z",
    };
    expect(membershipValidity(dated, [])).toEqual({ from: dated.start_datetime, to: dated.valid_to });
    expect(membershipValidity({ admit_name: null, start_datetime: null, valid_to: null }, [])).toBeNull();
  });

  it("the page's format: 'Thu, October 8 2026' in the venue's zone", () => {
    expect(formatOrderDate(ada.valid_from, "America/New_York")).toBe("Thu, October 8 2026");
  });
});
