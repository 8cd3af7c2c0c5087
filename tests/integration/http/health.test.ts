import { describe, expect, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

describe("API shell", () => {
  it("answers health from the migrated database", async () => {
    const res = await api.get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("unknown routes give the _data error body with a _code, not HTML", async () => {
    const res = await api.get("/api/no/such/route");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      _data: [{ _code: "not_found", _context: "", _description: "Resource route not found.", _extra: {} }],
    });
  });

  it("/cached_api reads carry CDN cache headers; /api reads are not cached", async () => {
    const cached = await api.get("/cached_api/health");
    expect(cached.headers.get("cache-control")).toMatch(/^public, max-age=30/);
    const fresh = await api.get("/api/health");
    expect(fresh.headers.get("cache-control")).toBe("no-store");
  });

  it("/cached_api keeps a read for 30 s in its server-side cache; /api always reads fresh", async () => {
    const path = "/cached_api/events/available?_seller=riverside-zoo&_limit=2";
    const first = await api.app.request(path);
    expect(first.headers.get("x-cache")).toBeNull();
    const firstBody = await first.text();
    const second = await api.app.request(path);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    const fresh = await api.app.request("/api/events/available?_seller=riverside-zoo&_limit=2");
    expect(fresh.headers.get("x-cache")).toBeNull();
    api.clock.advance(30_000);
    const expired = await api.app.request(path);
    expect(expired.headers.get("x-cache")).toBeNull();
  });

  it("bad input never reaches the database: a NUL byte in an id is a 400 validation_failed", async () => {
    // Regression: GET /api/events/%00 gave a 500 because PostgreSQL refuses NUL in text.
    for (const path of ["/api/events/%00", "/api/events/available?_seller=harbour%00museum"]) {
      const res = await api.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ _data: [{ _code: "validation_failed" }] });
    }
  });
});
