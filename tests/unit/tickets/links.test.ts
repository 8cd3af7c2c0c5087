/** 'The wallet buttons show only then' (when walletprecheck answers ok), and the links they use. */
import { describe, expect, it } from "vitest";
import { walletButtons } from "../../../src/lib/api/tickets/client.ts";
import { orderCalendarLink, ticketLinks } from "../../../src/lib/api/tickets/schemas.ts";

describe("wallet buttons and links", () => {
  it("only the providers the precheck answered ok get a button", () => {
    expect(
      walletButtons({
        wallet_precheck: [
          { provider: "apple", ok: true },
          { provider: "google", ok: false },
        ],
      }),
    ).toEqual(["apple"]);
    expect(
      walletButtons({
        wallet_precheck: [
          { provider: "apple", ok: false },
          { provider: "google", ok: false },
        ],
      }),
    ).toEqual([]);
  });
  it("links are /api/ticket/{id}/pkpass and /gwpass (spec 2 §7), with the manage token when given", () => {
    expect(ticketLinks("t 1")).toEqual({
      pkpass: "/api/ticket/t%201/pkpass",
      gwpass: "/api/ticket/t%201/gwpass",
      precheck: "/api/ticket/t%201/walletprecheck",
    });
    expect(ticketLinks("t1", "v1.1.a+b").gwpass).toBe("/api/ticket/t1/gwpass?token=v1.1.a%2Bb");
    expect(orderCalendarLink("o1", "tok")).toBe("/api/ticket_order/o1/calendar.ics?token=tok");
  });
});
