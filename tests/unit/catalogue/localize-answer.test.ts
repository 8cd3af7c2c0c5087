import { describe, expect, it } from "vitest";
import { collectIds, translate } from "../../../src/lib/server/services/catalogue/localize.ts";

const answer = {
  cart: { _count: 1, _data: [{ id: "c1", state: "open" }] },
  ticket_type: {
    _count: 1,
    _data: [{ id: "hm-ga-adult", name: "Adult", summary: "Ages 18-64", description: null }],
  },
  event_template: { _count: 1, _data: [{ id: "hm-ga", name: "General Admission", category: "Admission" }] },
  tickets: [
    {
      id: "t1",
      event_template_id: "hm-ga",
      event_name: "General Admission",
      ticket_type_id: "hm-ga-adult",
      ticket_type_name: "Adult",
      start: new Date(0),
    },
  ],
};
const found = {
  event: new Map([["hm-ga", { es: { name: "Entrada general", category: "Entrada" } }]]),
  group: new Map(),
  type: new Map([["hm-ga-adult", { es: { name: "Adulto" } }]]),
};

describe("an answer built from rows, in the call's language", () => {
  it("finds the events and types an answer names: its collections and a ticket row's flat names", () => {
    const ids = { event: new Set<string>(), group: new Set<string>(), type: new Set<string>() };
    collectIds(answer, ids);
    expect([...ids.event]).toEqual(["hm-ga"]);
    expect([...ids.type]).toEqual(["hm-ga-adult"]);
  });

  it("names and texts are the language's, each falling back to the default's; the category stays", () => {
    const es = translate(answer, found, "es") as typeof answer & {
      event_template: { _data: { category_label?: string }[] };
    };
    expect(es.ticket_type._data[0]).toEqual({
      id: "hm-ga-adult",
      name: "Adulto",
      summary: "Ages 18-64",
      description: null,
    });
    expect(es.event_template._data[0]).toMatchObject({
      name: "Entrada general",
      category: "Admission",
      category_label: "Entrada",
    });
    expect(es.tickets[0]).toMatchObject({ event_name: "Entrada general", ticket_type_name: "Adulto" });
    expect(es.tickets[0]?.start).toBeInstanceOf(Date);
  });

  it("what has nothing to translate is the same object: the cart, and the whole answer in a language with no texts", () => {
    const es = translate(answer, found, "es") as typeof answer;
    expect(es.cart).toBe(answer.cart);
    expect(translate(answer, found, "cy")).toBe(answer);
    expect(answer.ticket_type._data[0]?.name).toBe("Adult");
  });
});
