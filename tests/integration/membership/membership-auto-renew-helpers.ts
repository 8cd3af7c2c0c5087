/**
 * Helpers of the auto-renew integration tests: a logged-in member with an e-mail, and a
 * membership bought by that member with a chosen card and auto-renew answer.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import type { TestApi } from "../../helpers/api.ts";
import { asCart, cartOf, loginIdentity, send, TEST_CARD } from "../../helpers/cart.ts";

export const NOT_ENROLLED = "This membership does not appear to be enrolled in automatic renewal.";

export async function member(api: TestApi) {
  const login = await loginIdentity(api);
  const email = `${login.identityId}@example.test`;
  await api.handle.db
    .update(s.identity)
    // A harbour member's ZIP code is on their identity (checkout's identity_form requires it).
    .set({ email, firstName: "Mary", lastName: "Anning", additionalInfo: { zip_code: "02110" } })
    .where(eq(s.identity.id, login.identityId));
  return { ...login, email };
}

/** A logged-in member buys a level with the given card and auto-renew choice; answers the order. */
export async function buy(
  api: TestApi,
  options: { typeId?: string; quantity?: number; autoRenew?: boolean; card?: string } = {},
) {
  const who = await member(api);
  const headers = { cookie: who.cookie };
  const env = asCart(
    await send(
      api,
      "POST",
      "/api/my/cart/modify?_seller=harbour-museum",
      {
        add: [
          { ticket_type_id: options.typeId ?? "hm-membership-individual", quantity: options.quantity ?? 1 },
        ],
        ...(options.autoRenew === undefined ? {} : { autoRenewMembership: options.autoRenew }),
      },
      headers,
    ),
  );
  const cart = cartOf(env);
  const paid = await send(
    api,
    "POST",
    `/api/my/cart/${cart.id}/checkout`,
    {
      gateway_id: "test",
      gateway_data: { ...TEST_CARD, card_number: options.card ?? TEST_CARD.card_number },
    },
    headers,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  const members = await api.handle.db
    .select()
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, order.id));
  return { order, members, who, cartId: cart.id };
}
