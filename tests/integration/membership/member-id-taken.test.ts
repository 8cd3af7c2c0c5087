/**
 * A member ID is the seller's initials and six random digits (HM100001), unique per seller and
 * drawn again when taken. A seller whose six-digit IDs are all taken still gets an ID, one digit
 * longer, instead of drawing for ever: here every six-digit draw meets the same ID.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send } from "../../helpers/cart.ts";

const TAKEN = 123_456;

vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  // Only the six-digit member ID draw is fixed; cart numbers and the rest stay random.
  const randomInt = ((min: number, max: number) =>
    min === 100_000 && max === 1_000_000 ? TAKEN : crypto.randomInt(min, max)) as never;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

async function buyIndividualMembership() {
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      }),
    ),
  );
  const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: CARD,
    identity: {
      first_name: "Mary",
      last_name: "Anning",
      email: `member-${randomUUID()}@example.com`,
      additional_info: { zip_code: "02139" },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = checkoutAnswer.parse(res.body).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  return api.handle.db.select().from(s.membership).where(eq(s.membership.ticketOrderId, order.id));
}

describe("a member ID already taken", () => {
  it("the first member gets the six-digit ID; when every six-digit draw is taken, the next gets a seven-digit one", async () => {
    const [first] = await buyIndividualMembership();
    expect(first?.scanCode).toBe(`HM${TAKEN}`);
    const [second] = await buyIndividualMembership();
    expect(second?.scanCode).toMatch(/^HM\d{7}$/);
  });
});
