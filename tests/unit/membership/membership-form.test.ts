import { describe, expect, it } from "vitest";
import { withArticle } from "../../../src/lib/domain/article.ts";
import {
  AT_LEAST_ONE_MEMBER,
  afterReservePath,
  asksAutoRenew,
  calendarDayOf,
  carryDetails,
  type FormLevel,
  type FormRule,
  GIFT_TO_SELF,
  giftTicketLines,
  initialCounts,
  initialLevel,
  isGiftToSelf,
  keptEntries,
  lastValidDay,
  memberSections,
  membershipErrorView,
  membersProblem,
  memberTicketLines,
  previousMembership,
  renewPrefill,
  showsHeldMembership,
  sortLevels,
  startLabelKey,
} from "../../../src/lib/domain/membership/form.ts";

const rule = (
  ticketTypeId: string,
  partyRole: string,
  named: FormRule["named"],
  min = 1,
  max = 1,
): FormRule => ({
  ticketTypeId,
  partyRole,
  named,
  min,
  max,
});

// The harbour demo's levels: Individual (member + guests), Dual (member, second card, guests),
// Family (Dual plus up to 4 children).
const RULES: FormRule[] = [
  rule("individual", "member", "yes"),
  rule("individual", "guest", "no", 0, 2),
  rule("dual", "guest", "no", 0, 2),
  rule("dual", "second-card", "yes"),
  rule("dual", "member", "yes"),
  rule("family", "member", "yes"),
  rule("family", "second-card", "yes"),
  rule("family", "guest", "no", 0, 2),
  rule("family", "child", "no", 0, 4),
];

const level = (id: string, rank: number, amount: number): FormLevel => ({
  id,
  name: id,
  summary: null,
  amount,
  rank,
});

describe("levels", () => {
  it("'Ticket sort for membership by rank' (spec 1 §9)", () => {
    const sorted = sortLevels([
      level("family", 3, 18000),
      level("individual", 1, 7500),
      level("dual", 2, 12000),
    ]);
    expect(sorted.map((l) => l.id)).toEqual(["individual", "dual", "family"]);
  });

  it("'A level is auto-selected when only one exists' (spec 1 §4); a preselected level wins", () => {
    expect(initialLevel([level("only", 0, 100)])).toBe("only");
    expect(initialLevel([level("a", 0, 1), level("b", 1, 2)])).toBeUndefined();
    expect(initialLevel([level("a", 0, 1), level("b", 1, 2)], "b")).toBe("b");
    expect(initialLevel([level("a", 0, 1), level("b", 1, 2)], "unknown")).toBeUndefined();
  });
});

describe("member sections from the membership rules", () => {
  it("named roles come first in role order ('member' is the primary), unnamed roles are steppers", () => {
    const s = memberSections(RULES, "dual");
    expect(s.named.map((n) => [n.key, n.required])).toEqual([
      ["member#0", true],
      ["second-card#0", true],
    ]);
    expect(s.unnamed).toEqual([{ role: "guest", min: 0, max: 2, hidden: false }]);
  });

  it("'Unnamed roles show a stepper between min and max starting at min, hidden when min equals max' (spec 1 §5)", () => {
    const s = memberSections(
      [rule("x", "member", "yes"), rule("x", "child", "no", 1, 3), rule("x", "guest", "no", 2, 2)],
      "x",
    );
    expect(s.unnamed).toEqual([
      { role: "child", min: 1, max: 3, hidden: false },
      { role: "guest", min: 2, max: 2, hidden: true },
    ]);
    expect(initialCounts(s)).toEqual({ child: 1, guest: 2 });
  });

  it("'Unnamed ticket maximum 10 when the rule max is negative' (spec 1 §9)", () => {
    expect(memberSections([rule("x", "guest", "no", 0, -1)], "x").unnamed[0]?.max).toBe(10);
  });

  it("named 'other' asks for an optional member", () => {
    const s = memberSections([rule("x", "member", "yes"), rule("x", "caregiver", "other", 0, 1)], "x");
    expect(s.named.map((n) => [n.role, n.required])).toEqual([
      ["member", true],
      ["caregiver", false],
    ]);
  });
});

