/**
 * "A museum that runs its own Foyer has one tenant. With one tenant, `_seller` is optional on every
 * API call." The content folder here holds Harbour Museum alone (the database is the seeded demo,
 * which also has Riverside Zoo's rows: they stay out of reach).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import { call } from "../auth-helpers.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-sole-tenant-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
// Every other tenant file goes, however many the demo has.
for (const file of readdirSync(join(content, "tenants"))) {
  if (file !== "harbour-museum.json") rmSync(join(content, "tenants", file));
}
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();

type EventRow = { id: string };
const eventIds = (body: Record<string, unknown>) =>
  ((body.event_template as { _data?: EventRow[] } | undefined)?._data ?? []).map((e) => e.id).sort();

describe("'With one tenant, `_seller` is optional on every API call'", () => {
  it("a read without _seller answers the only tenant's events, as `_seller=harbour-museum` does", async () => {
    const bare = await call(api, "GET", "http://127.0.0.1/api/events/available");
    const named = await call(api, "GET", "http://127.0.0.1/api/events/available?_seller=harbour-museum");
    expect(bare.status).toBe(200);
    expect(eventIds(bare.body).length).toBeGreaterThan(0);
    expect(eventIds(bare.body)).toEqual(eventIds(named.body));
  });

  it("a write without _seller works too: a cart is made for the only tenant", async () => {
    const sessions = await call(
      api,
      "GET",
      "http://127.0.0.1/api/events/hm-general-admission/sessions?_limit=5&sold_out=false&_sort=start_datetime",
    );
    expect(sessions.status).toBe(200);
    const session = (sessions.body.event_session as { _data: { id: string }[] })._data[0];
    const cart = await call(api, "POST", "http://127.0.0.1/api/my/cart/modify", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session?.id, quantity: 1 }],
    });
    expect(cart.status).toBe(200);
    expect((cart.body.cart as { _data: { seller_id: string }[] })._data[0]?.seller_id).toBe("harbour-museum");
  });

  it("a `_seller` naming another seller is not found, never that seller's data", async () => {
    const other = await call(api, "GET", "http://127.0.0.1/api/events/available?_seller=riverside-zoo");
    expect(other.status).toBe(404);
  });
});
