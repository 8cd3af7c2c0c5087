/**
 * "Requests that must work" (reads): events/available and events/{id} as existing clients
 * of the API family send them (kiosk apps, schedule scrapers, custom funnels), each with the fields
 * those clients read asserted. The storefront reads the same shapes (meta rows folded by api/meta.ts).
 */
import { describe, expect, it } from "vitest";
import { foldMeta } from "../../../src/lib/api/meta.ts";
import {
  apiErrorBody,
  collection,
  eventSessionResource,
  eventTemplateResource,
  metaResource,
  sellerResource,
  ticketGroupResource,
} from "../../../src/lib/api/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();
const HM = "harbour-museum";

const events = (body: Record<string, unknown>) =>
  collection(eventTemplateResource).parse(body.event_template)._data;
const sessions = (body: Record<string, unknown>) =>
  collection(eventSessionResource).parse(body.event_session)._data;
const metas = (body: Record<string, unknown>) => collection(metaResource).parse(body.meta)._data;

/** The next open session of an event, as the sessions call answers it. */
async function nextSession(eventId: string) {
  const r = await api.get(`/api/events/${eventId}/sessions?_limit=1&sold_out=false&_sort=start_datetime`);
  return sessions(r.body)[0];
}

describe("'_embed=first_session on events/available and events/{id}: the event's next session, as sibling event_session rows'", () => {
  it("a funnel's listing call: one event_session row per event, its next open session", async () => {
    const r = await api.get(
      `/cached_api/events/available?_seller=${HM}&hidden_type=public_browsable&ticket_group.hidden_type._in=public_browsable&_embed=ticket_group,ticket_type,first_session,meta,seller,venue,seller.meta`,
    );
    expect(r.status).toBe(200);
    const list = events(r.body);
    const firsts = sessions(r.body);
    expect(list.length).toBeGreaterThan(1);
    expect(firsts.length).toBeGreaterThan(1);
    // Sibling rows linked by event_template_id, at most one per event.
    const eventIds = new Set(list.map((e) => e.id));
    expect(firsts.every((s) => eventIds.has(s.event_template_id))).toBe(true);
    expect(new Set(firsts.map((s) => s.event_template_id)).size).toBe(firsts.length);
    for (const s of firsts) expect(s.id).toBe((await nextSession(s.event_template_id))?.id);
    // The rest of what the funnel reads: the seller and its meta (response.data.meta._data).
    expect(
      collection(sellerResource)
        .parse(r.body.seller)
        ._data.map((x) => x.slug),
    ).toEqual([HM]);
    expect(metas(r.body).some((m) => m.resource === "seller")).toBe(true);
    expect(collection(ticketGroupResource).parse(r.body.ticket_group)._data.length).toBeGreaterThan(0);
  });

  it("events/{id}?_embed=first_session answers that event's next session only", async () => {
    const r = await api.get(`/api/events/hm-general-admission?_seller=${HM}&_embed=first_session,venue`);
    expect(r.status).toBe(200);
    const rows = sessions(r.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.event_template_id).toBe("hm-general-admission");
    expect(rows[0]?.id).toBe((await nextSession("hm-general-admission"))?.id);
    expect((rows[0]?.start_datetime ?? "") >= "2026-11-22T12:00:00.000Z").toBe(true);
  });

  it("first_session next to event_session merges into one event_session collection", async () => {
    const r = await api.get(
      `/api/events/hm-general-admission?_seller=${HM}&_embed=event_session,first_session`,
    );
    const rows = sessions(r.body);
    expect(new Set(rows.map((s) => s.id)).size).toBe(rows.length);
    expect((r.body.event_session as { _count: number })._count).toBe(rows.length);
  });
});

