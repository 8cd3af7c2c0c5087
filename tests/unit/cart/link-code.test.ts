/**
 * Spec 1 §6 "On the login path the promo code is not carried; on other routes a 'code' query
 * parameter is kept"; §5/§9 "promo 2 to 35" (the `?code=` link parameter).
 */
import { describe, expect, it } from "vitest";
import {
  codesToApply,
  EMPTY_LINK_CODE_MEMORY,
  linkCodeCarriedOn,
  linkCodesHandled,
  linkCodesOf,
  noteLinkCodes,
  parseLinkCodes,
  readLinkCodeMemory,
} from "../../../src/lib/domain/link-code/link-code.ts";

describe("parseLinkCodes ('promo 2 to 35', comma separated, trimmed, empties dropped)", () => {
  it("a code is trimmed and upper-cased; several comma-separated codes, empties dropped, repeats once", () => {
    expect(parseLinkCodes(" fiveoff ")).toEqual(["FIVEOFF"]);
    expect(parseLinkCodes("FIVEOFF,,welcome10 , fiveoff")).toEqual(["FIVEOFF", "WELCOME10"]);
    expect(parseLinkCodes("SUMMER-2026_v.2")).toEqual(["SUMMER-2026_V.2"]);
  });

  it("nothing, or only commas and spaces, is no code", () => {
    expect(parseLinkCodes(null)).toEqual([]);
    expect(parseLinkCodes(undefined)).toEqual([]);
    expect(parseLinkCodes("")).toEqual([]);
    expect(parseLinkCodes(" , ,")).toEqual([]);
  });

  it("'promo 2 to 35': a code of 1 or 36 characters gives no code at all; 2 and 35 are kept", () => {
    expect(parseLinkCodes("A")).toEqual([]);
    expect(parseLinkCodes("AB")).toEqual(["AB"]);
    expect(parseLinkCodes("A".repeat(35))).toEqual(["A".repeat(35)]);
    expect(parseLinkCodes("A".repeat(36))).toEqual([]);
    // One bad code spoils the list: nothing doubtful reaches the cart.
    expect(parseLinkCodes("FIVEOFF,X")).toEqual([]);
  });

  it("at most five codes and a bounded raw length", () => {
    expect(parseLinkCodes("AA,BB,CC,DD,EE")).toHaveLength(5);
    expect(parseLinkCodes("AA,BB,CC,DD,EE,FF")).toEqual([]);
    expect(parseLinkCodes(`FIVEOFF${",".repeat(400)}`)).toEqual([]);
  });

  it("NUL, control characters, spaces inside, markup, quotes and lone surrogates give no code", () => {
    for (const bad of [
      "FIVE\u0000OFF",
      "FIVEOFF\u0000",
      "FIVE\nOFF",
      "FIVE\tOFF",
      "FIVE OFF",
      "<script>",
      '"FIVEOFF"',
      "FIVE%OFF",
      "\ud800ABC",
      "ABC\udfff",
      "-FIVEOFF",
      "FIVEOFF.",
    ]) {
      expect(parseLinkCodes(bad), JSON.stringify(bad)).toEqual([]);
    }
  });

  it("letters of other scripts are letters", () => {
    expect(parseLinkCodes("ÉTÉ2026")).toEqual(["ÉTÉ2026"]);
  });
});

describe("'On the login path the promo code is not carried; on other routes a code query parameter is kept'", () => {
  it("the login path (under a seller or on the tenant's own host) does not carry it", () => {
    expect(linkCodeCarriedOn("/harbour-museum/login")).toBe(false);
    expect(linkCodeCarriedOn("/login")).toBe(false);
    expect(linkCodeCarriedOn("/harbour-museum/login/passcode")).toBe(false);
    expect(linkCodesOf({ pathname: "/harbour-museum/login", search: "?code=FIVEOFF" })).toEqual([]);
  });

  it("the gift redemption page's code is the gift's own, never a promo code", () => {
    expect(
      linkCodesOf({ pathname: "/harbour-museum/membership/redeem", search: "?code=HMGIFT0001" }),
    ).toEqual([]);
  });

  it("other routes carry it: the listing, an event page, the home", () => {
    expect(linkCodesOf({ pathname: "/harbour-museum/events", search: "?code=fiveoff" })).toEqual(["FIVEOFF"]);
    expect(linkCodesOf({ pathname: "/events/hm-general-admission", search: "?tg=x&code=FIVEOFF" })).toEqual([
      "FIVEOFF",
    ]);
    expect(linkCodesOf({ pathname: "/harbour-museum/loginhelp", search: "?code=FIVEOFF" })).toEqual([
      "FIVEOFF",
    ]);
    expect(linkCodesOf({ pathname: "/harbour-museum", search: "" })).toEqual([]);
  });
});

describe("the link's codes wait for a cart and are applied once", () => {
  it("a new code waits; once a cart took it, the same link again is not applied again", () => {
    const noted = noteLinkCodes(EMPTY_LINK_CODE_MEMORY, ["FIVEOFF"]);
    expect(noted).toEqual({ pending: ["FIVEOFF"], handled: [] });
    const handled = linkCodesHandled(noted);
    expect(handled).toEqual({ pending: [], handled: ["FIVEOFF"] });
    expect(noteLinkCodes(handled, ["FIVEOFF"])).toBe(handled);
    // A page without the parameter leaves the memory as it is.
    expect(noteLinkCodes(noted, [])).toBe(noted);
  });

  it("another code replaces the waiting one", () => {
    const noted = noteLinkCodes({ pending: [], handled: ["FIVEOFF"] }, ["WELCOME10"]);
    expect(noted).toEqual({ pending: ["WELCOME10"], handled: [] });
  });

  it("codes already on the cart are not sent again (compared upper-cased)", () => {
    expect(codesToApply({ pending: ["FIVEOFF", "WELCOME10"], handled: [] }, ["fiveoff"])).toEqual([
      "WELCOME10",
    ]);
  });

  it("a stored memory that does not parse, or holds bad codes, is read as empty", () => {
    expect(readLinkCodeMemory(null)).toEqual(EMPTY_LINK_CODE_MEMORY);
    expect(readLinkCodeMemory("{not json")).toEqual(EMPTY_LINK_CODE_MEMORY);
    expect(readLinkCodeMemory(JSON.stringify({ pending: ["X\u0000Y"], handled: 3 }))).toEqual(
      EMPTY_LINK_CODE_MEMORY,
    );
    expect(readLinkCodeMemory(JSON.stringify({ pending: ["FIVEOFF"], handled: [] }))).toEqual({
      pending: ["FIVEOFF"],
      handled: [],
    });
  });
});
