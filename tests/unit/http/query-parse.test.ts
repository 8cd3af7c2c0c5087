import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/server/errors/api-error.ts";
import { parseQuery, rejectUnknownKeys } from "../../../src/lib/server/http/query/parse.ts";
import { eventTemplateDef } from "../../../src/lib/server/services/catalogue/resources.ts";

const q = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [v]]));

describe("query parsing", () => {
  it("parses limit, offset, sort, embeds and filters (incl. dotted and meta keys)", () => {
    const p = parseQuery(
      q({
        _limit: "5",
        _offset: "10",
        _sort: "-name",
        _embed: "ticket_group,ticket_group.meta,seller.meta",
        "hidden_type._in": "public_browsable,public_link_only",
        "ticket_group.hidden_type._in": "public_browsable",
        "event_session.start_datetime._gte": "2026-11-24",
        "meta.reserve_flow": "date_first",
      }),
      eventTemplateDef,
    );
    expect(p.limit).toBe(5);
    expect(p.offset).toBe(10);
    expect(p.sort).toEqual([{ field: "name", desc: true }]);
    expect(p.embeds).toEqual([["ticket_group"], ["ticket_group", "meta"], ["seller", "meta"]]);
    expect(p.filters).toContainEqual({
      path: ["event_session"],
      field: "start_datetime",
      op: "gte",
      values: ["2026-11-24T00:00:00.000Z"],
    });
    expect(p.filters).toContainEqual({
      path: ["meta"],
      field: "reserve_flow",
      op: "eq",
      values: ["date_first"],
    });
  });
  it("defaults _limit to 100", () => {
    expect(parseQuery({}, eventTemplateDef).limit).toBe(100);
  });
  it.each([
    [{ colour: "red" }],
    [{ "name._like": "x" }],
    [{ _limit: "1001" }],
    [{ _limit: "1e3" }],
    [{ _embed: "a.b.c" }],
    [{ "event_session.start_datetime._gte": "2026-13-01" }],
    [{ _ondate: "tomorrow" }],
  ])("an unknown filter field or bad value is a 400 validation_failed: %o", (raw) => {
    try {
      parseQuery(q(raw), eventTemplateDef);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
    }
  });
  const PROTOTYPE_NAMES = ["constructor", "__proto__", "prototype", "toString", "hasOwnProperty", "valueOf"];
  it.each(
    PROTOTYPE_NAMES.flatMap((name) => [
      { _embed: name },
      { _embed: `ticket_group.${name}` },
      { [name]: "1" },
      { [`${name}.prototype.x`]: "1" },
      { [`ticket_group.${name}`]: "1" },
      { [`name.${name}`]: "1" },
      { _sort: name },
    ]),
  )(
    "Hostile input must give a 4xx: an Object.prototype name is unknown, never an inherited member: %o",
    (raw) => {
      // Regression: `def.relations[name]` found Object.prototype members, and `relation.target()` threw a 500.
      try {
        parseQuery(q(raw), eventTemplateDef);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).status).toBe(400);
        expect((e as ApiError).items[0]?._code).toBe("validation_failed");
      }
    },
  );
  it("a query with an own __proto__ key (Hono's null-prototype query object) is a 400 naming that key", () => {
    const raw = Object.create(null) as Record<string, string[]>;
    Object.defineProperty(raw, "__proto__", { value: ["1"], enumerable: true });
    expect(() => parseQuery(raw, eventTemplateDef)).toThrow('Unknown query parameter "__proto__".');
  });
  it("a repeated key (array in place of a string) is a 400", () => {
    expect(() => parseQuery({ _limit: ["1", "2"] }, eventTemplateDef)).toThrow(ApiError);
  });
  it("_ondate is a parameter only where the route accepts it", () => {
    // Bug: _ondate was reserved on every route, so it was accepted and silently ignored.
    expect(() => parseQuery(q({ _ondate: "2026-11-24" }), eventTemplateDef)).toThrow(ApiError);
    expect(parseQuery(q({ _ondate: "2026-11-24" }), eventTemplateDef, { ondate: true }).ondate).toBe(
      "2026-11-24",
    );
    expect(parseQuery(q({}), eventTemplateDef, { ondate: true }).ondate).toBeNull();
  });
  it("rejectUnknownKeys: any key outside the allowed list is a 400 validation_failed naming it", () => {
    expect(() => rejectUnknownKeys(q({ _seller: "x", mode: "code" }), ["_seller", "mode"])).not.toThrow();
    try {
      rejectUnknownKeys(q({ _seller: "x", colour: "red" }), ["_seller"]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
      expect((e as ApiError).items[0]?._code).toBe("validation_failed");
      expect((e as ApiError).items[0]?._extra).toEqual({ field: "colour" });
    }
  });
});