describe("level change", () => {
  it("'details for a party role are copied to the same role of the new level'; counts stay within the new bounds", () => {
    const carried = carryDetails(
      RULES,
      "family",
      "dual",
      {
        "member#0": { first: "Ada", last: "Lovelace", email: "ada@example.test" },
        "second-card#0": { first: "Charles", last: "Babbage", email: "" },
      },
      { guest: 2, child: 3 },
    );
    expect(carried.details["member#0"]?.first).toBe("Ada");
    expect(carried.details["second-card#0"]?.first).toBe("Charles");
    expect(carried.counts).toEqual({ guest: 2 });
    expect(carried.problems).toEqual([]);
  });

  it("roles the new level has not are dropped", () => {
    const carried = carryDetails(
      RULES,
      "dual",
      "individual",
      { "second-card#0": { first: "Charles", last: "Babbage", email: "" } },
      {},
    );
    expect(carried.details).toEqual({});
  });

  it("'if several rules share a party role and some are named, a problem is logged and nothing is copied'", () => {
    const rules = [...RULES, rule("odd", "member", "yes"), rule("odd", "member", "no", 0, 2)];
    const carried = carryDetails(
      rules,
      "dual",
      "odd",
      { "member#0": { first: "Ada", last: "L", email: "" } },
      {},
    );
    expect(carried.problems).toEqual(["member"]);
    expect(carried.details).toEqual({});
  });
});

describe("the reserve lines", () => {
  const sections = memberSections(RULES, "family");

  it("'Named-role entries are kept only when the rule's named value is not no and a name or e-mail exists' (spec 1 §5)", () => {
    const kept = keptEntries(sections, {
      "member#0": { first: "Ada", last: "Lovelace", email: "" },
      "second-card#0": { first: " ", last: "", email: "" },
    });
    expect(kept.map((k) => k.slot.key)).toEqual(["member#0"]);
  });

  it("one line per member with the level, party role and 'first and last joined'; quantity lines for unnamed roles", () => {
    const lines = memberTicketLines(
      "family",
      sections,
      {
        "member#0": { first: " Ada ", last: "Lovelace", email: "ada@example.test" },
        "second-card#0": { first: "Charles", last: "Babbage", email: "" },
      },
      { guest: 0, child: 2 },
    );
    expect(lines).toEqual([
      {
        ticket_type_id: "family",
        party_role: "member",
        admit_name: "Ada Lovelace",
        admit_email: "ada@example.test",
      },
      { ticket_type_id: "family", party_role: "second-card", admit_name: "Charles Babbage" },
      { ticket_type_id: "family", party_role: "child", quantity: 2 },
    ]);
  });

  it("'At least one member is required to purchase a membership' (spec 1 §5)", () => {
    expect(AT_LEAST_ONE_MEMBER).toBe("At least one member is required to purchase a membership");
    const onlyGuests = memberTicketLines("family", sections, {}, { guest: 2 });
    expect(membersProblem(onlyGuests)).toBe(AT_LEAST_ONE_MEMBER);
    expect(
      membersProblem(
        memberTicketLines("family", sections, { "member#0": { first: "A", last: "B", email: "" } }, {}),
      ),
    ).toBeNull();
  });

  it("'Gifting to one's own e-mail refused' (spec 1 §5), ignoring case and spaces", () => {
    expect(GIFT_TO_SELF).toBe(
      "You can not gift membership to yourself. Do you want to buy or renew membership for yourself?",
    );
    expect(isGiftToSelf(" Ada@Example.test ", "ada@example.test")).toBe(true);
    expect(isGiftToSelf("friend@example.test", "ada@example.test")).toBe(false);
    expect(isGiftToSelf("ada@example.test", null)).toBe(false);
  });
});

