/**
 * Listing SSR without the page cache: "no second zod parse of in-process answers" and no
 * request through the API for an answer it has stored. The pages' client (server/page-data/client.ts) reads the
 * /cached_api answers the API keeps, by the same key, under the same 30 s time to live.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../../src/lib/api/client.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

/** The pages' client over the test API, counting the requests that reach the API app. */
function pagesClient() {
  const requests: string[] = [];
  const client = createApiClient({
    baseUrl: "http://foyer.internal",
    prefix: "/cached_api",
    fetch: async (request) => {
      requests.push(new URL(request.url).pathname);
      return api.app.fetch(request);
    },
    trusted: true,
    readStored: api.storedJson,
  });
  return { client, requests };
}

describe("the pages' catalogue reads use the answers /cached_api has stored", () => {
  it("the first read is a request; the same read again is the stored answer, with no request", async () => {
    const { client, requests } = pagesClient();
    const filters = { category: "Admission" };
    const first = await client.listAvailableEvents("harbour-museum", filters);
    expect(requests).toEqual(["/cached_api/events/available"]);
    const again = await client.listAvailableEvents("harbour-museum", filters);
    expect(requests).toHaveLength(1);
    expect(again).toEqual(first);
    expect(again.event_template._data.map((e) => e.id)).toContain("hm-general-admission");
    // Over HTTP the same read is the same answer.
    const overHttp = await api.get(
      "/cached_api/events/available?_seller=harbour-museum&_embed=meta%2Cvenue%2Cconfig%2Cticket_group%2Cticket_type&category=Admission",
    );
    expect(overHttp.body).toEqual(again);
  });

  it("a stored answer is shared by the requests that read it, so it is frozen: changing it throws", async () => {
    const { client } = pagesClient();
    await client.getEvent("harbour-museum", "hm-general-admission");
    const stored = await client.getEvent("harbour-museum", "hm-general-admission");
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(stored.event_template._data[0])).toBe(true);
    expect(() => {
      (stored.event_template._data as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it("after the 30 s time to live the read is a request again; another seller's read is its own", async () => {
    const { client, requests } = pagesClient();
    await client.getConfig("harbour-museum");
    await client.getConfig("harbour-museum");
    expect(requests).toHaveLength(1);
    await client.getConfig("riverside-zoo");
    expect(requests).toHaveLength(2);
    api.clock.advance(30_000);
    await client.getConfig("harbour-museum");
    expect(requests).toHaveLength(3);
  });

  it("a failed read (an unknown event) is not stored: it is asked again, and fails again", async () => {
    const { client, requests } = pagesClient();
    await expect(client.getEvent("harbour-museum", "no-such-event")).rejects.toMatchObject({ status: 404 });
    await expect(client.getEvent("harbour-museum", "no-such-event")).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(2);
  });
});
