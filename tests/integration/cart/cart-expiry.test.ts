/**
 * Spec 1 §4 "Loading an expired cart raises a cart-expired error" and DESIGN §4 "An expired cart
 * releases its tickets, whether that happens lazily on the next read or in a sweeper".
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  heldCount,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();

async function holdAll(offset: number, capacity: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, capacity, 0);
  const env = asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: capacity }],
    }),
  );
  return { session, id: cartOf(env).id };
}

const addOne = (sessionId: string) =>
  send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId }],
  });

describe("cart expiry", () => {
  it("past expires_at, GET gives 410 cart_expired and the places are free again", async () => {
    const { session, id } = await holdAll(0, 3);
    expect((await addOne(session.id)).status).toBe(409);
    api.clock.advance(900_000);
    const res = await send(api, "GET", `/api/my/cart/${id}`);
    expect(res.status).toBe(410);
    expect(errorOf(res)).toMatchObject({ _code: "cart_expired", _context: "cart" });
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(0);
    expect(await heldCount(api, session.id)).toBe(0);
    // Every later call on it is 410 too.
    expect((await send(api, "POST", `/api/my/cart/${id}/modify`, {})).status).toBe(410);
    expect((await send(api, "GET", `/api/cart/${id}`)).status).toBe(410);
    asCart(await addOne(session.id));
  });

  it("the sweeper frees expired holds without any call on the cart", async () => {
    const { session, id } = await holdAll(1, 2);
    api.clock.advance(899_000);
    expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBe(0);
    api.clock.advance(1_000);
    expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(0);
    const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, id));
    expect(cart?.state).toBe("expired");
    expect(cart?.expiresAt).toBeNull();
  });

  it("a reserve frees expired holds before it takes places, so they never block a sale", async () => {
    const { session } = await holdAll(2, 2);
    api.clock.advance(900_000);
    const env = asCart(await addOne(session.id));
    expect(env.ticket._count).toBe(1);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(1);
  });

  it("a shortened expiry (PATCH) expires the cart sooner", async () => {
    const { session, id } = await holdAll(3, 1);
    const soon = new Date(api.clock.now().getTime() + 10_000).toISOString();
    expect((await send(api, "PATCH", `/api/my/cart/${id}`, { expires_at: soon })).status).toBe(200);
    api.clock.advance(10_000);
    expect((await send(api, "DELETE", `/api/my/cart/${id}`)).status).toBe(410);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(0);
  });
});