describe("renewal", () => {
  const levels = [level("individual", 1, 7500), level("dual", 2, 12000), level("family", 3, 18000)];
  const members = [
    {
      role: "second-card",
      first: "Charles",
      last: "Babbage",
      validTo: "2026-12-01T05:00:00Z",
      levelId: "dual",
      orderId: "o2",
    },
    {
      role: "member",
      first: "Ada",
      last: "Lovelace",
      validTo: "2026-12-01T05:00:00Z",
      levelId: "dual",
      orderId: "o2",
    },
    {
      role: "member",
      first: "Ada",
      last: "Lovelace",
      validTo: "2025-12-01T05:00:00Z",
      levelId: "individual",
      orderId: "o1",
    },
  ];

  it("the previous membership is the latest term of the program (expiry and last level)", () => {
    const prev = previousMembership(members);
    expect(prev?.levelId).toBe("dual");
    expect(prev?.validTo).toBe("2026-12-01T05:00:00Z");
    expect(prev?.members).toHaveLength(2);
    expect(prev?.ended).toBe(false);
    expect(previousMembership([])).toBeNull();
  });

  it("an ended term is marked, so the form says the renewal starts today rather than at its end", () => {
    const ended = members.map((m) => ({ ...m, ended: true }));
    expect(previousMembership(ended)?.ended).toBe(true);
  });

  it("'On renew, current level, counts and named details are prefilled' (spec 1 §4)", () => {
    const prev = previousMembership(members);
    if (!prev) throw new Error("no previous membership");
    const prefill = renewPrefill(RULES, levels, prev, { guest: 5 });
    expect(prefill?.levelId).toBe("dual");
    expect(prefill?.details).toEqual({
      "member#0": { first: "Ada", last: "Lovelace", email: "" },
      "second-card#0": { first: "Charles", last: "Babbage", email: "" },
    });
    expect(prefill?.counts).toEqual({ guest: 2 });
  });

  it("a level that is no longer sold gives no prefill", () => {
    expect(
      renewPrefill(RULES, levels, {
        levelId: "gone",
        validTo: "2026-01-01T00:00:00Z",
        renewalOpensAt: null,
        ended: false,
        members: [],
      }),
    ).toBeNull();
  });

  it("the last valid day is the day before the exclusive end, in the tenant's zone", () => {
    expect(lastValidDay("2026-12-01T05:00:00Z", "America/New_York")).toBe("2026-11-30");
    expect(lastValidDay("2026-12-01T00:00:00Z", "Europe/London")).toBe("2026-11-30");
    expect(lastValidDay("not a date", "UTC")).toBeNull();
  });

  it("the day renewal opens is the calendar day of its instant in the tenant's zone", () => {
    expect(calendarDayOf("2026-10-02T04:00:00.000Z", "America/New_York")).toBe("2026-10-02");
    expect(calendarDayOf("2026-10-01T23:00:00.000Z", "Europe/London")).toBe("2026-10-02");
  });
});

describe("auto-renew and navigation", () => {
  it("'the prompt appears when config ask_to_autorenew is set or group metadata says prompt' (spec 1 §9)", () => {
    expect(asksAutoRenew(true, {})).toBe(true);
    expect(asksAutoRenew(undefined, { auto_renew: "prompt" })).toBe(true);
    expect(asksAutoRenew(undefined, {})).toBe(false);
    expect(asksAutoRenew(false, { auto_renew: "never" })).toBe(false);
  });

  it("'Gift mode, or an option to skip upsells, skips the upsell step' (spec 1 §4)", () => {
    expect(afterReservePath("/hm", { action: "gift", redeem: false })).toBe("/hm/checkout");
    expect(afterReservePath("/hm", { action: "buy", redeem: true })).toBe("/hm/checkout");
    expect(afterReservePath("/hm", { action: "buy", redeem: false })).toBe("/hm/events");
    expect(afterReservePath("/hm", { action: "renew", redeem: false })).toBe("/hm/events");
  });
});

