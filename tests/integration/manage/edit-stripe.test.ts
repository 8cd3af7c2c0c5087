/**
 * "a lower price follows the tenant's refund rule" with a card paid through Stripe (the
 * recorded stand-in of tests/fixtures/stripe): the difference is refunded through Stripe's refunds
 * API, for that amount only, with an idempotency key of its own; a failing refund leaves the part
 * `refund_due` and the change still applies. A difference to pay is charged through Stripe too.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, withRequiredCustomInfo } from "../../helpers/cart.ts";
import {
  confirmFree,
  expectStatus,
  GUEST,
  laterSession,
  newEditCart,
  orderRow,
  orderTickets,
  outstandingOf,
} from "./edit-helpers.ts";

const api = withTestApi();
const stripe = withFakeStripe(api);
let offset = 0;

/** A guest order of `quantity` adults paid with Stripe's succeeding test card; its id and token. */
async function stripeOrder(quantity: number) {
  const session = await laterSession(api, offset++);
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
  const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "stripe",
    gateway_data: { payment_method_id: "pm_card_visa" },
    identity: await withRequiredCustomInfo(api, cart.id, GUEST),
  });
  expectStatus(paid, 200);
  const orderId = ((paid.body.ticket_order as { _data: { id: string }[] })._data[0]?.id ?? "") as string;
  return {
    orderId,
    token: await issueManageToken(api.handle.db, orderId, api.clock.now()),
    sessionId: session.id,
  };
}

const paymentsOf = (cartId: string) =>
  api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));

describe("a lower price refunded through Stripe", () => {
  it("'refund': only the difference goes back, through Stripe's refunds API with its own idempotency key", async () => {
    const { orderId, token } = await stripeOrder(2);
    const [first] = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] }));
    const before = stripe.fake().refunds.length;
    expectStatus(await confirmFree(api, cartId), 200);
    const refunds = stripe.fake().refunds.slice(before);
    expect(refunds.map((r) => r.amount)).toEqual([2650]);
    const [row] = await paymentsOf(cartId);
    expect(row).toMatchObject({ gatewayId: "stripe", state: "refund", amount: 2650 });
    expect(refunds[0]?.idempotency_key).toBe(`foyer-refund-${row?.id}`);
    const original = await paymentsOf((await orderRow(api, orderId)).cartId);
    expect(original.map((p) => [p.state, p.amount])).toEqual([["succeeded", 5300]]);
  });

  it("a refund Stripe refuses stays refund_due; the change is applied all the same", async () => {
    const { orderId, token } = await stripeOrder(2);
    const [first] = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] }));
    stripe.fake().failNextRefund = true;
    expectStatus(await confirmFree(api, cartId), 200);
    expect((await paymentsOf(cartId)).map((p) => [p.state, p.amount])).toEqual([["refund_due", 2650]]);
    expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["cancelled", "booked"]);
  });

  it("a difference to pay is charged through Stripe on the edit cart", async () => {
    const { orderId, token, sessionId } = await stripeOrder(1);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const changed = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId }],
      }),
    );
    expect(outstandingOf(changed)).toBe("26.50");
    const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_card_visa" },
      send_email: false,
    });
    expectStatus(paid, 200);
    expect((await paymentsOf(cartId)).map((p) => [p.gatewayId, p.state, p.amount])).toEqual([
      ["stripe", "succeeded", 2650],
    ]);
    expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["booked", "booked"]);
  });
});
