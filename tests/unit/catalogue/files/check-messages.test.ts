/**
 * Every problem names the file, the line and the field, in words a marketing person reads.
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { loadCatalogueText } from "../../../../src/lib/catalogue/load.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

const messages = (name: string, text: string) => loadCatalogueText(name, text).problems.map(formatProblem);

describe("catalogue check: file, line and field", () => {
  it("a price written as text names its line and field", () => {
    const broken = EVENTS_YAML.replace("price: 12.00", 'price: "twelve"');
    expect(messages("test-venue/events.yaml", broken)).toEqual([
      "test-venue/events.yaml line 22, events[0].groups[0].types[1].price: Write a price as a number like 25.00.",
    ]);
  });

  it("a missing field is named as missing, at its parent's line", () => {
    const broken = EVENTS_YAML.replace("    category: Admission\n", "");
    expect(messages("test-venue/events.yaml", broken)).toEqual([
      "test-venue/events.yaml line 6, events[0].category: This field is missing: please fill it in.",
    ]);
  });

  it("a misspelt field is named with its line", () => {
    const broken = EVENTS_YAML.replace(
      "    category: Admission\n",
      "    category: Admission\n    catgory: Tours\n",
    );
    expect(messages("test-venue/events.yaml", broken)).toEqual([
      'test-venue/events.yaml line 9, events[0].catgory: Unknown field "catgory": check its spelling, or remove it.',
    ]);
  });

  it("a comma in an unquoted text inside { ... } asks for quotes", () => {
    const broken = EVENTS_YAML.replace(
      "    category: Admission\n",
      "    category: Admission\n    image: { name: hall, alt: Chairs, tables and lamps }\n",
    );
    expect(messages("test-venue/events.yaml", broken)).toEqual([
      'test-venue/events.yaml line 9, events[0].image.tables and lamps: Unknown field "tables and lamps": if it is part of a text with a comma, put the whole text in "quotes".',
    ]);
  });

  it("a word outside a list names the words allowed", () => {
    const broken = EVENTS_YAML.replace("kind: tickets", "kind: tikets");
    expect(messages("test-venue/events.yaml", broken)).toEqual([
      "test-venue/events.yaml line 14, events[0].groups[0].kind: Write the kind as one of: tickets, seated, passes, codes, membership, gift_card, donation.",
    ]);
  });

  it("a file that is not valid YAML names the line it breaks on", () => {
    const [message] = messages("test-venue/events.yaml", "events:\n  - id: a\n   name: b\n");
    expect(message).toMatch(
      /^test-venue\/events\.yaml line 3: The file cannot be read here \(.*\)\. Check the indentation, colons and quotes\.$/,
    );
  });

  it("a JSON file is checked the same way, with its $schema key allowed", () => {
    const json = JSON.stringify(
      { $schema: "../catalogue.schema.json", venues: [{ id: "v", name: 5 }] },
      null,
      2,
    );
    expect(messages("test-venue/venues.json", json)).toEqual([
      "test-venue/venues.json line 6, venues[0].name: Write a name as text.",
    ]);
  });

  it("a schedule's rule message comes through with its line", () => {
    const broken = SCHEDULES_YAML.replace('first: "10:00", last: "16:00"', 'first: "17:00", last: "16:00"');
    expect(messages("test-venue/schedules.yaml", broken)).toEqual([
      "test-venue/schedules.yaml line 5, schedules[0].hours.last: The last start time must not be before the first.",
    ]);
  });

  it("a reference in another file names the referring line", () => {
    const dir = contentFolder("USD", {
      "events.yaml": EVENTS_YAML,
      "schedules.yaml": SCHEDULES_YAML.replace("event: tv-admission", "event: tv-admision"),
    });
    expect(checkTenant(dir, "test-venue").problems.map(formatProblem)).toEqual([
      'test-venue/schedules.yaml line 2, schedules[0].event: There is no event with the id "tv-admision".',
      "test-venue/events.yaml line 9, events[0].type: A repeating event needs a schedule (schedules: - event: tv-admission).",
    ]);
  });
});