describe("errors (spec 1 §8 'Membership form')", () => {
  const err = (code: string, extra: Record<string, unknown> = {}, description = "Described.") => ({
    status: 400,
    code,
    description,
    extra,
  });

  it("'validation-flagged errors are silent'", () => {
    expect(membershipErrorView(err("validation_failed", { validation: true }))).toEqual({ kind: "silent" });
  });

  it("'a prompt-marked reserve code shows a prompt whose answer resubmits'", () => {
    expect(
      membershipErrorView(
        err("membership_exists", { prompt: "Extend it?", prompt_option: "extendMembership" }),
      ),
    ).toEqual({ kind: "prompt", text: "Extend it?", option: "extendMembership" });
    // An unknown option is no prompt: it shows plainly.
    expect(membershipErrorView(err("x", { prompt: "?", prompt_option: "deleteEverything" })).kind).toBe(
      "message",
    );
  });

  it("'validate_not_email and rule_blocks_reserve get special messages'", () => {
    expect(membershipErrorView(err("validate_not_email"))).toEqual({ kind: "giftToSelf" });
    expect(membershipErrorView(err("rule_blocks_reserve", {}, "Members only."))).toEqual({
      kind: "ruleBlocks",
      reason: "Members only.",
    });
  });

  it("'other errors show plainly'; nothing usable gives the unexpected text", () => {
    expect(membershipErrorView(err("member_limit_exceeded", {}, "Limit reached."))).toEqual({
      kind: "message",
      text: "Limit reached.",
    });
    expect(membershipErrorView({ status: 500, code: "x", description: "boom", extra: {} })).toEqual({
      kind: "message",
      text: "Sorry! Something unexpected happened. Please try again.",
    });
  });
});

describe("gift mode's reserve (a gift becomes a code; the redeemer names the members, spec 2 §5)", () => {
  it("one ticket of the level's primary role, named after the recipient, whatever the level's other roles", () => {
    const s = memberSections(RULES, "dual");
    expect(
      giftTicketLines("dual", s, { first: " Emmy ", last: "Noether", email: " emmy@example.com " }),
    ).toEqual([
      {
        ticket_type_id: "dual",
        party_role: "member",
        admit_name: "Emmy Noether",
        admit_email: "emmy@example.com",
      },
    ]);
  });

  it("a level without named roles gives no line, so 'At least one member is required' still applies", () => {
    const s = memberSections([rule("x", "guest", "no", 0, 2)], "x");
    expect(membersProblem(giftTicketLines("x", s, { first: "A", last: "B", email: "" }))).toBe(
      AT_LEAST_ONE_MEMBER,
    );
  });
});

describe("a member buying their own program again", () => {
  // Regression: a member buying another level was not told they already hold one.
  const current = { ended: false };
  it("the purchase form says what they hold while their term runs", () => {
    expect(showsHeldMembership(current, { action: "buy", redeem: false })).toBe(true);
  });
  it("not when renewing, gifting or redeeming, nor after the term ended, nor for a visitor with none", () => {
    expect(showsHeldMembership(current, { action: "renew", redeem: false })).toBe(false);
    expect(showsHeldMembership(current, { action: "gift", redeem: false })).toBe(false);
    expect(showsHeldMembership(current, { action: "buy", redeem: true })).toBe(false);
    expect(showsHeldMembership({ ended: true }, { action: "buy", redeem: false })).toBe(false);
    expect(showsHeldMembership(null, { action: "buy", redeem: false })).toBe(false);
  });
});

describe("'an Individual membership', 'a Dual membership'", () => {
  // Regression: texts read 'a Individual membership'.
  it("a vowel takes 'an', a consonant 'a'", () => {
    expect(withArticle("Individual")).toBe("an Individual");
    expect(withArticle("Adult")).toBe("an Adult");
    expect(withArticle("Dual")).toBe("a Dual");
    expect(withArticle("Family")).toBe("a Family");
  });
});

describe("the form's start button", () => {
  // Regression: redeeming a gift read 'Buy a membership'.
  it("redeeming says so; a gift is given; else bought", () => {
    expect(startLabelKey({ action: "buy", redeem: true })).toBe("membership.start.redeem");
    expect(startLabelKey({ action: "gift", redeem: false })).toBe("membership.start.gift");
    expect(startLabelKey({ action: "buy", redeem: false })).toBe("membership.start");
  });
});
