import { describe, expect, it } from "vitest";
import { previousMembersOf, roleCountsOf } from "../../../src/islands/membership/membership-data.ts";
import type { MyMembershipEnvelope } from "../../../src/lib/api/membership/schemas.ts";

const membership = (id: string, role: string, name: string, lastName: string, orderId: string) => ({
  id,
  scan_code: `HM${id}`,
  role,
  role_id: role,
  name,
  last_name: lastName,
  auto_renew_state: null,
  valid_from: "2025-12-06T05:00:00.000Z",
  valid_to: "2026-12-07T05:00:00.000Z",
  membership_program_id: "hm-membership-levels",
  ticket_group_id: "hm-membership-levels",
  event_template_id: "hm-membership",
  ticket_order_id: orderId,
  renewal: { open: false, opens_at: "2026-10-08T04:00:00.000Z", window_days: 60 },
});

const ticket = (id: string, role: string, state = "booked") => ({
  id,
  ticket_order_id: "o1",
  ticket_type_id: "hm-membership-dual",
  ticket_group_id: "hm-membership-levels",
  event_template_id: "hm-membership",
  party_role: role,
  state,
});

const envelope: MyMembershipEnvelope = {
  membership: {
    _count: 2,
    _data: [
      membership("1", "member", "Alan Turing", "Turing", "o1"),
      membership("2", "second-card", "Joan Clarke", "Clarke", "o1"),
    ],
  },
  role: { _count: 0, _data: [] },
  membership_program: { _count: 0, _data: [] },
  ticket: {
    _count: 5,
    _data: [
      ticket("t1", "member"),
      ticket("t2", "second-card"),
      ticket("t3", "guest"),
      ticket("t4", "guest"),
      ticket("t5", "guest", "cancelled"),
    ],
  },
  ticket_order: { _count: 0, _data: [] },
};

describe("the membership form's reading of GET my/membership", () => {
  it("a card's full name is split at its last name; the level comes from the order's ticket", () => {
    const members = previousMembersOf(envelope, "hm-membership-levels");
    expect(members.map((m) => [m.role, m.first, m.last, m.levelId])).toEqual([
      ["member", "Alan", "Turing", "hm-membership-dual"],
      ["second-card", "Joan", "Clarke", "hm-membership-dual"],
    ]);
    expect(members[0]?.renewalOpensAt).toBe("2026-10-08T04:00:00.000Z");
    expect(previousMembersOf(envelope, "another-program")).toEqual([]);
  });

  it("the renewal's counts are the order's member tickets by party role ('cancelled tickets are excluded')", () => {
    expect(roleCountsOf(envelope, "o1")).toEqual({ member: 1, "second-card": 1, guest: 2 });
    expect(roleCountsOf(envelope, null)).toEqual({});
  });
});
