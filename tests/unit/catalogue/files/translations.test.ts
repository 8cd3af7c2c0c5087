/**
 * Texts per language in the catalogue files: an event's, group's and type's `translations`, keyed
 * by the tenant's other languages; the check refuses a language the tenant does not list and a
 * translation of the default language.
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { type CurrentRows, planApply } from "../../../../src/lib/server/services/catalogue/apply/plan.ts";
import {
  type CatalogueRows,
  catalogueRows,
} from "../../../../src/lib/server/services/catalogue/apply/rows.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

const TRANSLATED = EVENTS_YAML.replace(
  "    category: Admission\n",
  `    category: Admission
    translations:
      es: { name: Entrada, category: Entrada general }
`,
)
  .replace(
    "        kind: tickets\n",
    `        kind: tickets
        translations: { es: { name: General, description: Todas las salas. } }
`,
  )
  .replace(
    "            price: 12.00\n",
    `            price: 12.00
            translations: { es: { name: Niño, summary: De 3 a 12 años. } }
`,
  );

const check = (events: string, languages: string[] = ["en", "es"]) =>
  checkTenant(
    contentFolder("USD", { "events.yaml": events, "schedules.yaml": SCHEDULES_YAML }, "test-venue", {
      languages,
    }),
    "test-venue",
  );

const tenant = {
  slug: "test-venue",
  name: "Test Venue",
  timezone: "America/New_York",
  currency: "USD",
  web: {},
};

describe("catalogue texts per language", () => {
  it("translations in a language the tenant lists pass the check", () => {
    expect(check(TRANSLATED).problems.map(formatProblem)).toEqual([]);
  });

  it('"refuses a language the tenant does not list"', () => {
    const problems = check(TRANSLATED, ["en", "cy"]).problems.map(formatProblem);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('The tenant does not list the language "es" (its languages: en, cy).');
  });

  it('"refuses a translation of the default language": its texts are the fields themselves', () => {
    const problems = check(TRANSLATED.replace("es: { name: Entrada,", "en: { name: Entrada,")).problems.map(
      formatProblem,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"en" is the tenant\'s default language');
  });

  it("a translation names only the texts a concept has (a type has no subtitle)", () => {
    const problems = check(TRANSLATED.replace("summary: De 3 a 12 años.", "subtitle: x")).problems;
    expect(problems.length).toBeGreaterThan(0);
  });

  it("the rows carry each concept's translations; none written is null (the column as it was)", () => {
    const cat = check(TRANSLATED).catalogue;
    if (!cat) throw new Error("expected a catalogue");
    const rows = catalogueRows(cat, tenant, new Date("2026-12-01T12:00:00Z"));
    expect(rows.events[0]?.translations).toEqual({ es: { name: "Entrada", category: "Entrada general" } });
    expect(rows.groups[0]?.translations).toEqual({
      es: { name: "General", description: "Todas las salas." },
    });
    expect(rows.types.find((t) => t.id === "tv-child")?.translations).toEqual({
      es: { name: "Niño", summary: "De 3 a 12 años." },
    });
    expect(rows.types.find((t) => t.id === "tv-adult")?.translations).toBeNull();
  });

  it("the plan: unchanged translations change nothing; a changed translation is an update of that row", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const rowsOf = (events: string) => {
      const cat = check(events).catalogue;
      if (!cat) throw new Error("expected a catalogue");
      return catalogueRows(cat, tenant, now);
    };
    const before = rowsOf(TRANSLATED);
    const current = (rows: CatalogueRows): CurrentRows => ({
      ...rows,
      sessions: rows.sessions.map((x) => ({
        id: x.id,
        eventTemplateId: x.eventId,
        startDatetime: x.start,
        endDatetime: x.end,
        capacity: x.capacity,
        plannedCapacity: x.capacity,
        usedCapacity: 0,
        priceTier: x.priceTier,
        retiredAt: null,
      })),
    });
    const sales = { anySale: false, sessionTickets: new Map(), takenSeats: new Set<string>() };
    const options = {
      now,
      timezone: tenant.timezone,
      currency: "USD",
      horizonEnd: new Map<string, Date>(),
      formatMoney: (minor: number) => `$${(minor / 100).toFixed(2)}`,
    };
    expect(planApply(before, current(before), sales, options).changes).toEqual([]);

    const after = rowsOf(TRANSLATED.replace("name: Niño", "name: Niña o niño"));
    const plan = planApply(after, current(before), sales, options);
    expect(plan.types.update).toEqual([
      { id: "tv-child", set: { translations: { es: { name: "Niña o niño", summary: "De 3 a 12 años." } } } },
    ]);
    expect(plan.changes).toEqual([
      { kind: "changed", what: "ticket type", id: "tv-child", detail: "Child ($12.00): translations" },
    ]);
  });
});
