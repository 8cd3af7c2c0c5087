import { describe, expect, it } from "vitest";
import { loadTenants } from "../../../src/lib/tenant/load.ts";
import { defaultStrings } from "../../../src/lib/tenant/strings.ts";

/** Texts the spec fixes word for word, capital after the comma included (spec 2 §2, the 404 page). */
const SPEC_TEXTS_WITH_CAPITAL_AFTER_COMMA = new Set(["Oops, We could not find anything at this URL"]);

/** "Oops, We ...": a comma, then a capitalised common word (a name such as "Harbour" is fine). */
const CAPITAL_AFTER_COMMA = /, (We|You|Your|The|This|That|It|Our|Please|Sorry|There)\b/;

describe("copy: 'Keep the spec's text, but don't double the capital letter after the comma in our own texts'", () => {
  it("the 404 title stays the spec's text by default", () => {
    expect(defaultStrings["notFound.title"]).toBe("Oops, We could not find anything at this URL");
  });

  it("no default text of our own capitalises the word after a comma", () => {
    const own = Object.entries(defaultStrings).filter(
      ([, text]) => !SPEC_TEXTS_WITH_CAPITAL_AFTER_COMMA.has(text) && CAPITAL_AFTER_COMMA.test(text),
    );
    expect(own).toEqual([]);
  });

  it("no demo tenant's own text capitalises the word after a comma", () => {
    for (const tenant of loadTenants().values()) {
      const own = Object.entries(tenant.strings).filter(([, text]) => CAPITAL_AFTER_COMMA.test(text));
      expect(own, tenant.slug).toEqual([]);
    }
  });
});
