import fc from "fast-check";
import { describe, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

const paths = [
  "events/available",
  "events/hm-general-admission",
  "events/hm-general-admission/sessions",
  "events/hm-general-admission/calendar",
  "events/hm-evening-concert/sessions/x/seat_map",
  "ticket_group/hm-ga-general",
  "membership_rules",
  "config",
  "code/WELCOME10",
  "image/harbour-museum/x.jpg",
];
const keys = [
  "_seller",
  "_embed",
  "_limit",
  "_offset",
  "_sort",
  "_ondate",
  "name",
  "hidden_type._in",
  "meta.x",
  "event_session.start_datetime._gte",
  "ticket_group.hidden_type._in",
  "sold_out",
  "_format",
  "month",
  "sizex",
];
const value = fc.oneof(
  fc.constantFrom(
    "harbour-museum",
    "1",
    "-1",
    "1e400",
    "99999999999999999999",
    "true",
    "2026-11-24",
    "",
    "a,b",
    "..%2F",
    "\u0000",
    "a\u001fb",
  ),
  fc.string({ maxLength: 20 }),
);

describe("fuzz", () => {
  it("random query strings and paths under /api never give a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 5 }),
        fc.constantFrom("GET", "POST"),
        async (path, pairs, method) => {
          const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
          const res = await api.app.request(`/api/${path}?${qs}`, {
            method,
            headers: { "content-type": "application/json" },
            body: method === "POST" ? "{}" : undefined,
          });
          if (res.status >= 500)
            throw new Error(`${method} /api/${path}?${qs} gave ${res.status}: ${await res.text()}`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("random ids in every path position, control characters included, never give a 500", async () => {
    const templates = [
      "events/{}",
      "events/{}/sessions",
      "events/{}/calendar",
      "events/hm-general-admission/sessions/{}",
      "events/hm-evening-concert/sessions/{}/seat_map",
      "ticket_group/{}",
      "code/{}",
      "image/{}",
    ];
    const segment = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("\u0000", "%", "..", "hm-ga-adult", "a".repeat(500), "ünïcødé", "\ud83c\udf9f"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        segment,
        fc.constantFrom("GET", "POST"),
        async (tpl, id, method) => {
          const path = `/api/${tpl.replace("{}", encodeURIComponent(id))}`;
          const res = await api.app.request(path, {
            method,
            headers: { "content-type": "application/json" },
            body: method === "POST" ? "{}" : undefined,
          });
          if (res.status >= 500) throw new Error(`${method} ${path} gave ${res.status}: ${await res.text()}`);
        },
      ),
      { numRuns: 200 },
    );
  });
});
