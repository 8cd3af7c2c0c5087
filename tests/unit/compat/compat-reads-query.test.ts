/**
 * "Requests that must work" (reads), the pure pieces of the query layer: the `_prefix`
 * operator, `-` and embedded-field sorts, and underscore parameters of the API family that are
 * accepted and ignored while unknown ones stay a 400.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/server/errors/api-error.ts";
import { applyOwnFilters } from "../../../src/lib/server/http/query/execute.ts";
import { IGNORED_FAMILY_PARAMS, parseQuery } from "../../../src/lib/server/http/query/parse.ts";
import type { Row } from "../../../src/lib/server/services/catalogue/query-types.ts";
import { eventSessionDef, eventTemplateDef } from "../../../src/lib/server/services/catalogue/resources.ts";

const q = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [v]]));

describe("the filter operator _prefix ('ticket_group.hidden_type._prefix=public')", () => {
  it("parses as a prefix filter on the dotted path", () => {
    const p = parseQuery(q({ "ticket_group.hidden_type._prefix": "public" }), eventTemplateDef);
    expect(p.filters).toEqual([
      { path: ["ticket_group"], field: "hidden_type", op: "prefix", values: ["public"] },
    ]);
  });

  it("keeps rows whose field starts with the value, and only those", () => {
    const rows: Row[] = [
      { id: "a", hidden_type: "public_browsable" },
      { id: "b", hidden_type: "public_member_only" },
      { id: "c", hidden_type: "private" },
      { id: "d", hidden_type: null },
    ];
    const kept = applyOwnFilters(rows, [
      { path: [], field: "hidden_type", op: "prefix", values: ["public_m"] },
    ]);
    expect(kept.map((r) => r.id)).toEqual(["b"]);
  });

  it("takes a comma as part of the value (it is no list operator)", () => {
    const p = parseQuery(q({ "name._prefix": "Gen,eral" }), eventTemplateDef);
    expect(p.filters[0]?.values).toEqual(["Gen,eral"]);
  });

  it("is a 400 on a field that is not a string (a number or a boolean)", () => {
    expect(() => parseQuery(q({ "_rank._prefix": "1" }), eventTemplateDef)).toThrow(ApiError);
    expect(() => parseQuery(q({ "sold_out._prefix": "t" }), eventSessionDef)).toThrow(ApiError);
  });
});

describe("'_sort by an embedded field, e.g. _sort=event_session.start_datetime, and descending with a leading -'", () => {
  it("parses an embedded field with its relation path", () => {
    expect(parseQuery(q({ _sort: "event_session.start_datetime" }), eventTemplateDef).sort).toEqual([
      { field: "start_datetime", desc: false, path: ["event_session"] },
    ]);
  });

  it("a leading - sorts descending, for own and embedded fields alike", () => {
    expect(parseQuery(q({ _sort: "-event_session.start_datetime,-name" }), eventTemplateDef).sort).toEqual([
      { field: "start_datetime", desc: true, path: ["event_session"] },
      { field: "name", desc: true },
    ]);
  });

  it("first_session sorts like event_session (the same resource)", () => {
    expect(parseQuery(q({ _sort: "first_session.start_datetime" }), eventTemplateDef).sort[0]?.path).toEqual([
      "first_session",
    ]);
  });

  it.each([
    ["an unknown relation", "nope.start_datetime"],
    ["a field the embedded resource does not sort by", "event_session.price_tier"],
    ["an embedded field too deep", "event_session.event_template.venue.name"],
  ])("is a 400 for %s", (_name, sort) => {
    expect(() => parseQuery(q({ _sort: sort }), eventTemplateDef)).toThrow(ApiError);
  });
});

describe("'Underscore parameters that don't apply, such as _withmemberevents: accepted and ignored, not a 400'", () => {
  it("_withmemberevents with no value, true or anything is accepted and changes nothing", () => {
    const plain = parseQuery(q({ "category._in": "Admission" }), eventTemplateDef);
    for (const value of ["", "true", "1"]) {
      const p = parseQuery(q({ "category._in": "Admission", _withmemberevents: value }), eventTemplateDef);
      expect(p).toEqual(plain);
    }
    expect(IGNORED_FAMILY_PARAMS).toContain("_withmemberevents");
  });

  it("is accepted where filters are not (a single-resource read)", () => {
    expect(() =>
      parseQuery(q({ _withmemberevents: "" }), eventTemplateDef, { filters: false }),
    ).not.toThrow();
  });

  it("'Unknown filter fields stay a 400', and so do underscore parameters of no client (_bogus)", () => {
    expect(() => parseQuery(q({ colour: "red" }), eventTemplateDef)).toThrow('Unknown filter field "colour"');
    expect(() => parseQuery(q({ _bogus: "1" }), eventTemplateDef)).toThrow(
      'Unknown query parameter "_bogus".',
    );
  });
});
