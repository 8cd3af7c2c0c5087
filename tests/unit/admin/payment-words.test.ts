import { describe, expect, it } from "vitest";
import { paidBy, refundedThrough } from "../../../src/lib/domain/admin/payment-words.ts";

describe("the back office names payments in words, never by a gateway's id", () => {
  it("paid by", () => {
    expect(paidBy({ gateway: "stripe", cardLast4: "4242" })).toBe("card ending 4242");
    expect(paidBy({ gateway: "test" })).toBe("card");
    expect(paidBy({ gateway: "ledger", giftCardNumber: "GC-1" })).toBe("gift card GC-1");
    expect(paidBy({ gateway: "desk_cash" })).toBe("cash at the desk");
    expect(paidBy({ gateway: "desk_card", cardLast4: "1111" })).toBe("card ending 1111 at the desk");
    expect(paidBy({ gateway: "free" })).toBe("nothing to pay");
  });
  it("refunded through", () => {
    expect(refundedThrough("ledger")).toBe("the gift card");
    expect(refundedThrough("desk_cash")).toBe("cash at the desk");
    expect(refundedThrough("stripe")).toBe("Stripe");
    expect(refundedThrough("test")).toBe("the test gateway");
  });
});
