/**
 * The middlewares add headers in place, and copy an answer only when its headers are immutable
 * (src/lib/server/http/edited-headers.ts; a public page was copied on
 * every request only to add `Vary: Cookie`).
 */
import { describe, expect, it } from "vitest";
import { withEditedHeaders } from "../../../src/lib/server/http/edited-headers.ts";

describe("withEditedHeaders: 'in place when they can be, on a copy when they are immutable'", () => {
  it("changes a page's answer in place: the same response, its body untouched", async () => {
    const page = new Response("<p>Events</p>", { status: 200, headers: { "Content-Type": "text/html" } });
    const out = withEditedHeaders(page, (headers) => headers.append("Vary", "Cookie"));
    expect(out).toBe(page);
    expect(out.headers.get("Vary")).toBe("Cookie");
    expect(await out.text()).toBe("<p>Events</p>");
  });

  it("copies a redirect (immutable headers) with its status and location, and changes the copy", () => {
    const redirect = Response.redirect("http://127.0.0.1/harbour-museum/events", 302);
    const out = withEditedHeaders(redirect, (headers) => headers.set("X-Request-Id", "r-1"));
    expect(out).not.toBe(redirect);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("http://127.0.0.1/harbour-museum/events");
    expect(out.headers.get("X-Request-Id")).toBe("r-1");
    expect(redirect.headers.get("X-Request-Id")).toBeNull();
  });
});
