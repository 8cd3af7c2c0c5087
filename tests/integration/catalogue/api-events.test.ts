import { describe, expect, it } from "vitest";
import {
  apiErrorBody,
  collection,
  configResource,
  eventSessionResource,
  eventTemplateResource,
  metaResource,
  sellerResource,
  ticketGroupResource,
  ticketTypeResource,
  venueResource,
} from "../../../src/lib/api/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

const HM = "/api/events/available?_seller=harbour-museum";
type Coll = { _count: number; _data: Record<string, unknown>[] };
const col = (body: Record<string, unknown>, key: string) => body[key] as Coll;
const ids = (body: Record<string, unknown>, key: string) => col(body, key)._data.map((r) => r.id);

describe("GET events/available", () => {
  it("answers the envelope { event_template: { _count, _data } } with contract-shaped events", async () => {
    const r = await api.get(HM);
    expect(r.status).toBe(200);
    const events = collection(eventTemplateResource).parse(r.body.event_template);
    expect(events._count).toBe(events._data.length);
    expect(events._data.map((e) => e.id)).toContain("hm-general-admission");
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("excludes public_link_only events unless hidden_type._in asks for them", async () => {
    expect(ids((await api.get(HM)).body, "event_template")).not.toContain("hm-hidden-event");
    const r = await api.get(`${HM}&hidden_type._in=public_link_only`);
    expect(ids(r.body, "event_template")).toEqual(["hm-hidden-event"]);
  });

  it("accepts the seller id as well as the slug and never mixes sellers", async () => {
    const r = await api.get("/api/events/available?_seller=riverside-zoo");
    expect(ids(r.body, "event_template").every((id) => String(id).startsWith("rz-"))).toBe(true);
  });

  it("embeds meta, config, venue, ticket_group, ticket_type, message_rule and seller as sibling collections", async () => {
    const r = await api.get(`${HM}&_embed=meta,config,venue,ticket_group,ticket_type,message_rule,seller`);
    expect(r.status).toBe(200);
    collection(metaResource).parse(r.body.meta);
    collection(configResource).parse(r.body.config);
    collection(venueResource).parse(r.body.venue);
    collection(ticketGroupResource).parse(r.body.ticket_group);
    collection(ticketTypeResource).parse(r.body.ticket_type);
    collection(sellerResource).parse(r.body.seller);
    expect(ids(r.body, "ticket_group")).toContain("hm-ga-general");
  });

  it("dotted embeds: ticket_group.meta and seller.meta land in the meta collection", async () => {
    const r = await api.get(`${HM}&_embed=ticket_group,ticket_group.meta,seller.meta`);
    const metas = collection(metaResource).parse(r.body.meta)._data;
    expect(metas.length).toBeGreaterThan(0);
    expect(metas.every((m) => m.resource === "seller" || m.resource === "ticket_group")).toBe(true);
  });

  it("without a date window event_session embeds only each event's next available session", async () => {
    const r = await api.get(`${HM}&_embed=event_session`);
    const sessions = collection(eventSessionResource).parse(r.body.event_session)._data;
    const perEvent = new Map<string, number>();
    for (const s of sessions) perEvent.set(s.event_template_id, (perEvent.get(s.event_template_id) ?? 0) + 1);
    expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
    expect(sessions.every((s) => !s.sold_out && s.start_datetime >= "2026-11-22T12:00:00.000Z")).toBe(true);
  });

  it("dotted filter event_session.start_datetime._gte/_lt keeps events with a session in the window", async () => {
    const r = await api.get(
      `${HM}&_embed=event_session&event_session.start_datetime._gte=2026-11-24T00:00:00Z&event_session.start_datetime._lt=2026-11-25T00:00:00Z`,
    );
    expect(r.status).toBe(200);
    const sessions = collection(eventSessionResource).parse(r.body.event_session)._data;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.start_datetime >= "2026-11-24" && s.start_datetime < "2026-11-25")).toBe(
      true,
    );
    const withSession = new Set(sessions.map((s) => s.event_template_id));
    expect(ids(r.body, "event_template").every((id) => withSession.has(String(id)))).toBe(true);
  });

  it("_ondate keeps events with a session on that venue-local date (Monday 2026-11-23: general admission closed)", async () => {
    const monday = await api.get(`${HM}&_ondate=2026-11-23&_embed=event_session`);
    expect(monday.status).toBe(200);
    expect(ids(monday.body, "event_template")).not.toContain("hm-general-admission");
    const tuesday = await api.get(`${HM}&_ondate=2026-11-24&_embed=event_session`);
    expect(ids(tuesday.body, "event_template")).toContain("hm-general-admission");
  });

  it("dotted filter ticket_group.hidden_type._in keeps events that have such a group", async () => {
    const r = await api.get(`${HM}&ticket_group.hidden_type._in=public_member_only&_embed=ticket_group`);
    expect(r.status).toBe(200);
    const groups = collection(ticketGroupResource).parse(r.body.ticket_group)._data;
    expect(groups.every((g) => g.hidden_type === "public_member_only")).toBe(true);
    expect(ids(r.body, "event_template")).toContain("hm-general-admission");
  });

  it("filters by field, _in and meta.{key}, sorts and pages", async () => {
    const all = await api.get(`${HM}&_sort=-name`);
    const names = col(all.body, "event_template")._data.map((e) => String(e.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const page = await api.get(`${HM}&_sort=-name&_limit=2&_offset=1`);
    expect(col(page.body, "event_template")._data.map((e) => e.name)).toEqual(names.slice(1, 3));
    expect(col(page.body, "event_template")._count).toBe(names.length);
    const cat = await api.get(`${HM}&category=Admission`);
    expect(col(cat.body, "event_template")._data.every((e) => e.category === "Admission")).toBe(true);
    const meta = await api.get(`${HM}&meta.reserve_flow=date_first&_embed=meta`);
    expect(meta.status).toBe(200);
    expect(ids(meta.body, "event_template")).toContain("hm-general-admission");
  });

  it.each([
    ["unknown filter field", `${HM}&colour=red`],
    ["unknown dotted filter field", `${HM}&ticket_group.colour=red`],
    ["unknown operator", `${HM}&name._like=x`],
    ["unknown embed", `${HM}&_embed=nope`],
    ["unknown _param", `${HM}&_bogus=1`],
    ["huge _limit", `${HM}&_limit=100000000000000000000`],
    ["_limit 0", `${HM}&_limit=0`],
    ["_limit over 1000", `${HM}&_limit=1001`],
    ["bad _ondate", `${HM}&_ondate=2026-02-30`],
    ["bad datetime", `${HM}&event_session.start_datetime._gte=yesterday`],
    ["unsortable field", `${HM}&_sort=description`],
    ["array in place of a string", `${HM}&_limit=1&_limit=2`],
    ["missing _seller", "/api/events/available"],
  ])("an unknown or bad parameter is a 400 validation_failed, never ignored: %s", async (_name, path) => {
    const r = await api.get(path);
    expect(r.status).toBe(400);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
  });

  it.each([
    ["config", "/api/config?_seller=harbour-museum&_ondate=2026-01-01"],
    ["events/{id}", "/api/events/hm-general-admission?_ondate=2026-11-24"],
    ["ticket_group/{id}", "/api/ticket_group/hm-ga-general?_ondate=2026-11-24"],
    ["events/{id}/sessions/{sessionId}", "/api/events/hm-general-admission/sessions/x?_ondate=2026-11-24"],
    ["events/{id}/calendar", "/api/events/hm-general-admission/calendar?_ondate=2026-11-24"],
  ])("_ondate where it means nothing is a 400 validation_failed: %s", async (_name, path) => {
    // Bug: _ondate was reserved on every route, so it was accepted and silently ignored (200).
    const r = await api.get(path);
    expect(r.status).toBe(400);
    const err = apiErrorBody.parse(r.body)._data[0];
    expect(err?._code).toBe("validation_failed");
    expect(err?._extra).toMatchObject({ field: "_ondate" });
  });

  it("an unknown seller is 404 not_found", async () => {
    const r = await api.get("/api/events/available?_seller=nobody");
    expect(r.status).toBe(404);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("not_found");
  });

  it("/cached_api answers the same read with public caching", async () => {
    const r = await api.get("/cached_api/events/available?_seller=harbour-museum");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toContain("public");
  });
});

describe("GET events/{id}", () => {
  it("answers one event with embeds meta, venue, ticket_group, ticket_type, message_rule, config, seller", async () => {
    const r = await api.get(
      "/api/events/hm-general-admission?_embed=meta,venue,ticket_group,ticket_type,message_rule,config,seller",
    );
    expect(r.status).toBe(200);
    const ev = collection(eventTemplateResource).parse(r.body.event_template);
    expect(ev._data[0]?.id).toBe("hm-general-admission");
    expect(ids(r.body, "ticket_group")).toEqual(expect.arrayContaining(["hm-ga-general", "hm-ga-members"]));
    collection(ticketTypeResource).parse(r.body.ticket_type);
  });

  it("an unknown event is 404 'Resource event_template not found.'", async () => {
    const r = await api.get("/api/events/nope");
    expect(r.status).toBe(404);
    const err = apiErrorBody.parse(r.body)._data[0];
    expect(err?._code).toBe("not_found");
    expect(err?._description).toBe("Resource event_template not found.");
  });

  it("another seller's event is 404 when _seller is given", async () => {
    expect((await api.get("/api/events/hm-general-admission?_seller=riverside-zoo")).status).toBe(404);
  });

  it("filters make no sense on a single resource: 400", async () => {
    expect((await api.get("/api/events/hm-general-admission?name=x")).status).toBe(400);
  });
});
