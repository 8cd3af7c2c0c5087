import { describe, expect, it } from "vitest";
import { donationOffer } from "../../../src/lib/domain/donation-offer.ts";

const group = { id: "g-donation", handler: "donation" as const };
const type = {
  id: "t-donation",
  ticket_group_id: "g-donation",
  name: "Donation",
  currency_amount: "25.00",
  currency_amount_min: "1.00",
  currency_amount_max: "1000.00",
};

describe("donationOffer", () => {
  it("offers the donation group's flexible type with presets within min and max", () => {
    expect(donationOffer([group], [type])).toEqual({
      ticketTypeId: "t-donation",
      name: "Donation",
      min: 100,
      max: 100_000,
      presets: [1000, 2500, 5000],
    });
  });
  it("drops presets outside the bounds and keeps the type's own amount", () => {
    const offer = donationOffer(
      [group],
      [{ ...type, currency_amount: "30.00", currency_amount_max: "40.00" }],
    );
    expect(offer?.presets).toEqual([1000, 2500, 3000]);
  });
  it("no donation group (or no flexible type) gives no offer", () => {
    expect(donationOffer([{ ...group, handler: "ledger" }], [type])).toBeNull();
    expect(
      donationOffer([group], [{ ...type, currency_amount_min: null, currency_amount_max: null }]),
    ).toBeNull();
  });
});
