/**
 * The cart answers (modify, get) and the order answers
 * (ticket_order with the `seat` embed) carry the seats the tickets hold, through the storefront's
 * zod schemas, and the confirmation mail names them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { cartItems } from "../../../src/lib/domain/cart-items.ts";
import { orderViews } from "../../../src/lib/domain/completed-order.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { payAsGuest, readCompletedOrder, send, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const STALLS = "hm-concert-stalls-standard";
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "seats@example.com" };

describe("'Show the section, row and seat wherever a seated ticket is listed'", () => {
  it("the cart answers and the order answers carry the seats and holders; the mail lists them", async () => {
    const concert = await upcomingSession(api, "hm-evening-concert", 1);
    const created = await send(api, "POST", CREATE, {
      add: [
        { ticket_type_id: STALLS, event_session_id: concert.id, seat_template_id: "hm-seat-B12" },
        {
          ticket_type_id: STALLS,
          event_session_id: concert.id,
          seat_template_id: "hm-seat-B05",
          admit_name: "Grace Hopper",
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const env = cartEnvelope.parse(created.body);
    expect(env.seat?._data.map((seat) => [seat.seat_template_id, seat.name]).sort()).toEqual([
      ["hm-seat-B05", "B5"],
      ["hm-seat-B12", "B12"],
    ]);
    expect(
      cartItems(env)[0]?.types[0]?.seats.map(({ name, section, holder }) => [name, section, holder]),
    ).toEqual([
      ["B5", "Stalls", "Grace Hopper"],
      ["B12", "Stalls", null],
    ]);

    const cartId = env.cart._data[0]?.id ?? "";
    const read = cartEnvelope.parse((await send(api, "GET", `/api/my/cart/${cartId}`)).body);
    expect(read.seat?._data.map((seat) => seat.name).sort()).toEqual(["B12", "B5"]);

    const orderId = await payAsGuest(api, cartId, GUEST);

    // The completion page's own read: its embeds include ticket_group and seat.
    const order = await readCompletedOrder(api, orderId);
    expect(order.ticket?._data.map((t) => t.seat_template_id).sort()).toEqual(["hm-seat-B05", "hm-seat-B12"]);
    expect(orderViews(order)[0]?.lines[0]?.types[0]?.seats).toEqual([
      { name: "B5", section: "Stalls", holder: "Grace Hopper" },
      { name: "B12", section: "Stalls", holder: null },
    ]);

    const [mail] = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
    // The mail's ticket block gives the seat and the holder each their own line.
    expect(mail?.text).toContain("Seat: Section Stalls, Row B, Seat 5\n  Admit: Grace Hopper");
    expect(mail?.text).toContain("Seat: Section Stalls, Row B, Seat 12");
    expect(mail?.html).toContain("Section Stalls, Row B, Seat 5");
    expect(mail?.html).toContain("Grace Hopper");
  });

  it("an unseated cart answers an empty seat collection", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const env = cartEnvelope.parse(
      (
        await send(api, "POST", CREATE, {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
        })
      ).body,
    );
    expect(env.seat?._data).toEqual([]);
  });
});
