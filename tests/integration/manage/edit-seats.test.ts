/**
 * Seats picked for an edited or rescheduled seated order sit with the party (domain/seat-pick.ts):
 * a ticket added in Edit order goes beside the order's seats in that session, and a reschedule keeps
 * the party's seats when they are free at the new time. The concert's stalls are rows A to F.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send } from "../../helpers/cart.ts";
import { GUEST, laterSession, newEditCart, orderTickets, rescheduleBody } from "./edit-helpers.ts";

const api = withTestApi();
const STALLS = "hm-concert-stalls-standard";
let offset = 0;
/** A concert session beyond the horizon with every seat free (tests own their sessions). */
async function concert() {
  const session = await laterSession(api, offset++, { event: "hm-evening-concert" });
  await api.handle.db.delete(s.sessionSeat).where(eq(s.sessionSeat.eventSessionId, session.id));
  return session;
}

/** A paid order of the stalls seats `seats` at `sessionId`; its id and manage token. */
async function buySeats(sessionId: string, seats: readonly string[]) {
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: seats.map((seat_template_id) => ({
          ticket_type_id: STALLS,
          event_session_id: sessionId,
          seat_template_id,
        })),
      }),
    ),
  );
  const orderId = await payAsGuest(api, cart.id, GUEST);
  return { orderId, token: await issueManageToken(api.handle.db, orderId, api.clock.now()) };
}

describe("seats picked for a changed order sit with the party", () => {
  it("regression: a seat added in Edit order went to A5, away from the party's C9 and C10; it is C8 or C11", async () => {
    const session = await concert();
    const { orderId, token } = await buySeats(session.id, ["hm-seat-C09", "hm-seat-C10"]);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const one = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, {
        add: [{ ticket_type_id: STALLS, event_session_id: session.id }],
      }),
    );
    const first = one.ticket._data[0]?.seat_template_id;
    expect(["hm-seat-C08", "hm-seat-C11"]).toContain(first);
    // A second one added on its own sits with the party and the first one too.
    const two = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, {
        add: [{ ticket_type_id: STALLS, event_session_id: session.id }],
      }),
    );
    const second = two.ticket._data.map((t) => t.seat_template_id).find((id) => id !== first);
    expect(["hm-seat-C07", "hm-seat-C08", "hm-seat-C11", "hm-seat-C12"]).toContain(second);
  });

  it("a reschedule keeps the party's seats when they are free at the new time", async () => {
    const [from, to] = [await concert(), await concert()];
    const { orderId, token } = await buySeats(from.id, ["hm-seat-C09", "hm-seat-C10"]);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const moved = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)),
    );
    expect(moved.ticket._data.map((t) => t.seat_template_id).sort()).toEqual(["hm-seat-C09", "hm-seat-C10"]);
  });
});
