/**
 * Member tickets (spec 1 §3 membership rule, §5, §9): one ticket per member with its party
 * role; roles must be rules of the level; named roles once; unnamed roles between min and max
 * (negative max means 10); 'At least one member is required to purchase a membership'; the
 * primary role's ticket carries the level's price, every other member ticket is free.
 */
import { describe, expect, it } from "vitest";
import {
  AT_LEAST_ONE_MEMBER_TEXT,
  holdsCard,
  type MemberRule,
  memberFaceValue,
  memberTicketsProblem,
  primaryRole,
  resolveMemberRoles,
  unnamedMax,
} from "../../../src/lib/domain/membership/members.ts";

const rule = (
  ticketTypeId: string,
  partyRole: string,
  named: string,
  min: number,
  max: number,
): MemberRule => ({
  ticketTypeId,
  partyRole,
  named,
  min,
  max,
});

const DUAL = [
  rule("dual", "guest", "no", 0, 2),
  rule("dual", "second-card", "yes", 1, 1),
  rule("dual", "member", "yes", 1, 1),
];
const FAMILY = [...DUAL.map((r) => ({ ...r, ticketTypeId: "family" })), rule("family", "child", "no", 0, -1)];
const NO_MEMBER = [rule("patron", "second-card", "yes", 1, 1), rule("patron", "caregiver", "other", 0, 1)];

const t = <R extends string | null>(ticketTypeId: string, partyRole: R) => ({ ticketTypeId, partyRole });

describe("the level's primary role: 'member', else the highest-ranked named role", () => {
  it("'member' when the level has it", () => expect(primaryRole(DUAL)).toBe("member"));
  it("else the highest-ranked named role", () => expect(primaryRole(NO_MEMBER)).toBe("second-card"));
});

describe("a missing party_role means the level's primary role (then the next free named role)", () => {
  it("one ticket without a role is the member", () => {
    expect(resolveMemberRoles([t("dual", null)], DUAL)).toEqual(["member"]);
  });
  it("a second ticket without a role takes the next named role; given roles stay", () => {
    expect(resolveMemberRoles([t("dual", null), t("dual", null), t("dual", "guest")], DUAL)).toEqual([
      "member",
      "second-card",
      "guest",
    ]);
    expect(resolveMemberRoles([t("dual", null), t("dual", "member")], DUAL)).toEqual([
      "second-card",
      "member",
    ]);
  });
});

describe("member tickets are validated against the level's rules", () => {
  it("'At least one member is required to purchase a membership' (validation_failed)", () => {
    expect(memberTicketsProblem([t("dual", "second-card")], DUAL)?.message).toBe(AT_LEAST_ONE_MEMBER_TEXT);
    expect(memberTicketsProblem([t("dual", "guest")], DUAL)?.message).toBe(
      "At least one member is required to purchase a membership",
    );
  });
  it("named roles at most one ticket each per level", () => {
    expect(memberTicketsProblem([t("dual", "member"), t("dual", "member")], DUAL)?.message).toBe(
      "A membership has one member card.",
    );
  });
  it("a role that is not a rule of the level is refused", () => {
    expect(memberTicketsProblem([t("dual", "member"), t("dual", "child")], DUAL)?.partyRole).toBe("child");
  });
  it("unnamed roles between min and max", () => {
    const three = [t("dual", "member"), t("dual", "guest"), t("dual", "guest"), t("dual", "guest")];
    expect(memberTicketsProblem(three, DUAL)?.message).toBe("Choose between 0 and 2 guest tickets.");
    expect(memberTicketsProblem(three.slice(0, 3), DUAL)).toBeNull();
  });
  it("'Unnamed ticket maximum 10 when the rule max is negative' (spec 1 §9)", () => {
    expect(unnamedMax({ max: -1 })).toBe(10);
    const children = (n: number) => [
      t("family", "member"),
      ...Array.from({ length: n }, () => t("family", "child")),
    ];
    expect(memberTicketsProblem(children(10), FAMILY)).toBeNull();
    expect(memberTicketsProblem(children(11), FAMILY)?.message).toBe(
      "Choose between 0 and 10 child tickets.",
    );
  });
  it("levels are checked separately; a level without rules is not checked", () => {
    expect(
      memberTicketsProblem(
        [t("dual", "member"), t("family", "member"), t("other", "x")],
        FAMILY.concat(DUAL),
      ),
    ).toBeNull();
  });
});

describe("pricing: the primary role's ticket carries the level's price, every other member ticket is 0", () => {
  it("member pays, second card and guests are free", () => {
    expect(memberFaceValue("member", DUAL, 12000)).toBe(12000);
    expect(memberFaceValue("second-card", DUAL, 12000)).toBe(0);
    expect(memberFaceValue("guest", DUAL, 12000)).toBe(0);
  });
  it("without 'member', the highest-ranked named role pays", () => {
    expect(memberFaceValue("second-card", NO_MEMBER, 5000)).toBe(5000);
    expect(memberFaceValue("caregiver", NO_MEMBER, 5000)).toBe(0);
  });
  it("a level without rules keeps its price", () => expect(memberFaceValue("member", [], 7500)).toBe(7500));
});

describe("named roles (named yes|other) hold a card; unnamed roles hold none", () => {
  it("member and second-card hold cards, guest does not", () => {
    expect(holdsCard("member", DUAL)).toBe(true);
    expect(holdsCard("second-card", DUAL)).toBe(true);
    expect(holdsCard("guest", DUAL)).toBe(false);
    expect(holdsCard("caregiver", NO_MEMBER)).toBe(true);
  });
});
