import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { islandText } from "../../../src/lib/tenant/icu.ts";
import { builtInStrings, SUPPORTED_LANGUAGES } from "../../../src/lib/tenant/locales/index.ts";
import { format } from "../../../src/lib/tenant/string-format.ts";
import { defaultStrings, t } from "../../../src/lib/tenant/strings.ts";

const english = defaultStrings as Readonly<Record<string, string>>;
const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ""));

/** Every argument an ICU message names (plain, plural, select), at any depth. */
function argumentsOf(elements: ReturnType<typeof parse>, found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ("value" in element && typeof element.value === "string" && element.type !== 0)
      found.add(element.value);
    if ("options" in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

describe("translations: a check fails when a key is missing in a language", () => {
  for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== "en")) {
    const table = builtInStrings(lang);
    it(`${lang} has every key of the English table, and no other`, () => {
      const missing = Object.keys(english).filter((key) => !(key in table));
      const extra = Object.keys(table).filter((key) => !(key in english));
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
    });

    it(`${lang}: every text is an ICU message naming only the English text's placeholders`, () => {
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(table)) {
        const known = placeholders(english[key] ?? "");
        // An English ICU text ({position, selectordinal, …}) names its arguments inside the choice.
        if ((english[key] ?? "").includes(", select"))
          argumentsOf(parse(english[key] ?? "", { ignoreTag: true }), known);
        for (const name of argumentsOf(parse(text, { ignoreTag: true }))) {
          if (!known.has(name)) wrong.push(`${key}: {${name}}`);
        }
        if (english[key] !== "" && text.trim() === "") wrong.push(`${key}: empty`);
      }
      expect(wrong).toEqual([]);
    });

    it(`${lang}: every text can go to an island (at most one plural or select)`, () => {
      const tooRich = Object.entries(table)
        .filter(([, text]) => islandText(text, lang) === undefined)
        .map(([key]) => key);
      expect(tooRich).toEqual([]);
    });
  }
});

describe("plural rules use ICU MessageFormat, in the language's rules", () => {
  const welsh = {
    strings: {
      "cart.open.count":
        "{count, plural, zero {# tocynnau} one {# tocyn} two {# docyn} few {# thocyn} many {# thocyn} other {# tocyn}}",
    },
    locale: "cy-GB",
  };

  it("the server formats a Welsh plural in its six forms", () => {
    expect(t(welsh, "cart.open.count", { count: 1 })).toBe("1 tocyn");
    expect(t(welsh, "cart.open.count", { count: 2 })).toBe("2 docyn");
    expect(t(welsh, "cart.open.count", { count: 3 })).toBe("3 thocyn");
    expect(t(welsh, "cart.open.count", { count: 6 })).toBe("6 thocyn");
  });

  it("an island's copy picks the same form with Intl.PluralRules, and fills the other placeholders", () => {
    const text = "Hi {name}: {count, plural, =0 {nothing} one {# ticket} other {# tickets}} left";
    const encoded = islandText(text, "en-GB");
    expect(encoded).toBeDefined();
    expect(format(encoded ?? "", { count: 0, name: "Ann" })).toBe("Hi Ann: nothing left");
    expect(format(encoded ?? "", { count: 1, name: "Ann" })).toBe("Hi Ann: 1 ticket left");
    expect(format(encoded ?? "", { count: 7, name: "Ann" })).toBe("Hi Ann: 7 tickets left");
    const cy = islandText(welsh.strings["cart.open.count"], "cy-GB") ?? "";
    expect([1, 2, 3, 6].map((count) => format(cy, { count }))).toEqual([
      "1 tocyn",
      "2 docyn",
      "3 thocyn",
      "6 thocyn",
    ]);
  });

  it("a plain text stays plain for islands, and the English defaults are unchanged", () => {
    expect(islandText("{count} tickets", "en-US")).toBe("{count} tickets");
    expect(t(undefined, "cart.open.count", { count: 3 })).toBe("3 tickets");
  });
});
