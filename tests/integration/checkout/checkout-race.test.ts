/**
 * DESIGN §4: "Checkout is idempotent. A double submit, a retry, or a late webhook never creates
 * two orders." On PostgreSQL the checkout's BEGIN goes out with the cart's lock
 * (db/last-statements.ts, transactionBegunWithWork): the calls below really run at once there. A
 * declined card rolls everything back on the same path. On PGlite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import type { TestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, setSessionCapacity, TEST_CARD, upcomingSession } from "../../helpers/cart.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";

async function heldCart(api: TestApi, sessionId: string): Promise<string> {
  const answer = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity: 2 }],
  });
  return cartOf(asCart(answer)).id;
}

const checkout = (api: TestApi, cartId: string, card = TEST_CARD) =>
  send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: card,
    identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
  });

describe("checkouts of one cart at once", () => {
  itOnEachDatabase(async (api) => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    await setSessionCapacity(api, session.id, 20, 0);
    const cartId = await heldCart(api, session.id);

    // Spec 2 §8: a declined card leaves the cart pending with its holds, and no payment.
    const declined = await checkout(api, cartId, { ...TEST_CARD, card_number: "4000000000000002" });
    expect(declined.status).toBe(402);
    const db = api.handle.db;
    expect(await db.select().from(s.payment).where(eq(s.payment.cartId, cartId))).toEqual([]);
    const [pending] = await db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(pending?.state).toBe("pending");

    // A double (here fivefold) submit: one order, one payment, the others told the cart is booked.
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(api, cartId)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const orders = await db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId));
    expect(orders).toHaveLength(1);
    const payments = await db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
    expect(payments.map((p) => p.state)).toEqual(["succeeded"]);
    const tickets = await db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
    expect(tickets.map((t) => [t.state, t.ticketOrderId])).toEqual([
      ["booked", orders[0]?.id],
      ["booked", orders[0]?.id],
    ]);
  }, 60_000);
});
