/**
 * "Requests that must work" (reads): sessions by ticket group, the session fields clients
 * read, and the calendar in both formats, as the original API's clients send them (a staff tool
 * showing a day's timeslots, an availability scraper), with the fields they read asserted; and the
 * OpenAPI document describing the calendar's two formats.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  apiErrorBody,
  calendarRows,
  calendarStatusMap,
  collection,
  eventSessionResource,
} from "../../../src/lib/api/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const GA = "hm-general-admission";
const GENERAL = "hm-ga-general";
const MEMBERS = "hm-ga-members";
const DAY = "2026-11-24";

const sessions = (body: Record<string, unknown>) =>
  collection(eventSessionResource).parse(body.event_session)._data;
const soldOutById = (body: Record<string, unknown>) => new Map(sessions(body).map((x) => [x.id, x.sold_out]));

async function setGroup(id: string, values: Partial<typeof s.ticketGroup.$inferInsert>) {
  await api.handle.db.update(s.ticketGroup).set(values).where(eq(s.ticketGroup.id, id));
}

describe("'Session filters by group: ticket_group.id._in=a,b and ticket_group_id._in=a,b on events/{id}/sessions'", () => {
  const day = (query: string, prefix = "/cached_api") =>
    api.get(`${prefix}/events/${GA}/sessions?_ondate=${DAY}&${query}`);

  it("a day's timeslots for some groups: every spelling answers the same sessions", async () => {
    const plain = await day("_limit=100");
    expect(plain.status).toBe(200);
    const ids = sessions(plain.body).map((x) => x.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const query of [
      `ticket_group.id._in=${GENERAL},${MEMBERS}`,
      `ticket_group_id._in=${GENERAL},${MEMBERS}`,
      `ticket_group_id=${GENERAL},${MEMBERS}`,
      `ticket_group.id=${GENERAL}`,
      `ticket_group_id=${GENERAL}`,
    ]) {
      const r = await day(query);
      expect(r.status, query).toBe(200);
      const rows = sessions(r.body);
      expect(rows.map((x) => x.id)).toEqual(ids);
      // What the staff tool reads of each row.
      for (const x of rows) {
        expect(x.start_datetime.startsWith("2026-11-24") || x.start_datetime.startsWith("2026-11-25")).toBe(
          true,
        );
        expect(typeof x.sold_out).toBe("boolean");
      }
    }
  });

  it("sold_out is as the groups see it: sold out for a sold-out group, open while another group has places", async () => {
    await setGroup(GENERAL, { capacity: 1, usedCapacity: 1, oversellCapacity: 0 });
    try {
      // Fresh reads (/api): the state was changed under the cache's feet.
      const general = soldOutById((await day(`ticket_group.id._in=${GENERAL}`, "/api")).body);
      expect([...general.values()].every((v) => v === true)).toBe(true);
      const either = soldOutById((await day(`ticket_group_id._in=${GENERAL},${MEMBERS}`, "/api")).body);
      expect(either.size).toBe(general.size);
      // Through either group a session is as open as the session itself is.
      const bySession = soldOutById((await day("_limit=100", "/api")).body);
      expect(either).toEqual(bySession);
      expect([...either.values()].some((v) => v === false)).toBe(true);
      const listed = soldOutById((await day(`ticket_group_id=${MEMBERS},${GENERAL}`, "/api")).body);
      expect(listed).toEqual(either);
    } finally {
      await setGroup(GENERAL, { capacity: -1, usedCapacity: 0, oversellCapacity: 0 });
    }
  });

  it("a group of another event, or none at all, is a 404 naming it; a bad spelling a 400", async () => {
    for (const query of [
      `ticket_group.id._in=${GENERAL},nope`,
      "ticket_group_id._in=hm-exhibition-tickets",
    ]) {
      const r = await day(query);
      expect(r.status, query).toBe(404);
      expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("not_found");
    }
    const r = await day("ticket_group.colour._in=red");
    expect(r.status).toBe(400);
  });

  it("'_prefix' on the sessions' groups: ticket_group.hidden_type._prefix=public keeps them", async () => {
    const r = await day("ticket_group.hidden_type._prefix=public");
    expect(r.status).toBe(200);
    expect(sessions(r.body).length).toBeGreaterThan(0);
    const none = await day("ticket_group.hidden_type._prefix=private");
    expect(sessions(none.body)).toEqual([]);
  });
});

describe("'Session fields sold_quantity, redeemed_count and oversold_out'", () => {
  let original: typeof s.eventSession.$inferSelect | undefined;
  afterAll(async () => {
    if (!original) return;
    const { capacity, oversellCapacity, usedCapacity, soldOut, redeemedCount } = original;
    await api.handle.db
      .update(s.eventSession)
      .set({ capacity, oversellCapacity, usedCapacity, soldOut, redeemedCount })
      .where(eq(s.eventSession.id, original.id));
  });

  async function session(capacity: number, oversell: number, used: number, soldOut = false) {
    const row = await upcomingSession(api, GA, 3);
    original ??= row;
    await api.handle.db
      .update(s.eventSession)
      .set({ capacity, oversellCapacity: oversell, usedCapacity: used, soldOut })
      .where(eq(s.eventSession.id, row.id));
    const r = await api.get(`/api/events/${GA}/sessions/${row.id}`);
    expect(r.status).toBe(200);
    return sessions(r.body)[0];
  }

  it("the oversell allowance used up: sold_quantity counts every place taken, oversold_out is true", async () => {
    expect(await session(5, 2, 7)).toMatchObject({
      sold_quantity: 7,
      redeemed_count: 0,
      sold_out: true,
      oversold_out: true,
    });
  });

  it("redeemed_count is the session's count of tickets scanned in at the gate", async () => {
    const row = await upcomingSession(api, GA, 3);
    original ??= row;
    await api.handle.db.update(s.eventSession).set({ redeemedCount: 4 }).where(eq(s.eventSession.id, row.id));
    const r = await api.get(`/api/events/${GA}/sessions/${row.id}`);
    expect(sessions(r.body)[0]).toMatchObject({ redeemed_count: 4 });
    await api.handle.db.update(s.eventSession).set({ redeemedCount: 0 }).where(eq(s.eventSession.id, row.id));
  });

  it("capacity reached with oversell places left: not oversold_out, and not sold out", async () => {
    expect(await session(5, 2, 5)).toMatchObject({ sold_quantity: 5, sold_out: false, oversold_out: false });
  });

  it("closed by the operator: sold_out without oversold_out; unlimited capacity is never oversold_out", async () => {
    expect(await session(5, 0, 1, true)).toMatchObject({
      sold_quantity: 1,
      sold_out: true,
      oversold_out: false,
    });
    expect(await session(-1, 0, 40)).toMatchObject({
      sold_quantity: 40,
      sold_out: false,
      oversold_out: false,
    });
  });

  it("the fields come on every session read: lists, first_session and the event's embedded sessions", async () => {
    const list = sessions((await api.get(`/api/events/${GA}/sessions?_limit=3`)).body);
    const first = sessions(
      (await api.get(`/api/events/available?_seller=harbour-museum&_embed=first_session`)).body,
    );
    for (const x of [...list, ...first]) {
      expect(Number.isInteger(x.sold_quantity)).toBe(true);
      expect(x.redeemed_count).toBe(0);
      expect(typeof x.oversold_out).toBe("boolean");
    }
  });
});

describe("the calendar: 'without _format, {calendar: {YYYY-MM-DD: available | sold_out | unreleased}}'; 'with _format=extended, today's rows'", () => {
  const CAL = `/cached_api/events/${GA}/calendar`;

  it("an availability scraper's call (ticket_group_id._in, no _format) gets a map of date to status", async () => {
    const r = await api.get(`${CAL}?ticket_group_id._in=${GENERAL},${MEMBERS}`);
    expect(r.status).toBe(200);
    const map = calendarStatusMap.parse(r.body).calendar;
    const dates = Object.keys(map);
    expect(dates.length).toBe(90);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(dates[0]).toBe("2026-11-22");
    // 'statuses only from the set the original uses'
    expect(new Set(Object.values(map)).size).toBeGreaterThan(1);
    for (const status of Object.values(map))
      expect(["available", "sold_out", "unreleased"]).toContain(status);
    // The scraper then opens an available date's sessions: it has an open one.
    const date = dates.find((d) => map[d] === "available") ?? "";
    const open = sessions(
      (await api.get(`/cached_api/events/${GA}/sessions?_ondate=${date}&ticket_group.id._in=${GENERAL}`))
        .body,
    );
    expect(open.some((x) => !x.sold_out)).toBe(true);
  });

  it("a day whose every session is sold out is sold_out; a day without sessions unreleased", async () => {
    const row = await upcomingSession(api, GA, 0);
    const sameDay = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(eq(s.eventSession.eventTemplateId, GA));
    const date = "2026-11-22";
    const ids = sameDay
      .filter(
        (x) => x.startDatetime >= row.startDatetime && x.startDatetime < new Date("2026-11-23T05:00:00Z"),
      )
      .map((x) => x.id);
    for (const id of ids)
      await api.handle.db.update(s.eventSession).set({ soldOut: true }).where(eq(s.eventSession.id, id));
    try {
      const map = calendarStatusMap.parse(
        (await api.get(`/api/events/${GA}/calendar?start_date=${date}&end_date=2026-11-23`)).body,
      ).calendar;
      expect(map).toEqual({ "2026-11-22": "sold_out", "2026-11-23": "unreleased" });
    } finally {
      for (const id of ids)
        await api.handle.db.update(s.eventSession).set({ soldOut: false }).where(eq(s.eventSession.id, id));
    }
  });

  it("_format=extended answers the rows the storefront reads (calendar._data), in the same statuses", async () => {
    const [plain, extended] = await Promise.all([
      api.get(`${CAL}?start_date=2026-11-22&end_date=2026-11-30`),
      api.get(
        `${CAL}?_format=extended&start_date=2026-11-22&end_date=2026-11-30&ticket_group_id._in=${GENERAL}`,
      ),
    ]);
    const rows = calendarRows.parse(extended.body).calendar._data;
    expect(rows.map((d) => d.date)).toEqual(Object.keys(calendarStatusMap.parse(plain.body).calendar));
    expect(Object.fromEntries(rows.map((d) => [d.date, d.status]))).toEqual(
      calendarStatusMap.parse(plain.body).calendar,
    );
    expect(rows.find((d) => d.status === "available")?.ticket_groups?.[0]?.ticket_group_id).toBe(GENERAL);
  });

  it("POST with a selection and no _format is the map as well", async () => {
    const r = await api.post(`/api/events/${GA}/calendar?end_date=2026-11-30`, {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult", quantity: 1000 }],
    });
    expect(r.status).toBe(200);
    const map = calendarStatusMap.parse(r.body).calendar;
    expect(Object.values(map).every((x) => x === "sold_out" || x === "unreleased")).toBe(true);
  });

  it("'The OpenAPI document describes every shape, including the calendar's two formats'", async () => {
    const doc = (await api.get("/api/openapi.json")).body as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
      >;
    };
    for (const method of ["get", "post"]) {
      const schema = JSON.stringify(
        doc.paths["/api/events/{id}/calendar"]?.[method]?.responses["200"]?.content["application/json"]
          ?.schema,
      );
      expect(schema).toMatch(/"(anyOf|oneOf)"/);
      expect(schema).toContain(
        '"additionalProperties":{"type":"string","enum":["available","sold_out","unreleased"]}',
      );
      expect(schema).toContain('"_data"');
      expect(schema).toContain('"ticket_groups"');
    }
    // The rows clients read elsewhere: session fields and meta rows.
    const shape = (path: string) =>
      JSON.stringify(doc.paths[path]?.get?.responses["200"]?.content["application/json"]?.schema);
    for (const field of ["sold_quantity", "redeemed_count", "oversold_out"]) {
      expect(shape("/api/events/{id}/sessions")).toContain(`"${field}"`);
    }
    expect(shape("/api/events/available")).toContain('"metakey"');
    expect(shape("/api/events/{id}")).toContain('"oversold_out"');
  });
});
