/**
 * Scheduled and partial payments (issue 4, spec 2 §4, §5): a membership group's payment_plan
 * lists scheduled payments on the cart (Upcoming/Overdue by the clock); pay takes an amount
 * between the due amount and the outstanding balance and answers partial with the next due date.
 */
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../src/lib/api/checkout-schemas.ts";
import { withTestApi } from "../helpers/api.ts";
import { asCart, cartOf, errorOf, send } from "../helpers/cart.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };

async function membershipCart() {
  const res = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return asCart(res);
}

describe("scheduled payments", () => {
  it("spec 2 §4: a plan lists scheduled payments, the first Overdue (due now), the rest Upcoming", async () => {
    const env = await membershipCart();
    const rows = env.scheduled_payment?._data ?? [];
    expect(rows.map((r) => [r.amount, r.status])).toEqual([
      ["25.50", "Overdue"],
      ["24.75", "Upcoming"],
      ["24.75", "Upcoming"],
    ]);
    expect(cartOf(env).outstanding_balance).toBe("75.00");
  });

  it("a cart without a plan has no scheduled payments", async () => {
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-donation-amount", face_value: "20.00" }],
      }),
    );
    expect(env.scheduled_payment).toBeUndefined();
  });

  it("spec 2 §5: pay takes between due and outstanding; partial answers the next due date; checkout takes the rest", async () => {
    const cart = cartOf(await membershipCart());
    const tooLittle = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "10.00",
    });
    expect(tooLittle.status).toBe(400);
    expect(errorOf(tooLittle)._description).toBe("The amount is less than the amount due.");
    const partial = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "30.00",
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const result = checkoutAnswer.parse(partial.body).checkout_result._data[0];
    expect(result).toMatchObject({ status: "partial", amount_paid: "30.00", total_outstanding: "45.00" });
    const rowsAfter = asCart(await send(api, "GET", `/api/cart/${cart.id}`)).scheduled_payment?._data ?? [];
    expect(result?.next_due_date).toBe(rowsAfter[1]?.due_date);
    expect(rowsAfter.map((r) => r.status)).toEqual(["Paid", "Upcoming", "Upcoming"]);
    const rest = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "45.00",
      identity: GUEST,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(checkoutAnswer.parse(rest.body).checkout_result._data[0]?.status).toBe("completed");
  });
});
