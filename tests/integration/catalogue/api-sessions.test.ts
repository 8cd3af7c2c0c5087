import { describe, expect, it } from "vitest";
import {
  apiErrorBody,
  collection,
  eventSessionResource,
  priceScheduleResource,
  seatMapResource,
  seatResource,
  venueResource,
} from "../../../src/lib/api/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

const GA = "/api/events/hm-general-admission/sessions";
const sessions = (body: Record<string, unknown>) =>
  collection(eventSessionResource).parse(body.event_session);

describe("GET events/{id}/sessions", () => {
  it("'limit 1, sold_out false, sort start_datetime' gives the next open session", async () => {
    const r = await api.get(`${GA}?_limit=1&sold_out=false&_sort=start_datetime`);
    expect(r.status).toBe(200);
    const s = sessions(r.body);
    expect(s._data).toHaveLength(1);
    expect(s._count).toBeGreaterThan(1);
    expect(s._data[0]?.sold_out).toBe(false);
    expect((s._data[0]?.start_datetime ?? "") >= "2026-11-22T12:00:00.000Z").toBe(true);
  });

  it("-start_datetime sorts descending and _offset pages", async () => {
    const a = sessions((await api.get(`${GA}?_limit=3&_sort=-start_datetime`)).body)._data;
    expect(a.map((s) => s.start_datetime)).toEqual([...a.map((s) => s.start_datetime)].sort().reverse());
    const b = sessions((await api.get(`${GA}?_limit=2&_offset=1&_sort=-start_datetime`)).body)._data;
    expect(b.map((s) => s.id)).toEqual(a.slice(1, 3).map((s) => s.id));
  });

  it("start_datetime._gte/_lt select a window", async () => {
    const r = await api.get(
      `${GA}?start_datetime._gte=2026-11-24T00:00:00Z&start_datetime._lt=2026-11-25T00:00:00Z`,
    );
    const s = sessions(r.body)._data;
    expect(s.length).toBeGreaterThan(0);
    expect(s.every((x) => x.start_datetime >= "2026-11-24" && x.start_datetime < "2026-11-25")).toBe(true);
  });

  it("_ondate selects sessions on that date in the venue's time zone (America/New_York)", async () => {
    const s = sessions((await api.get(`${GA}?_ondate=2026-11-24`)).body)._data;
    expect(s.length).toBeGreaterThan(0);
    // 2026-11-24 in New York is 05:00Z on the 24th to 05:00Z on the 25th.
    expect(
      s.every((x) => x.start_datetime >= "2026-11-24T05:00" && x.start_datetime < "2026-11-25T05:00"),
    ).toBe(true);
    expect(sessions((await api.get(`${GA}?_ondate=2026-11-23`)).body)._data).toHaveLength(0); // closed Mondays
  });

  it("filters in memory on other fields (available_capacity._gte) and ticket_group_id", async () => {
    const r = await api.get(
      `${GA}?_ondate=2026-11-24&available_capacity._gte=1&ticket_group_id=hm-ga-general`,
    );
    expect(r.status).toBe(200);
    expect(
      sessions(r.body)._data.every((x) => x.available_capacity >= 1 || x.available_capacity === -1),
    ).toBe(true);
  });

  it.each([
    ["unknown filter", `${GA}?colour=red`],
    ["bad _ondate", `${GA}?_ondate=24-11-2026`],
    ["huge _limit", `${GA}?_limit=99999999999`],
    ["bad boolean", `${GA}?sold_out=maybe`],
    ["bad sort", `${GA}?_sort=name`],
  ])("bad input is a 400 validation_failed: %s", async (_n, path) => {
    const r = await api.get(path);
    expect(r.status).toBe(400);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
  });

  it("unknown event or ticket group: 404", async () => {
    expect((await api.get("/api/events/nope/sessions")).status).toBe(404);
    expect((await api.get(`${GA}?ticket_group_id=nope`)).status).toBe(404);
  });
});

describe("POST events/{id}/sessions", () => {
  it("returns event_session and price_schedule for the selection", async () => {
    const r = await api.post(`${GA}?_ondate=2026-11-24&_sort=start_datetime`, {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 2 }],
    });
    expect(r.status).toBe(200);
    const s = sessions(r.body)._data;
    const ps = collection(priceScheduleResource).parse(r.body.price_schedule)._data;
    expect(ps).toHaveLength(s.length);
    expect(ps.every((p) => p.ticket_type_id === "hm-ga-adult")).toBe(true);
  });

  it("sessions without enough capacity for the requested quantity are sold_out for that selection", async () => {
    const r = await api.post(`${GA}?_ondate=2026-11-24`, {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1000 }],
    });
    expect(sessions(r.body)._data.every((s) => s.sold_out)).toBe(true);
    const open = await api.post(`${GA}?_ondate=2026-11-24&sold_out=false`, {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1000 }],
    });
    expect(sessions(open.body)._data).toHaveLength(0);
  });

  it.each([
    ["malformed JSON", "{not json"],
    ["wrong shape", { ticket_types_required: "adult" }],
    ["negative quantity", { ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: -1 }] }],
    ["unknown ticket type", { ticket_types_required: [{ ticket_type_id: "nope", quantity: 1 }] }],
  ])("bad bodies are a 400 with _code, never 500: %s", async (_n, body) => {
    const r = await api.post(GA, body);
    expect(r.status).toBe(400);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
  });
});

describe("GET events/{id}/sessions/{sessionId}", () => {
  it("answers one session and embeds venue", async () => {
    const first = sessions((await api.get(`${GA}?_limit=1`)).body)._data[0];
    const r = await api.get(`${GA}/${first?.id}?_embed=venue`);
    expect(r.status).toBe(200);
    expect(sessions(r.body)._data[0]?.id).toBe(first?.id);
    expect(collection(venueResource).parse(r.body.venue)._data[0]?.timezone).toBe("America/New_York");
  });

  it("a session of another event is 404", async () => {
    const first = sessions((await api.get(`${GA}?_limit=1`)).body)._data[0];
    expect((await api.get(`/api/events/hm-evening-concert/sessions/${first?.id}`)).status).toBe(404);
  });
});

describe("GET events/{id}/sessions/{sessionId}/seat_map", () => {
  it("answers seat_map and seat collections; geometry=true adds map_geometry", async () => {
    const s = sessions((await api.get("/api/events/hm-evening-concert/sessions?_limit=1")).body)._data[0];
    const base = `/cached_api/events/hm-evening-concert/sessions/${s?.id}/seat_map`;
    const plain = await api.get(base);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toContain("public");
    const map = collection(seatMapResource).parse(plain.body.seat_map)._data[0];
    expect(map?.map_geometry).toBeUndefined();
    const seats = collection(seatResource).parse(plain.body.seat)._data;
    expect(seats.length).toBeGreaterThan(0);
    const geo = await api.get(`${base}?geometry=true`);
    expect(
      collection(seatMapResource).parse(geo.body.seat_map)._data[0]?.map_geometry?.width,
    ).toBeGreaterThan(0);
  });

  it("an event without a seat map is 404, unknown params 400", async () => {
    const s = sessions((await api.get(`${GA}?_limit=1`)).body)._data[0];
    expect((await api.get(`/api/events/hm-general-admission/sessions/${s?.id}/seat_map`)).status).toBe(404);
    expect((await api.get(`/api/events/hm-general-admission/sessions/${s?.id}/seat_map?x=1`)).status).toBe(
      400,
    );
  });
});
