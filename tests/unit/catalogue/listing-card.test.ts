import { describe, expect, it } from "vitest";
import {
  CARD_CTA_KEYS,
  cardAction,
  cardImageLoading,
  EAGER_CARD_IMAGES,
} from "../../../src/lib/domain/listing-card.ts";
import { defaultStrings } from "../../../src/lib/tenant/strings.ts";

describe("cardAction: what a listing card's button offers", () => {
  it("a visit (tickets, passes, seated) says 'Get tickets'", () => {
    expect(cardAction("date_first", ["tickets"])).toBe("tickets");
    expect(cardAction("date_first", ["seated", null])).toBe("tickets");
    expect(cardAction(undefined, [])).toBe("tickets");
  });

  it("a donation, a gift card (ledger) and a membership each name what they are", () => {
    // Regression: donation and membership cards said 'Get tickets'.
    expect(cardAction("one_ticket", ["donation"])).toBe("donate");
    expect(cardAction("one_ticket", ["ledger"])).toBe("giftCard");
    expect(cardAction("membership", ["membership"])).toBe("membership");
    expect(cardAction(undefined, ["membership"])).toBe("membership");
    expect(cardAction("membership", [])).toBe("membership");
  });

  it("each action's button text is a tenant string, the spec's 'Get tickets' for a visit", () => {
    expect(defaultStrings[CARD_CTA_KEYS.tickets]).toBe("Get tickets");
    expect(defaultStrings[CARD_CTA_KEYS.donate]).toBe("Donate");
    expect(defaultStrings[CARD_CTA_KEYS.giftCard]).toBe("Buy a gift card");
    expect(defaultStrings[CARD_CTA_KEYS.membership]).toBe("Become a member");
  });
});

describe("cardImageLoading", () => {
  it("the first card's image is eager and high priority (the likely LCP element)", () => {
    expect(cardImageLoading(0, false)).toEqual({ loading: "eager", fetchpriority: "high" });
  });

  it("the rest of a desktop's first screen is eager at the browser's own priority", () => {
    expect(cardImageLoading(1, false)).toEqual({ loading: "eager" });
    expect(cardImageLoading(3, false)).toEqual({ loading: "eager" });
  });

  it("the last cards of a short listing load too, at low priority", () => {
    // Regression: the listing's last two cards (of eight) showed empty image boxes in a full-page capture.
    expect(cardImageLoading(6, false)).toEqual({ loading: "eager", fetchpriority: "low" });
    expect(cardImageLoading(EAGER_CARD_IMAGES - 1, false)).toEqual({
      loading: "eager",
      fetchpriority: "low",
    });
  });

  it("a long catalogue's later cards and a hidden card stay lazy", () => {
    expect(cardImageLoading(EAGER_CARD_IMAGES, false)).toEqual({ loading: "lazy" });
    expect(cardImageLoading(40, false)).toEqual({ loading: "lazy" });
    expect(cardImageLoading(0, true)).toEqual({ loading: "lazy" });
  });
});
