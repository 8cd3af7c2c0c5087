import { describe, expect, it } from "vitest";
import {
  apiErrorBody,
  calendarDayResource,
  calendarStatusMap,
  collection,
  eventSessionResource,
  eventTemplateResource,
  ticketTypeResource,
} from "../../../src/lib/api/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

const CAL = "/api/events/hm-general-admission/calendar";
const days = (body: Record<string, unknown>) => collection(calendarDayResource).parse(body.calendar)._data;

describe("GET/POST events/{id}/calendar", () => {
  it("without _format: the original API's map of venue-local date to status; a closed Monday is unreleased", async () => {
    const plain = await api.get(`${CAL}?start_date=2026-11-22&end_date=2026-11-28`);
    expect(plain.status).toBe(200);
    const map = calendarStatusMap.parse(plain.body).calendar;
    expect(Object.keys(map)).toHaveLength(7);
    expect(map["2026-11-23"]).toBe("unreleased");
    expect(map["2026-11-24"]).toBe("available");
  });

  it("_format=extended answers one calendar day per venue-local date; a closed Monday is status unreleased", async () => {
    const r = await api.get(`${CAL}?_format=extended&start_date=2026-11-22&end_date=2026-11-28`);
    expect(r.status).toBe(200);
    const d = days(r.body);
    expect(d.map((x) => x.date)).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
    expect(d[1]?.status).toBe("unreleased");
    expect(d[2]?.status).toBe("available");
  });

  it("_format=price adds min_price and min_price_fees (outside fees added); month selects a month", async () => {
    const d = days((await api.get(`${CAL}?_format=price&month=2026-12`)).body);
    expect(d).toHaveLength(31);
    const open = d.filter((x) => x.status === "available");
    expect(open.length).toBeGreaterThan(0);
    for (const x of open) {
      expect(x.min_price).not.toBeNull();
      expect(Number(x.min_price_fees)).toBeGreaterThanOrEqual(Number(x.min_price));
    }
  });

  it("_format=extended adds per-group availability, ticket_group_id._in narrows it", async () => {
    const d = days(
      (await api.get(`${CAL}?_format=extended&ticket_group_id._in=hm-ga-general&end_date=2026-11-30`)).body,
    );
    const day = d.find((x) => x.status === "available");
    expect(day?.ticket_groups?.map((g) => g.ticket_group_id)).toEqual(["hm-ga-general"]);
  });

  it("POST with a selection: days without capacity for the quantities are sold_out", async () => {
    const r = await api.post(`${CAL}?_format=price&end_date=2026-11-30`, {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1000 }],
    });
    expect(r.status).toBe(200);
    const d = days(r.body);
    expect(d.filter((x) => x.status !== "unreleased").every((x) => x.status === "sold_out")).toBe(true);
  });

  it("'Max 10 ticket types for an availability calendar': 11 types is 400 validation_failed in context event_calendar", async () => {
    const r = await api.post(CAL, {
      ticket_types_required: Array.from({ length: 11 }, (_, i) => ({ ticket_type_id: `t${i}`, quantity: 1 })),
    });
    expect(r.status).toBe(400);
    const err = apiErrorBody.parse(r.body)._data[0];
    expect(err?._code).toBe("validation_failed");
    expect(err?._context).toBe("event_calendar");
  });

  it.each([
    ["bad month", `${CAL}?month=2026-13`],
    ["bad date", `${CAL}?start_date=2026-02-30`],
    ["end before start", `${CAL}?start_date=2026-12-01&end_date=2026-11-01`],
    ["range too long", `${CAL}?start_date=2026-01-01&end_date=2028-01-01`],
    ["bad format", `${CAL}?_format=huge`],
    ["unknown parameter", `${CAL}?colour=red`],
  ])("bad input is a 400: %s", async (_n, path) => {
    const r = await api.get(path);
    expect(r.status).toBe(400);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
  });

  it("malformed JSON body is a 400 validation_failed", async () => {
    const r = await api.post(CAL, "{");
    expect(r.status).toBe(400);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
  });
});

describe("calendar prices", () => {
  it("price is the primary ticket type's (web.price_display), else min_price; min_price_fees is over fixed types", async () => {
    // Bug: price always equalled min_price, ignoring the event's web.price_display.primary_ticket_type_id.
    const ga = days(
      (await api.get(`${CAL}?_format=price&start_date=2026-11-24&end_date=2026-11-24`)).body,
    )[0];
    expect(ga?.status).toBe("available");
    expect(ga?.price).toBe("25.00"); // hm-ga-adult, the primary ticket type
    expect(ga?.min_price).toBe("12.00"); // hm-ga-child (members-only types are not "from" prices)
    expect(ga?.min_price_fees).toBe("12.00"); // child has no outside fees; adult's 1.50 does not apply
    const ex = days(
      (
        await api.get(
          "/api/events/hm-special-exhibition/calendar?_format=price&start_date=2026-11-24&end_date=2026-11-24",
        )
      ).body,
    )[0];
    expect(ex?.min_price).not.toBeNull();
    expect(ex?.price).toBe(ex?.min_price); // no web.price_display config
  });
});

