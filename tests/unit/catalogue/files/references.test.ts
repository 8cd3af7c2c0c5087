/**
 * The whole-tenant check: ids unique across the tenant's files, and references resolve.
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

const check = (files: Record<string, string>) =>
  checkTenant(
    contentFolder("USD", { "events.yaml": EVENTS_YAML, "schedules.yaml": SCHEDULES_YAML, ...files }),
    "test-venue",
  ).problems.map(formatProblem);

describe("catalogue references", () => {
  it("a clean catalogue has no problems and a summary", () => {
    const result = checkTenant(
      contentFolder("USD", { "events.yaml": EVENTS_YAML, "schedules.yaml": SCHEDULES_YAML }),
      "test-venue",
    );
    expect(result.problems).toEqual([]);
    expect(result.summary).toMatchObject({
      venues: 1,
      events: 1,
      ticketGroups: 1,
      ticketTypes: 2,
      schedules: 1,
    });
  });

  it("an id used twice, in two files (a ticket group in two events), names both places", () => {
    const more = `events:\n  - id: tv-gifts\n    name: Again\n    category: X\n    type: other\n    reserve_flow: one_ticket\n    groups:\n      - id: tv-general\n        name: Other\n        kind: donation\n        types: [{ id: tv-gift, name: Gift, price: 5 }]\n`;
    expect(check({ "more.yaml": more })).toEqual([
      'test-venue/more.yaml line 8, events[0].groups[0].id: The id "tv-general" is already used (test-venue/events.yaml line 12): each must be different.',
    ]);
  });

  it("a code's ticket types and unlocked groups must exist", () => {
    const codes = `codes:\n  - { code: CP1, kind: voucher, description: d, ticket_types: [tv-senior] }\n  - { code: OPEN, kind: promo, description: d, unlocks_groups: [tv-members] }\n`;
    expect(check({ "codes.yaml": codes })).toEqual([
      'test-venue/codes.yaml line 2, codes[0].ticket_types[0]: There is no ticket type with the id "tv-senior".',
      'test-venue/codes.yaml line 3, codes[1].unlocks_groups[0]: There is no ticket group with the id "tv-members".',
    ]);
  });

  it("a schedule's price tier must be a tier of one of its event's ticket types", () => {
    const schedules = SCHEDULES_YAML.replace("sat: saturday", "sat: weekend");
    expect(check({ "schedules.yaml": schedules })).toEqual([
      `test-venue/schedules.yaml line 6, schedules[0].weekday_tiers.sat: No ticket type of "tv-admission" has a price for the tier "weekend": add it to a ticket type's tiers.`,
    ]);
  });

  it("a season's price tier must be a tier of one of its event's ticket types too", () => {
    const schedules = SCHEDULES_YAML.replace(
      "    weekday_tiers:",
      "    price_tier: peak\n    weekday_tiers:",
    );
    expect(check({ "schedules.yaml": schedules })).toEqual([
      `test-venue/schedules.yaml line 6, schedules[0].price_tier: No ticket type of "tv-admission" has a price for the tier "peak": add it to a ticket type's tiers.`,
    ]);
  });

  it("a membership program's group must be a membership group and its levels its types", () => {
    const m = `memberships:\n  - group: tv-general\n    levels:\n      - type: tv-gold\n        roles: [{ role: member, named: "yes", min: 1, max: 1 }]\n`;
    expect(check({ "memberships.yaml": m })).toEqual([
      'test-venue/memberships.yaml line 2, memberships[0].group: "tv-general" is not a membership ticket group.',
      'test-venue/memberships.yaml line 4, memberships[0].levels[0].type: The group "tv-general" sells no level "tv-gold".',
    ]);
  });

  it("a seat map's rows must belong to seated groups of its event, and a seated group needs rows", () => {
    const map = `seat_maps:\n  - id: tv-map\n    event: tv-admission\n    width: 100\n    height: 100\n    seat_id_prefix: tv-seat-\n    rows:\n      - { name: A, group: tv-general, seats: 2, x: 10, y: 10, spacing: 20, radius: 5 }\n    unavailable: [B1]\n`;
    expect(check({ "seats.yaml": map })).toEqual([
      'test-venue/seats.yaml line 8, seat_maps[0].rows[0].group: "tv-general" is not a seated ticket group of the event "tv-admission".',
      'test-venue/seats.yaml line 9, seat_maps[0].unavailable[0]: The seat map has no seat "B1".',
    ]);
  });

  it("a message rule's event and groups must exist", () => {
    const rules = `message_rules:\n  - event: tv-nowhere\n    show: { date_annotation: Busy }\n    when: { quantity: { min: 10, groups: [tv-none] } }\n`;
    expect(check({ "messages.yaml": rules })).toEqual([
      'test-venue/messages.yaml line 2, message_rules[0].event: There is no event with the id "tv-nowhere".',
      'test-venue/messages.yaml line 4, message_rules[0].when.quantity.groups[0]: There is no ticket group with the id "tv-none".',
    ]);
  });

  it("references wait until every file reads well", () => {
    expect(check({ "schedules.yaml": "schedules:\n  - event: tv-admission\n    capacity: many\n" })).toEqual([
      "test-venue/schedules.yaml line 3, schedules[0].capacity: Write a number here.",
      "test-venue/schedules.yaml line 2, schedules[0].duration: This field is missing: please fill it in.",
    ]);
  });
});
