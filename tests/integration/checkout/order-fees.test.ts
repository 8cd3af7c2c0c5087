/**
 * An order read carries its subtotal,
 * fees and discount next to its total (from the booked tickets, through the storefront's zod schema),
 * the completion page's view turns them into lines, and the confirmation mail lists them; an order
 * without fees has no fee lines.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { orderViews } from "../../../src/lib/domain/completed-order.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { payAsGuest, readCompletedOrder, send, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "fees@example.com" };

async function bookAndRead(add: Record<string, unknown>[]) {
  const created = await send(api, "POST", CREATE, { add });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cartId = cartEnvelope.parse(created.body).cart._data[0]?.id ?? "";
  const orderId = await payAsGuest(api, cartId, GUEST);
  const envelope = await readCompletedOrder(api, orderId);
  const [mail] = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
  return { envelope, mail };
}

describe("'Show the fee lines wherever a total includes fees' (completion page and mail)", () => {
  it("an order with fees reads back its subtotal and fees, and the mail lists Subtotal, Fees and Total", async () => {
    const concert = await upcomingSession(api, "hm-evening-concert", 1);
    const session = await upcomingSession(api, "hm-general-admission", 3);
    // A $1.50 fixed fee on each adult and 2.5% on the stalls seat.
    const { envelope, mail } = await bookAndRead([
      { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
      {
        ticket_type_id: "hm-concert-stalls-standard",
        event_session_id: concert.id,
        seat_template_id: "hm-seat-D03",
      },
    ]);
    const fees = envelope.ticket_order._data[0]?.ticket_order_fees;
    const face = Number(fees?.subtotal_price);
    expect(fees?.subtotal_price).toBe("70.00");
    expect(Number(fees?.fees_price)).toBeGreaterThan(1.5);
    expect(fees?.discount_price).toBe("0.00");
    expect(Number(fees?.total_after_fees_price)).toBeCloseTo(face + Number(fees?.fees_price), 2);

    expect(orderViews(envelope)[0]?.feeLines.map((line) => line.key)).toEqual(["subtotal", "fees", "total"]);
    const money = (value: string | undefined) => `$${value}`;
    expect(mail?.text).toContain(`Subtotal: ${money(fees?.subtotal_price)}`);
    expect(mail?.text).toContain(`Fees: ${money(fees?.fees_price)}`);
    expect(mail?.text).toContain(`Total: ${money(fees?.total_after_fees_price)}`);
    expect(mail?.html).toContain(
      `Subtotal: ${money(fees?.subtotal_price)}<br>Fees: ${money(fees?.fees_price)}`,
    );
  });

  it("an order without fees shows only its total", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const { envelope, mail } = await bookAndRead([
      { ticket_type_id: "hm-ga-child", event_session_id: session.id },
    ]);
    expect(envelope.ticket_order._data[0]?.ticket_order_fees.fees_price).toBe("0.00");
    expect(orderViews(envelope)[0]?.feeLines).toEqual([]);
    expect(mail?.text).toContain("Total: $12.00");
    expect(mail?.text).not.toContain("Subtotal");
    expect(mail?.html).not.toContain("Fees:");
  });
});
