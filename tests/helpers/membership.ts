/**
 * A membership level bought as a guest through the shop's API (a cart of the level, paid with the
 * test gateway's card), and the memberships the order created.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { checkoutAnswer } from "../../src/lib/api/checkout/schemas.ts";
import * as s from "../../src/lib/server/db/schema.ts";
import type { TestApi } from "./api.ts";
import { asCart, cartOf, send, TEST_CARD } from "./cart.ts";

export async function buyMembershipAsGuest(
  api: TestApi,
  typeId: string,
  { quantity = 1, zip = "02139" }: { quantity?: number; zip?: string } = {},
) {
  const email = `member-${randomUUID()}@example.com`;
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: typeId, quantity }],
      }),
    ),
  );
  const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: TEST_CARD,
    identity: { first_name: "Mary", last_name: "Anning", email, additional_info: { zip_code: zip } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = checkoutAnswer.parse(res.body).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  const members = await api.handle.db
    .select()
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, order.id));
  return { order, members, email };
}
