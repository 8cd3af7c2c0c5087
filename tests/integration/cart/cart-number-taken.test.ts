/**
 * A new cart's number is random (nine digits, the order's number too), unique per seller. Among a
 * million carts a few hundred pairs meet: the on-sale bench's three servers met one, and the
 * shopper got a 500. A number already taken is drawn again, the hold made whole with the new one.
 * On PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { asCart, cartOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";

const TAKEN = 123_456_789;
const draws = vi.hoisted(() => ({ next: [] as number[] }));

vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  const randomInt = ((min: number, max: number) => draws.next.shift() ?? crypto.randomInt(min, max)) as never;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

describe("a cart number already taken", () => {
  itOnEachDatabase(async (api) => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    await setSessionCapacity(api, session.id, 20, 0);
    const add = () =>
      send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }],
      });
    draws.next = [TAKEN];
    const first = cartOf(asCart(await add()));
    expect(first.cart_number).toBe(String(TAKEN));

    // The next cart draws the same number first: it is drawn again, and the hold is whole.
    draws.next = [TAKEN];
    const answer = await add();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const second = cartOf(asCart(answer));
    expect(second.cart_number).not.toBe(String(TAKEN));
    expect(second.cart_number).toMatch(/^\d{9}$/);
    const held = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, second.id));
    expect(held).toHaveLength(2);
    const [row] = await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, session.id));
    expect(row?.usedCapacity).toBe(4);
  }, 60_000);
});
