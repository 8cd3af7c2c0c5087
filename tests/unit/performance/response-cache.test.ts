import { describe, expect, it } from "vitest";
import { ResponseCache } from "../../../src/lib/server/response-cache.ts";

const entry = (body: string, storedAt: number) => ({ body, contentType: "application/json", storedAt });

describe("ResponseCache (DESIGN §3: /cached_api has a small server-side cache)", () => {
  it("answers a stored read until its time to live has passed", () => {
    const cache = new ResponseCache(30_000, 10);
    cache.set("/events/available?_seller=a", entry("x", 1_000));
    expect(cache.get("/events/available?_seller=a", 30_999)?.body).toBe("x");
    expect(cache.get("/events/available?_seller=a", 31_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used entry past its size limit", () => {
    const cache = new ResponseCache(30_000, 2);
    cache.set("a", entry("1", 0));
    cache.set("b", entry("2", 0));
    expect(cache.get("a", 1)?.body).toBe("1");
    cache.set("c", entry("3", 0));
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)?.body).toBe("1");
    expect(cache.get("c", 1)?.body).toBe("3");
  });
});
