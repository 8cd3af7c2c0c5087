/**
 * The code-required rule of a cart (spec 2 §2 "a form for a cart blocked until a code is entered";
 * §8 "rule_blocks_reserve with block_reason code_required means a promo code is needed"): which
 * held groups wait for a code, and which codes apply to a group.
 */
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_CODE_REQUIRED,
  codeAppliesToGroup,
  groupsAwaitingCode,
} from "../../../src/lib/server/services/cart/blocking.ts";

const held = (ticketGroupId: string, ticketTypeId: string) => ({ ticketGroupId, ticketTypeId });
const flagged = new Map<string, Record<string, unknown>>([
  ["tour", { [CHECKOUT_CODE_REQUIRED]: true, admit_names: "required" }],
  ["ga", { admit_names: "optional" }],
  ["off", { [CHECKOUT_CODE_REQUIRED]: "yes" }],
]);

describe("codeAppliesToGroup", () => {
  it("a code applies when it unlocks the group", () => {
    expect(codeAppliesToGroup({ unlocks_ticket_group_ids: ["tour"] }, "tour", ["tour-adult"])).toBe(true);
    expect(codeAppliesToGroup({ unlocks_ticket_group_ids: ["other"] }, "tour", ["tour-adult"])).toBe(false);
  });

  it("a code applies when its ticket types name a held type of the group", () => {
    const benefit = { percent_off: 1000, ticket_type_ids: ["tour-adult"] };
    expect(codeAppliesToGroup(benefit, "tour", ["tour-adult"])).toBe(true);
    expect(codeAppliesToGroup(benefit, "tour", ["tour-child"])).toBe(false);
  });

  it("a general discount (no types, no unlocks) or an unreadable benefit does not open a group", () => {
    expect(codeAppliesToGroup({ percent_off: 1000 }, "tour", ["tour-adult"])).toBe(false);
    expect(codeAppliesToGroup("not a benefit", "tour", ["tour-adult"])).toBe(false);
  });
});

describe("groupsAwaitingCode", () => {
  it("a held group with checkout_code_required: true waits for a code; other groups never do", () => {
    const tickets = [held("ga", "ga-adult"), held("tour", "tour-adult"), held("off", "off-adult")];
    expect(groupsAwaitingCode(tickets, flagged, [])).toEqual(["tour"]);
  });

  it("a code that applies to the group clears it; one for another group does not", () => {
    const tickets = [held("tour", "tour-adult"), held("tour", "tour-adult")];
    expect(groupsAwaitingCode(tickets, flagged, [{ benefit: { unlocks_ticket_group_ids: ["x"] } }])).toEqual([
      "tour",
    ]);
    expect(
      groupsAwaitingCode(tickets, flagged, [{ benefit: { unlocks_ticket_group_ids: ["tour"] } }]),
    ).toEqual([]);
  });

  it("nothing held, nothing waits", () => {
    expect(groupsAwaitingCode([], flagged, [])).toEqual([]);
  });
});