describe("calendar late in the venue's day (23:30 America/New_York, Sunday 2026-11-22)", () => {
  // 23:30 in New York on Sunday 2026-11-22 is 04:30Z on the 23rd: every session of that day has started.
  const late = withTestApi({ now: new Date("2026-11-23T04:30:00Z") });

  it("today's calendar day does not offer sessions that have started", async () => {
    // Bug: the calendar loaded sessions with no lower bound at now, so today was "available".
    const r = await late.get(`${CAL}?_format=extended&start_date=2026-11-22&end_date=2026-11-24`);
    expect(r.status).toBe(200);
    const [today, monday, tuesday] = days(r.body);
    expect(today?.date).toBe("2026-11-22");
    expect(today?.status).not.toBe("available");
    expect(today?.available).toBe(0);
    expect(today?.ticket_groups?.every((g) => g.available === 0)).toBe(true);
    expect(monday?.status).toBe("unreleased");
    expect(tuesday?.status).toBe("available");
  });

  it("sessions?_ondate=today&sold_out=false returns none of the started sessions", async () => {
    // Bug: the _ondate branch dropped the {start: now} bound.
    const r = await late.get("/api/events/hm-general-admission/sessions?_ondate=2026-11-22&sold_out=false");
    expect(r.status).toBe(200);
    const list = collection(eventSessionResource).parse(r.body.event_session)._data;
    expect(list).toEqual([]);
    const post = await late.post("/api/events/hm-general-admission/sessions?_ondate=2026-11-22", {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
    });
    expect(collection(eventSessionResource).parse(post.body.event_session)._data).toEqual([]);
    const tomorrow = await late.get("/api/events/hm-general-admission/sessions?_ondate=2026-11-24");
    expect(collection(eventSessionResource).parse(tomorrow.body.event_session)._count).toBeGreaterThan(0);
  });

  it("events/available?_ondate=today does not list an event whose sessions today have all started", async () => {
    // Bug: the events/available _ondate loader had no lower bound at now and ignored sold out.
    const r = await late.get(
      "/api/events/available?_seller=harbour-museum&_ondate=2026-11-22&_embed=event_session",
    );
    expect(r.status).toBe(200);
    const events = collection(eventTemplateResource).parse(r.body.event_template)._data;
    expect(events.map((e) => e.id)).not.toContain("hm-general-admission");
    const sessions = r.body.event_session
      ? collection(eventSessionResource).parse(r.body.event_session)._data
      : [];
    expect(sessions.every((s) => s.start_datetime >= "2026-11-23T04:30:00.000Z" && !s.sold_out)).toBe(true);
    const tuesday = await late.get("/api/events/available?_seller=harbour-museum&_ondate=2026-11-24");
    expect(
      collection(eventTemplateResource)
        .parse(tuesday.body.event_template)
        ._data.map((e) => e.id),
    ).toContain("hm-general-admission");
  });
});

describe("POST events/{id}/pricecheck", () => {
  it("answers ticket_type with the current price and discounted_amount, by ticket_group_id", async () => {
    const r = await api.post("/api/events/hm-general-admission/pricecheck", {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult" }],
    });
    expect(r.status).toBe(200);
    const t = collection(ticketTypeResource).parse(r.body.ticket_type)._data;
    expect(t[0]?.id).toBe("hm-ga-adult");
    expect(t[0]?.discounted_amount).toBe(t[0]?.currency_amount);
  });

  it("uses the session's price tier (riverside-zoo peak/off-peak)", async () => {
    const s = await api.get("/api/events/rz-day-admission/sessions?_limit=50");
    const list = (s.body.event_session as { _data: { id: string; price_tier: string | null }[] })._data;
    const peak = list.find((x) => x.price_tier === "peak");
    const ev = await api.get("/api/events/rz-day-admission?_embed=ticket_type");
    const type = (ev.body.ticket_type as { _data: { id: string }[] })._data[0];
    if (!peak || !type) return expect(list.length).toBeGreaterThan(0);
    const r = await api.post("/api/events/rz-day-admission/pricecheck", {
      ticket_types_required: [{ ticket_type_id: type.id }],
      event_session_id: peak.id,
    });
    expect(r.status).toBe(200);
  });

  it("unknown ticket type 400, unknown session 404", async () => {
    const bad = await api.post("/api/events/hm-general-admission/pricecheck", {
      ticket_types_required: [{ ticket_type_id: "nope" }],
    });
    expect(bad.status).toBe(400);
    const noSession = await api.post("/api/events/hm-general-admission/pricecheck", {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult" }],
      event_session_id: "nope",
    });
    expect(noSession.status).toBe(404);
  });
});
