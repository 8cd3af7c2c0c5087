/**
 * "Member login by member ID then works for new members too" on
 * harbour-museum, which logs members in by member ID + ZIP code. The membership group's meta
 * `identity_form` asks the buyer's zip_code (spec 1 §3); the checkout stores it on the purchaser
 * identity's additional_info (a guest's identity, or merged into a logged-in buyer's) and the
 * membership takes it from there. The API checks it with spec 1 §5's rule ('zip or post code
 * letters and digits with optional space or hyphen, 4 to 10').
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAnswer } from "../../../src/lib/api/auth/schemas.ts";
import { checkoutAnswer, POST_CODE_INVALID } from "../../../src/lib/api/checkout/schemas.ts";
import { metaRecords } from "../../../src/lib/api/meta.ts";
import { cartIdentityForm } from "../../../src/lib/domain/identity-custom-fields.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, loginIdentity, send } from "../../helpers/cart.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const SELLER = "harbour-museum";

async function membershipCart(headers: Record<string, string> = {}) {
  const env = asCart(
    await send(
      api,
      "POST",
      `/api/my/cart/modify?_seller=${SELLER}`,
      { add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }] },
      headers,
    ),
  );
  return { env, cart: cartOf(env) };
}

async function guestCheckout(cartId: string, email: string, additionalInfo?: Record<string, unknown>) {
  return send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: CARD,
    identity: {
      first_name: "Grace",
      last_name: "Hopper",
      email,
      ...(additionalInfo ? { additional_info: additionalInfo } : {}),
    },
  });
}

async function membersOf(orderId: string) {
  return api.handle.db.select().from(s.membership).where(eq(s.membership.ticketOrderId, orderId));
}

const loginByMemberId = (scanCode: string | undefined, zip: string) =>
  send(api, "POST", `/api/login?_seller=${SELLER}`, {
    credential_type: "scan_code",
    scan_code: scanCode,
    zip_code: zip,
  });

describe("checkout asks a new harbour member's ZIP code (identity_form) so member-ID login works", () => {
  it("the membership cart carries the group's meta identity_form: 'zip_code' is required", async () => {
    const { env } = await membershipCart();
    const tickets = env.ticket._data;
    const form = cartIdentityForm(
      metaRecords(env.meta?._data),
      tickets.map((t) => t.ticket_group_id),
      tickets.map((t) => t.event_template_id),
    );
    expect(form.fields.map((f) => [f.key, f.required])).toEqual([["zip_code", true]]);
  });

  it("a guest membership checkout with zip_code gives the membership that ZIP, and 'POST login' by scan_code + zip then works for the new member", async () => {
    const { cart } = await membershipCart();
    const email = `zip-${randomUUID()}@example.com`;
    const res = await guestCheckout(cart.id, email, { zip_code: " 02110-1234 " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = checkoutAnswer.parse(res.body).ticket_order?._data[0];
    const [member] = await membersOf(order?.id ?? "");
    expect(member?.zipCode).toBe("02110-1234");
    const [buyer] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, order?.identity_id ?? ""));
    expect(buyer?.additionalInfo).toMatchObject({ zip_code: "02110-1234" });

    // The login field takes 5 characters (spec 1 §5 'zip max 5'): the ZIP+4's ZIP logs in.
    const login = await loginByMemberId(member?.scanCode, "02110");
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(loginAnswer.parse(login.body).identity._data[0]?.email).toBe(email);
    expect((await loginByMemberId(member?.scanCode, "02111")).status).not.toBe(200);
  });

  it("a bad ZIP is refused with a clear validation error ('4 to 10', letters and digits) and nothing is booked", async () => {
    const { cart } = await membershipCart();
    for (const zip of ["021", "02110!", "12345678901"]) {
      const res = await guestCheckout(cart.id, `bad-zip-${randomUUID()}@example.com`, { zip_code: zip });
      expect(res.status, zip).toBe(400);
      const error = errorOf(res);
      expect(error._code).toBe("validation_failed");
      expect(error._description).toBe(POST_CODE_INVALID);
      expect(JSON.stringify(error._extra)).toContain("identity.additional_info.zip_code");
    }
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cart.id));
    expect(row?.ticketOrderId ?? null).toBeNull();
  });

  it("a returning guest's new ZIP joins what their guest identity had", async () => {
    const email = `again-${randomUUID()}@example.com`;
    const first = await membershipCart();
    const one = await guestCheckout(first.cart.id, email, { phone: "555 0100", zip_code: "02110" });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const second = await membershipCart();
    const two = await guestCheckout(second.cart.id, email, { zip_code: "02111" });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    const order = checkoutAnswer.parse(two.body).ticket_order?._data[0];
    const [buyer] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, order?.identity_id ?? ""));
    expect(buyer?.additionalInfo).toMatchObject({ phone: "555 0100", zip_code: "02111" });
    expect((await membersOf(order?.id ?? ""))[0]?.zipCode).toBe("02111");
  });

  it("a logged-in buyer's ZIP (additional_info) is merged into their identity, so their new membership logs in by member ID + ZIP", async () => {
    const user = await loginIdentity(api);
    await api.handle.db
      .update(s.identity)
      .set({
        firstName: "Ada",
        lastName: "Lovelace",
        email: `ada-${randomUUID()}@example.com`,
        additionalInfo: { city: "Boston" },
      })
      .where(eq(s.identity.id, user.identityId));
    const { cart } = await membershipCart({ cookie: user.cookie });
    const bad = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: CARD, additional_info: { zip_code: "0" } },
      { cookie: user.cookie },
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad)._description).toBe(POST_CODE_INVALID);
    const res = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: CARD, additional_info: { zip_code: "02112" } },
      { cookie: user.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [identity] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, user.identityId));
    expect(identity?.additionalInfo).toEqual({ city: "Boston", zip_code: "02112" });
    const order = checkoutAnswer.parse(res.body).ticket_order?._data[0];
    const [member] = await membersOf(order?.id ?? "");
    expect(member?.zipCode).toBe("02112");
    expect((await loginByMemberId(member?.scanCode, "02112")).status).toBe(200);
  });
});
