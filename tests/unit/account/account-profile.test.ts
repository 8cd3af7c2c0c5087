/**
 * The my-account profile and navigation rules (spec 2 §2, §3, §5; spec 1 §5 custom
 * identity fields): domain/account/profile.ts, profile-places.ts, profile-nav.ts, profile-membership.ts.
 */
import { describe, expect, it } from "vitest";
import {
  type ProfileValues,
  profileChanges,
  profileEditability,
  profileProblems,
  profileValuesOf,
  READ_ONLY_FIELDS,
} from "../../../src/lib/domain/account/profile.ts";
import { membershipCards } from "../../../src/lib/domain/account/profile-membership.ts";
import { accountNavItems, myLandingPath } from "../../../src/lib/domain/account/profile-nav.ts";
import { regionsOf, regionWord } from "../../../src/lib/domain/account/profile-places.ts";

const empty: ProfileValues = { phone: "", address: "", city: "", country: "", state: "", zip_code: "" };
const filled: ProfileValues = {
  phone: "617 555 0100",
  address: "1 Harbour Way",
  city: "Boston",
  country: "US",
  state: "MA",
  zip_code: "02110",
};

describe("which fields are editable (spec 2 §3, §5)", () => {
  it("'Name, e-mail and first_name/last_name are read-only on the profile'", () => {
    expect(READ_ONLY_FIELDS).toEqual(["first_name", "last_name", "email"]);
    const e = profileEditability({ preventMembershipUpdates: false, hasMembership: true });
    expect(e).toEqual({ name: false, email: false, details: true });
  });

  it("'member name edits are disabled when prevent_membership_updates is set': a member's details lock, a non-member's do not", () => {
    expect(profileEditability({ preventMembershipUpdates: true, hasMembership: true }).details).toBe(false);
    expect(profileEditability({ preventMembershipUpdates: true, hasMembership: false }).details).toBe(true);
  });
});

describe("profile field rules (spec 1 §5 custom identity fields)", () => {
  it("'zip or post code letters and digits with optional space or hyphen, 4 to 10'", () => {
    for (const ok of ["02110", "SW1A 1AA", "02110-1234", "EH11"])
      expect(profileProblems({ ...empty, zip_code: ok }, empty).zip_code, ok).toBeUndefined();
    for (const bad of ["021", "02110123456", "021 10 1", "02110!", "-0211"])
      expect(profileProblems({ ...empty, zip_code: bad }, empty).zip_code, bad).toBe("invalidZip");
  });

  it("'phone max 50', 'custom fields 1000'", () => {
    expect(profileProblems({ ...empty, phone: "1".repeat(50) }, empty).phone).toBeUndefined();
    expect(profileProblems({ ...empty, phone: "1".repeat(51) }, empty).phone).toBe("tooLong");
    expect(profileProblems({ ...empty, city: "x".repeat(1001) }, empty).city).toBe("tooLong");
  });

  it("'only state may be cleared': a stored city cannot be emptied, a never-set one may stay empty", () => {
    expect(profileProblems({ ...filled, city: " " }, filled).city).toBe("cannotClear");
    expect(profileProblems(empty, empty)).toEqual({});
    expect(profileChanges({ ...filled, country: "FR", state: "" }, filled)).toEqual({
      country: "FR",
      state: null,
    });
  });

  it("'state or province is a select required only where the country has a list (Canada uses the word province)'", () => {
    expect(profileProblems({ ...filled, state: "" }, filled).state).toBe("regionRequired");
    expect(profileProblems({ ...filled, country: "CA", state: "MA" }, filled).state).toBe("invalidRegion");
    expect(profileProblems({ ...filled, country: "CA", state: "ON" }, filled).state).toBeUndefined();
    expect(profileProblems({ ...filled, country: "GB", state: "" }, filled).state).toBeUndefined();
    expect(regionWord("CA")).toBe("province");
    expect(regionWord("US")).toBe("state");
    expect(regionsOf("GB")).toBeNull();
    expect(regionsOf("__proto__")).toBeNull();
  });

  it("'country is a select': an unknown country is refused unless it is the stored one", () => {
    expect(profileProblems({ ...empty, country: "Atlantis" }, empty).country).toBe("invalidCountry");
    const stored = { ...empty, country: "Atlantis" };
    expect(profileProblems(stored, stored).country).toBeUndefined();
  });

  it("a save sends only what changed, trimmed; stored values are read from additional_info (post_code as ZIP)", () => {
    expect(profileChanges({ ...filled, city: " Salem " }, filled)).toEqual({ city: "Salem" });
    expect(profileChanges(filled, filled)).toEqual({});
    expect(profileValuesOf({ post_code: "EH1 1YZ", city: 3 })).toMatchObject({
      zip_code: "EH1 1YZ",
      city: "",
    });
  });
});