describe("a schedule scraper's call: _withmemberevents, event_session.start_datetime._gte, _sort=event_session.start_datetime", () => {
  const scraper = (sort: string) =>
    `/cached_api/events/available?_seller=${HM}&event_session.start_datetime._gte=2026-11-22T05:00:00.000Z&_withmemberevents&category._in=Admission,Exhibitions,Concerts&_embed=event_session,ticket_group,ticket_type,venue&_sort=${sort}`;

  /** Each event's earliest embedded session start. */
  const firstStarts = (body: Record<string, unknown>) => {
    const rows = sessions(body);
    return events(body).map(
      (e) =>
        rows
          .filter((s) => s.event_template_id === e.id)
          .map((s) => s.start_datetime)
          .sort()[0],
    );
  };

  it("'Underscore parameters that don't apply, such as _withmemberevents: accepted and ignored, not a 400'", async () => {
    const without = await api.get(scraper("event_session.start_datetime").replace("&_withmemberevents", ""));
    for (const flag of ["&_withmemberevents", "&_withmemberevents=true"]) {
      const r = await api.get(scraper("event_session.start_datetime").replace("&_withmemberevents", flag));
      expect(r.status).toBe(200);
      expect(r.body).toEqual(without.body);
    }
    const one = await api.get(`/api/events/hm-general-admission?_seller=${HM}&_withmemberevents=true`);
    expect(one.status).toBe(200);
    const rows = await api.get(`/api/events/hm-general-admission/sessions?_withmemberevents=true&_limit=1`);
    expect(rows.status).toBe(200);
  });

  it("'_sort by an embedded field, e.g. _sort=event_session.start_datetime': events by their first session", async () => {
    const r = await api.get(scraper("event_session.start_datetime"));
    expect(r.status).toBe(200);
    const starts = firstStarts(r.body);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts.every((s) => s !== undefined)).toBe(true);
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts).toEqual([...starts].sort());
  });

  it("'descending with a leading -': _sort=-event_session.start_datetime reverses it", async () => {
    const asc = events((await api.get(scraper("event_session.start_datetime"))).body).map((e) => e.id);
    const r = await api.get(scraper("-event_session.start_datetime"));
    expect(r.status).toBe(200);
    expect(events(r.body).map((e) => e.id)).toEqual([...asc].reverse());
    const starts = firstStarts(r.body);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it("'Unknown filter fields stay a 400' (and underscore parameters no client sends)", async () => {
    for (const extra of [
      "&colour=red",
      "&event_session.colour=red",
      "&_bogus=1",
      "&_sort=event_session.nope",
    ]) {
      const r = await api.get(`${scraper("event_session.start_datetime")}${extra}`);
      expect(r.status).toBe(400);
      expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("validation_failed");
    }
  });
});

describe("'The filter operator _prefix (ticket_group.hidden_type._prefix=public)'", () => {
  it("keeps events with a group whose hidden_type starts with the value", async () => {
    const all = await api.get(
      `/api/events/available?_seller=${HM}&ticket_group.hidden_type._prefix=public&_embed=ticket_group`,
    );
    expect(all.status).toBe(200);
    const groups = collection(ticketGroupResource).parse(all.body.ticket_group)._data;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.hidden_type.startsWith("public"))).toBe(true);
    const members = await api.get(
      `/api/events/available?_seller=${HM}&ticket_group.hidden_type._prefix=public_member&_embed=ticket_group`,
    );
    const memberGroups = collection(ticketGroupResource).parse(members.body.ticket_group)._data;
    expect(memberGroups.length).toBeGreaterThan(0);
    expect(memberGroups.every((g) => g.hidden_type === "public_member_only")).toBe(true);
    expect(events(members.body).map((e) => e.id)).toContain("hm-general-admission");
    expect(events(members.body).length).toBeLessThan(events(all.body).length);
  });

  it("works on own fields too (name._prefix)", async () => {
    const r = await api.get(`/api/events/available?_seller=${HM}&name._prefix=General`);
    expect(r.status).toBe(200);
    const names = events(r.body).map((e) => e.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith("General"))).toBe(true);
  });
});

describe("'Meta in the original shape: one row per key, meta._data[] = {resource, resource_id, metakey, value}'", () => {
  it("each key of an event's meta is its own row; folded, they give the event's meta", async () => {
    const r = await api.get(`/cached_api/events/hm-general-admission?_seller=${HM}&_embed=meta`);
    expect(r.status).toBe(200);
    const rows = metas(r.body);
    expect(rows.length).toBeGreaterThan(1);
    for (const m of rows) {
      expect(m).toEqual({
        id: expect.any(String),
        resource: "event_template",
        resource_id: "hm-general-admission",
        metakey: expect.any(String),
        value: expect.anything(),
      });
    }
    expect(new Set(rows.map((m) => m.metakey)).size).toBe(rows.length);
    const folded = foldMeta(rows, "hm-general-admission");
    expect(folded.reserve_flow).toBe("date_first");
    expect(folded.is_anchor).toBe(true);
    expect(typeof folded.image_profile).toBe("string");
  });

  it("'meta.metakey._in=' filters on it: a listing asks only for the image keys", async () => {
    const r = await api.get(
      `/cached_api/events/available?_seller=${HM}&_withmemberevents=true&hidden_type._in=public_browsable,public_member_only&config.key._in=config.image&meta.metakey._in=image_profile,image_profile_alt&_embed=meta,config,venue,ticket_type,ticket_group`,
    );
    expect(r.status).toBe(200);
    const rows = metas(r.body);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => m.metakey === "image_profile" || m.metakey === "image_profile_alt")).toBe(true);
    expect(foldMeta(rows, "hm-general-admission").image_profile).toEqual(
      expect.stringContaining("general-admission"),
    );
  });

  it("the storefront's metadata filter meta.{key}={value} still matches the row of that key", async () => {
    const r = await api.get(
      `/api/events/available?_seller=${HM}&meta.reserve_flow=quantity_first&_embed=meta`,
    );
    expect(r.status).toBe(200);
    const list = events(r.body);
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) expect(foldMeta(metas(r.body), e.id).reserve_flow).toBe("quantity_first");
    const none = await api.get(`/api/events/available?_seller=${HM}&meta.reserve_flow=nothing-matches`);
    expect(events(none.body)).toEqual([]);
  });
});
