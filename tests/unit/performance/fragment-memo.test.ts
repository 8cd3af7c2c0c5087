/**
 * The card list is a pure function of the frozen
 * catalogue answers, the tenant and the router base, so it is rendered once per combination of them
 * (lib/pages/fragment-memo.ts, components/FragmentMemo.astro) and the rest of the page per request.
 */
import { describe, expect, it } from "vitest";
import { keepFragment, keptFragment } from "../../../src/lib/pages/fragment-memo.ts";

describe("fragment memo: the card list is kept per catalogue answer, tenant and base", () => {
  it("keeps a fragment for the same keys, and answers it", () => {
    const answer = {};
    const tenant = {};
    expect(keptFragment([answer, undefined, tenant, "/harbour-museum", "all"])).toBeUndefined();
    expect(keepFragment([answer, undefined, tenant, "/harbour-museum", "all"], "<ul>cards</ul>")).toBe(
      "<ul>cards</ul>",
    );
    expect(keptFragment([answer, undefined, tenant, "/harbour-museum", "all"])).toBe("<ul>cards</ul>");
  });

  it("a new catalogue answer, another tenant, another base or another filter state keeps nothing yet", () => {
    const answer = {};
    const tenant = {};
    keepFragment([answer, undefined, tenant, "/harbour-museum", "all"], "<ul>a</ul>");
    expect(keptFragment([{}, undefined, tenant, "/harbour-museum", "all"])).toBeUndefined();
    expect(keptFragment([answer, undefined, {}, "/harbour-museum", "all"])).toBeUndefined();
    // The same tenant on its own host name: links have another base.
    expect(keptFragment([answer, undefined, tenant, "", "all"])).toBeUndefined();
    expect(keptFragment([answer, {}, tenant, "/harbour-museum", "filtered"])).toBeUndefined();
  });

  it("an undefined key and a string key are told apart from each other and from objects", () => {
    const answer = {};
    keepFragment([answer, undefined], "without");
    keepFragment([answer, "undefined"], "with the word");
    expect(keptFragment([answer, undefined])).toBe("without");
    expect(keptFragment([answer, "undefined"])).toBe("with the word");
  });

  it("string keys under one object are bounded: a caller passing a per-request string cannot grow it for ever", () => {
    const answer = {};
    keepFragment([answer, "first"], "kept");
    for (let i = 0; i < 200; i++) keepFragment([answer, `per-request-${i}`], "x");
    expect(keptFragment([answer, "first"])).toBeUndefined();
    expect(keptFragment([answer, "per-request-199"])).toBe("x");
  });
});
