import { describe, expect, it } from "vitest";
import { citypassKind, INVALID_CITYPASS_TEXT, matchesCitypass } from "../../../src/lib/domain/citypass.ts";

const config = {
  adult_regexp: "^CPA[0-9]{8}$",
  child_regexp: "^CPC[0-9]{8}$",
  child_ticket_type_keywords: ["child", "junior"],
};

describe("CityPASS codes (spec §5 'must match the adult pattern or the child pattern (child if the ticket type name contains a child keyword; default child)')", () => {
  it("a type is child when its name holds a keyword, case-insensitively; the default keyword is 'child'", () => {
    expect(citypassKind("CityPASS Child", config.child_ticket_type_keywords)).toBe("child");
    expect(citypassKind("Junior explorer", config.child_ticket_type_keywords)).toBe("child");
    expect(citypassKind("CityPASS Adult", config.child_ticket_type_keywords)).toBe("adult");
    expect(citypassKind("CHILD")).toBe("child");
    expect(citypassKind("Junior")).toBe("adult");
  });
  it("codes match the pattern of the type's kind, trimmed and upper-cased", () => {
    expect(matchesCitypass("CPA12345678", config, "CityPASS Adult")).toBe(true);
    expect(matchesCitypass(" cpc12345678 ", config, "CityPASS Child")).toBe(true);
    expect(matchesCitypass("CPC12345678", config, "CityPASS Adult")).toBe(false);
    expect(matchesCitypass("CPA1234567", config, "CityPASS Adult")).toBe(false);
  });
  it("without a type either pattern matches; a broken pattern matches nothing", () => {
    expect(matchesCitypass("CPC12345678", config)).toBe(true);
    expect(matchesCitypass("XYZ", config)).toBe(false);
    expect(matchesCitypass("CPA12345678", { adult_regexp: "(", child_regexp: "(" })).toBe(false);
    expect(INVALID_CITYPASS_TEXT).toBe(
      "Does not match the expected format. Please check your CityPASS code.",
    );
  });
});
