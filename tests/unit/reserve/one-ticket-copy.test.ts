import { describe, expect, it } from "vitest";
import { flexibleFieldLabel } from "../../../src/lib/domain/flexible-price.ts";
import { oneTicketOptionLabel } from "../../../src/lib/domain/one-ticket-label.ts";

const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const gbp = (minor: number) => `£${(minor / 100).toFixed(2)}`;

describe("copy: \"'$25 gift card ($25.00)'\"", () => {
  it("labels a type whose name states its price by the name alone", () => {
    expect(oneTicketOptionLabel("$25 gift card", 2500, usd)).toBe("$25 gift card");
    expect(oneTicketOptionLabel("£20 gift card", 2000, gbp)).toBe("£20 gift card");
    expect(oneTicketOptionLabel("$1,000 gift card", 100000, usd)).toBe("$1,000 gift card");
  });
  it("adds the price to a name that does not state it, or states another amount", () => {
    expect(oneTicketOptionLabel("Friend", 2500, usd)).toBe("Friend ($25.00)");
    expect(oneTicketOptionLabel("Gift for 2", 5000, usd)).toBe("Gift for 2 ($50.00)");
  });
});

describe("copy: \"the visible label 'Choose an amount amount'\"", () => {
  it("uses a type name that already speaks of an amount as the label", () => {
    expect(flexibleFieldLabel("Choose an amount", "{name} amount")).toBe("Choose an amount");
  });
  it("fills the tenant's template for any other name", () => {
    expect(flexibleFieldLabel("Donation", "{name} amount")).toBe("Donation amount");
  });
});
