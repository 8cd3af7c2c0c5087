import { describe, expect, it } from "vitest";
import { cartItems } from "../../../src/lib/domain/cart-items.ts";
import { envelope } from "../cart-fixtures.ts";

describe("'donation and gift card lines say 'Any date''", () => {
  it("a donation, a gift card (ledger) and a membership are not visits: no date applies", () => {
    const cart = envelope(
      [
        { id: "d1", event: "donation", type: "gift", group: "don" },
        { id: "g1", event: "gift-card", type: "custom", group: "cards" },
        { id: "m1", event: "membership", type: "level", group: "mem" },
      ],
      { handlers: { don: "donation", cards: "ledger", mem: "membership" } },
    );
    expect(cartItems(cart).map((i) => [i.eventId, i.dated])).toEqual([
      ["donation", false],
      ["gift-card", false],
      ["membership", false],
    ]);
  });
  it("an undated pass still has a date that applies ('Any date'), and a session its start", () => {
    const cart = envelope(
      [
        { id: "p1", event: "flex-pass", type: "adult", group: "passes" },
        { id: "t1", event: "ga", session: "s1", type: "adult", group: "ga-general" },
      ],
      { handlers: { passes: "passes" } },
    );
    const [pass, ga] = cartItems(cart);
    expect(pass).toMatchObject({ dated: true, start: null });
    expect(ga).toMatchObject({ dated: true, start: "2026-07-04T18:30:00.000Z" });
  });
});

describe("'The gift card has no recipient name, e-mail or message'", () => {
  it("a gift card line carries the recipient answered in the cart's additional info for its group", () => {
    const cart = envelope([{ id: "g1", event: "gift-card", type: "custom", group: "cards" }], {
      handlers: { cards: "ledger" },
      additionalInfo: {
        cards: {
          recipient_name: " Ada Lovelace ",
          recipient_email: "ada@example.test",
          recipient_message: "",
        },
      },
    });
    expect(cartItems(cart)[0]?.giftRecipient).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.test",
      message: null,
    });
  });
  it("a line of another group, or a gift card with no recipient name, has none", () => {
    const cart = envelope(
      [
        { id: "g1", event: "gift-card", type: "custom", group: "cards" },
        { id: "t1", event: "ga", session: "s1", type: "adult", group: "ga-general" },
      ],
      { handlers: { cards: "ledger" }, additionalInfo: { "ga-general": { recipient_name: "Not a gift" } } },
    );
    expect(cartItems(cart).map((i) => i.giftRecipient)).toEqual([null, null]);
  });
});
