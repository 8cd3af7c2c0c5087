import { describe, expect, it } from "vitest";
import { categoryLabel, inLanguage, ticketRowIn } from "../../../src/lib/domain/content-language.ts";

const event = {
  id: "hm-admission",
  name: "General admission",
  subtitle: null as string | null,
  summary: "Every gallery, all day.",
  description: "The museum's collections.",
  category: "Admission",
};
const translations = {
  es: { name: "Entrada general", summary: "Todas las salas, todo el día.", category: "Entrada" },
  cy: { name: "" },
};

describe("a catalogue row's texts in a language, the default language's as the fallback", () => {
  it("a language's given fields replace the row's: the name and summary in Spanish", () => {
    const es = inLanguage(event, translations, "es");
    expect(es.name).toBe("Entrada general");
    expect(es.summary).toBe("Todas las salas, todo el día.");
  });

  it("falls back field by field: a field the language does not give is the default language's", () => {
    const es = inLanguage(event, translations, "es");
    expect(es.description).toBe("The museum's collections.");
    expect(es.subtitle).toBeNull();
    expect(es.id).toBe("hm-admission");
  });

  it("an empty translation is no translation: the default language's text stays", () => {
    expect(inLanguage(event, translations, "cy").name).toBe("General admission");
  });

  it("the default language (no language), or a language with no texts, gives the row itself", () => {
    expect(inLanguage(event, translations, undefined)).toBe(event);
    expect(inLanguage(event, translations, "ar")).toBe(event);
    expect(inLanguage(event, null, "es")).toBe(event);
  });

  it("the category stays the filter value: it is in the listing's addresses", () => {
    expect(inLanguage(event, translations, "es").category).toBe("Admission");
  });

  it("never adds a field the row does not have", () => {
    const type = { id: "t", name: "Adult" };
    expect(inLanguage(type, { es: { name: "Adulto", description: "x" } }, "es")).toEqual({
      id: "t",
      name: "Adulto",
    });
  });

  it("leaves the row it was given unchanged (rows may be shared or frozen)", () => {
    const frozen = Object.freeze({ ...event });
    expect(inLanguage(frozen, translations, "es").name).toBe("Entrada general");
    expect(frozen.name).toBe("General admission");
  });

  it("a translated category label shows where the event gives one, else the category", () => {
    expect(categoryLabel("Admission", translations, "es")).toBe("Entrada");
    expect(categoryLabel("Admission", translations, "cy")).toBe("Admission");
    expect(categoryLabel("Admission", translations, undefined)).toBe("Admission");
  });
});

describe("an order's ticket rows in its language (mails, passes, calendar files)", () => {
  const row = {
    event: { name: "General Admission", translations: { es: { name: "Entrada general" } } },
    group: { name: "Tickets", translations: null },
    type: { name: "Adult", summary: "Ages 18-64", translations: { es: { name: "Adulto" } } },
    venue: {
      name: "Riverside Zoo",
      address: "Riverside Park",
      translations: { cy: { name: "Sw Glan yr Afon" } },
    },
  };

  it("names the event, type and venue as the language does, each falling back", () => {
    const es = ticketRowIn(row, "es");
    expect([es.event.name, es.group.name, es.type.name, es.type.summary, es.venue.name]).toEqual([
      "Entrada general",
      "Tickets",
      "Adulto",
      "Ages 18-64",
      "Riverside Zoo",
    ]);
    const cy = ticketRowIn(row, "cy");
    expect(cy.venue).toMatchObject({ name: "Sw Glan yr Afon", address: "Riverside Park" });
    expect(ticketRowIn(row, null)).toBe(row);
  });
});
