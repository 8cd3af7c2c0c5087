import { describe, expect, it } from "vitest";
import { createApiClient, ECOMMERCE_APP_HEADER } from "../../../src/lib/api/client.ts";
import { configEnvelope } from "../../../src/lib/api/envelopes.ts";
import { ApiClientError, UNEXPECTED_ERROR } from "../../../src/lib/api/errors.ts";
import { coverUrl, imageAlt, teaserUrl, thumbnailUrl } from "../../../src/lib/api/images.ts";
import { t } from "../../../src/lib/tenant/strings.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const emptyList = { event_template: { _count: 0, _data: [] } };

function client(responses: Array<Response | Error>, trusted = false) {
  const requests: Request[] = [];
  const sleeps: number[] = [];
  const api = createApiClient({
    baseUrl: "http://test",
    trusted,
    fetch: async (req) => {
      requests.push(req);
      const next = responses.shift();
      if (!next) throw new Error("no more responses");
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { api, requests, sleeps };
}

describe("API client (spec §7)", () => {
  it("'All requests carry a header marking the ecommerce app' and go under /api/", async () => {
    const { api, requests } = client([json(emptyList)]);
    await api.listAvailableEvents("harbour-museum", { category: "Support" });
    const req = requests[0];
    expect(req?.headers.get(ECOMMERCE_APP_HEADER)).toBe("foyer-web");
    const url = new URL(req?.url ?? "");
    expect(url.pathname).toBe("/api/events/available");
    expect(url.searchParams.get("_seller")).toBe("harbour-museum");
    expect(url.searchParams.get("_embed")).toBe("meta,venue,config,ticket_group,ticket_type");
    expect(url.searchParams.get("category")).toBe("Support");
  });

  it("'GETs retry up to 3 times with backoff starting at 250 ms, doubling, on timeout, network error or a 502'", async () => {
    const timeout = new Error("t");
    timeout.name = "TimeoutError";
    const { api, requests, sleeps } = client([
      new TypeError("fetch failed"),
      timeout,
      json({ _data: [] }, 502),
      json(emptyList),
    ]);
    await expect(api.listAvailableEvents("s")).resolves.toEqual(emptyList);
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it("gives up after 3 retries with a typed error", async () => {
    const { api, requests } = client([json({}, 502), json({}, 502), json({}, 502), json({}, 502)]);
    await expect(api.getConfig("s")).rejects.toMatchObject({ status: 502 });
    expect(requests).toHaveLength(4);
  });

  it("does not retry other errors, and maps the contract's error body", async () => {
    const body = {
      _data: [
        { _code: "not_found", _context: "event", _description: "Resource event not found.", _extra: {} },
      ],
    };
    const { api, requests } = client([json(body, 404)]);
    const error = await api.getEvent("s", "nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 404,
      code: "not_found",
      context: "event",
      description: "Resource event not found.",
    });
    expect(requests).toHaveLength(1);
  });

  it("never retries writes", async () => {
    const { api, requests } = client([json({}, 502)]);
    await expect(
      api.send("POST", "my/cart/modify", {}, {}, (await import("zod")).z.unknown()),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect(requests).toHaveLength(1);
  });

  it("a body that is not JSON is a typed error with the response's status, not the raw parse error", async () => {
    const { api, requests } = client([
      new Response("<html>oops</html>", { status: 200, headers: { "content-type": "text/html" } }),
    ]);
    const error = await api.listAvailableEvents("s").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 200,
      code: "invalid_response",
      context: "events/available",
      description: UNEXPECTED_ERROR,
    });
    expect(requests).toHaveLength(1);
  });

  it("network failures and bodiless errors use the one unexpected-error text (spec §8)", async () => {
    expect(UNEXPECTED_ERROR).toBe("Sorry! Something unexpected happened. Please try again.");
    const network = await createApiClient({
      baseUrl: "http://test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
      retries: 0,
    })
      .getConfig("s")
      .catch((e: unknown) => e);
    expect(network).toMatchObject({ status: 0, code: "network_error", description: UNEXPECTED_ERROR });
    expect(new ApiClientError(500, []).description).toBe(UNEXPECTED_ERROR);
  });

  it("a response that breaks the schema is a contract error, not retried", async () => {
    const { api, requests } = client([json({ event_template: { _data: "nope" } })]);
    await expect(api.listAvailableEvents("s")).rejects.toMatchObject({ code: "contract_mismatch" });
    expect(requests).toHaveLength(1);
  });

  it("the in-process client (trusted) takes catalogue answers as its own API built them, and still checks every other read", async () => {
    // The SSR client reads this process's own API: the listing, event and config answers skip the
    // second zod parse; any other read is parsed, so a broken answer is still caught.
    const listing = { event_template: { _count: 1, _data: [{ id: "e1" }] } };
    const { api } = client([json(listing), json({ config: { _data: "nope" } })], true);
    await expect(api.listAvailableEvents("s")).resolves.toEqual(listing);
    await expect(api.get("config", {}, configEnvelope)).rejects.toMatchObject({ code: "contract_mismatch" });
  });
});

describe("stored answers (in-process catalogue reads skip the request)", () => {
  const listing = { event_template: { _count: 1, _data: [{ id: "e1" }] } };

  it("a trusted client asks for the stored answer by its /cached_api path and query, and makes no request when there is one", async () => {
    const keys: string[] = [];
    const requests: Request[] = [];
    const api = createApiClient({
      baseUrl: "http://foyer.internal",
      prefix: "/cached_api",
      trusted: true,
      readStored: (key) => {
        keys.push(key);
        return listing;
      },
      fetch: async (req) => {
        requests.push(req);
        return json(emptyList);
      },
    });
    await expect(api.listAvailableEvents("s", { category: "Support" }, ["meta"])).resolves.toBe(listing);
    expect(keys).toEqual(["/cached_api/events/available?_seller=s&_embed=meta&category=Support"]);
    expect(requests).toHaveLength(0);
  });

  it("with nothing stored the read is a request; an untrusted client and a non-catalogue read never ask", async () => {
    let asked = 0;
    const readStored = () => {
      asked += 1;
      return undefined;
    };
    const requests: Request[] = [];
    const make = (trusted: boolean) =>
      createApiClient({
        baseUrl: "http://test",
        trusted,
        readStored,
        fetch: async (req) => {
          requests.push(req);
          return json(listing);
        },
      });
    await expect(make(true).listAvailableEvents("s")).resolves.toEqual(listing);
    expect([asked, requests.length]).toEqual([1, 1]);
    // (An untrusted client parses the answer, which this short listing fails: the request is what counts.)
    await make(false)
      .listAvailableEvents("s")
      .catch(() => undefined);
    await make(true)
      .get("config", {}, configEnvelope)
      .catch(() => undefined);
    expect([asked, requests.length]).toEqual([1, 3]);
  });
});

describe("images (spec §9): thumbnail 64x51 and teaser 272x216 requested double; cover width 1500", () => {
  it("builds /api/image URLs with shrinkonly", () => {
    expect(thumbnailUrl("harbour-museum/a b.jpg")).toBe(
      "/api/image/harbour-museum/a%20b.jpg?sizex=128&sizey=102&shrinkonly=1",
    );
    expect(teaserUrl("x/y.jpg")).toBe("/api/image/x/y.jpg?sizex=544&sizey=432&shrinkonly=1");
    // The cover is requested at the 1500x500 box it is shown in (the endpoint crops to fit), so the
    // page does not shift when it loads.
    expect(coverUrl("x/y.jpg")).toBe("/api/image/x/y.jpg?sizex=1500&sizey=500&shrinkonly=1");
  });

  it("'Missing image alt text falls back to Image for {event name}'", () => {
    const fallback = (name: string) => t(undefined, "image.alt", { name });
    expect(imageAlt(undefined, fallback("Evening Concert"))).toBe("Image for Evening Concert");
    expect(imageAlt("  ", fallback("Evening Concert"))).toBe("Image for Evening Concert");
    expect(imageAlt("A schooner", fallback("X"))).toBe("A schooner");
    // a tenant's own wording of the fallback
    expect(
      imageAlt(null, t({ strings: { "image.alt": "Picture: {name}" } }, "image.alt", { name: "Zoo" })),
    ).toBe("Picture: Zoo");
  });
});
