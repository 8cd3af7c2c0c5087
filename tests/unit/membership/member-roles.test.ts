import { describe, expect, it } from "vitest";
import { memberMayBuyGroup } from "../../../src/lib/domain/member-roles.ts";

describe("memberMayBuyGroup: 'show only to members whose role name matches a type or through a wildcard'", () => {
  it("a role matching a type name opens the group (case and spaces ignored)", () => {
    expect(memberMayBuyGroup(["member"], ["Member ", "Member's guest"])).toBe(true);
  });
  it("a wildcard type opens the group to any current member, but not to a visitor without roles", () => {
    expect(memberMayBuyGroup(["Patron"], ["*"])).toBe(true);
    expect(memberMayBuyGroup([], ["*"])).toBe(false);
  });
  it("a role matching no type keeps the group closed", () => {
    expect(memberMayBuyGroup(["Patron"], ["Member", "Member's guest"])).toBe(false);
  });
});