describe("my-account navigation and /my (spec 2 §2)", () => {
  const on = { upcoming: true, orders: true, profile: true };
  const sections = (hasMembership: boolean, pages = on) =>
    accountNavItems({ base: "/hm", hasMembership, pages }).map((i) => `${i.section} ${i.href}`);

  it("'Membership (only if the user has a membership), Profile, Tickets, Logout'", () => {
    expect(sections(true)).toEqual([
      "membership /hm/my/membership",
      "profile /hm/my/profile",
      "tickets /hm/my/upcoming",
      "logout /hm/logout",
    ]);
    expect(sections(false)).toEqual([
      "profile /hm/my/profile",
      "tickets /hm/my/upcoming",
      "logout /hm/logout",
    ]);
  });

  it("'Profile, upcoming tickets and recent orders each depend on a my_account_pages configuration flag'", () => {
    expect(sections(false, { ...on, profile: false, upcoming: false })).toEqual([
      "tickets /hm/my/orders",
      "logout /hm/logout",
    ]);
    expect(sections(false, { upcoming: false, orders: false, profile: false })).toEqual([
      "logout /hm/logout",
    ]);
  });

  it("'/my redirects to /my/membership if the user has a membership, else to /my/profile'", () => {
    expect(myLandingPath({ base: "/hm", hasMembership: true, pages: on })).toBe("/hm/my/membership");
    expect(myLandingPath({ base: "/hm", hasMembership: false, pages: on })).toBe("/hm/my/profile");
    expect(myLandingPath({ base: "/hm", hasMembership: false, pages: { ...on, profile: false } })).toBe(
      "/hm/my/upcoming",
    );
    expect(
      myLandingPath({
        base: "/hm",
        hasMembership: false,
        pages: { upcoming: false, orders: false, profile: false },
      }),
    ).toBeNull();
  });
});

describe("the membership page's cards (spec 2 §3, §4)", () => {
  const member = (over: Partial<Parameters<typeof membershipCards>[0]["memberships"][number]>) => ({
    id: "m1",
    scan_code: "HM100090",
    role: "member",
    name: "Marie Curie",
    auto_renew_state: "scheduled",
    valid_from: "2026-08-14T12:00:00.000Z",
    valid_to: "2027-08-14T04:00:00.000Z",
    ticket_order_id: "o1",
    ticket_type_id: "dual",
    membership_program_id: "dual",
    renewal: { open: false },
    ...over,
  });
  const cards = (memberships: ReturnType<typeof member>[], now = "2026-11-17T15:30:00Z") =>
    membershipCards({
      memberships,
      levelNames: new Map([["dual", "Dual"]]),
      roleRanks: new Map([
        ["member", 0],
        ["second-card", 1],
      ]),
      timeZone: "America/New_York",
      now: new Date(now),
    });

  it("one card per term with every card holder, primary role first; dates 'ddd, MMMM D YYYY', valid until the last full day", () => {
    const [card, ...rest] = cards([
      member({ id: "m2", scan_code: "HM100091", role: "second-card", name: "Pierre Curie" }),
      member({}),
    ]);
    expect(rest).toEqual([]);
    expect(card).toMatchObject({
      level: "Dual",
      validFrom: "Fri, August 14 2026",
      validUntil: "Fri, August 13 2027",
      status: "current",
      autoRenew: "enrolled",
      canCancelAutoRenew: true,
      renewOpen: false,
    });
    expect(card?.holders.map((h) => h.memberId)).toEqual(["HM100090", "HM100091"]);
  });

  it("'scheduled means Enrolled, cancelled means Cancelled, anything else means Not enrolled'; an ended term is expired; renewal open from the answer", () => {
    expect(cards([member({ auto_renew_state: "cancelled" })])[0]).toMatchObject({
      autoRenew: "cancelled",
      canCancelAutoRenew: false,
    });
    expect(cards([member({ auto_renew_state: null, renewal: { open: true } })])[0]).toMatchObject({
      autoRenew: "notEnrolled",
      renewOpen: true,
    });
    expect(cards([member({})], "2027-09-01T12:00:00Z")[0]?.status).toBe("expired");
  });

  it("after a renewal only the new, latest term offers renewal; the current one no longer does", () => {
    // Regression: my account still offered 'Renew membership' on the term just renewed.
    const [next, current] = cards([
      member({ renewal: { open: true } }),
      member({
        id: "m9",
        ticket_order_id: "o2",
        valid_from: "2027-08-14T04:00:00.000Z",
        valid_to: "2028-08-14T04:00:00.000Z",
        renewal: { open: true },
      }),
    ]);
    expect([next?.status, next?.renewOpen]).toEqual(["upcoming", true]);
    expect([current?.status, current?.renewOpen]).toEqual(["current", false]);
  });
});
