/**
 * Gifting and redeeming a membership: POST giftee (spec 1 §3, §7; spec 2 §5 "A giftee
 * e-mail equal to the buyer's e-mail is blocked"), the gift checkout (guest_checkout and
 * my/cart/{id}/gift_checkout: the buyer keeps the order and the receipt, the giftee gets a mail
 * with a 10-character gift code, idempotently), and redeeming (spec 2 §2, §4, §8, §9): the code's
 * texts, the gift's value off the chosen level, and one redemption per code.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { gifteeAnswer, redeemAnswer } from "../../../src/lib/api/membership/gift-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { cancelPendingOrder } from "../../../src/lib/server/services/checkout/cancel-pending.ts";
import { issueGiftCodes } from "../../../src/lib/server/services/membership/gift-code.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  payAsGuest,
  readCompletedOrder,
  send,
  TEST_CARD,
} from "../../helpers/cart.ts";

const api = withTestApi();
const SELLER = "harbour-museum";

const email = (who: string) => `${who}-${randomUUID()}@example.com`;

async function postGiftee(person: Record<string, unknown>, headers: Record<string, string> = {}) {
  return send(api, "POST", `/api/giftee?_seller=${SELLER}`, person, headers);
}

async function newGiftee(to = email("giftee")) {
  const res = await postGiftee({ first_name: "Grace", last_name: "Hopper", email: to, additional_info: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: gifteeAnswer.parse(res.body).identity_id, email: to };
}

async function membershipCart(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await send(api, "POST", `/api/my/cart/modify?_seller=${SELLER}`, body, headers);
  return res;
}

async function mailsTo(address: string) {
  return api.handle.db.select().from(s.outbox).where(eq(s.outbox.toAddress, address));
}

async function giftCodesOf(orderId: string) {
  return api.handle.db.select().from(s.code).where(eq(s.code.sourceOrderId, orderId));
}

/** A guest buys an Individual membership for a new giftee; answers the order, its code and the people. */
async function guestGift(level = "hm-membership-individual") {
  const giftee = await newGiftee();
  const buyer = email("buyer");
  const added = await membershipCart({ add: [{ ticket_type_id: level, quantity: 1 }], giftee: giftee.id });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const orderId = await payAsGuest(api, cartOf(asCart(added)).id, {
    first_name: "Ada",
    last_name: "Lovelace",
    email: buyer,
  });
  const [code] = await giftCodesOf(orderId);
  if (!code) throw new Error("no gift code");
  return { orderId, code, giftee, buyer };
}

/** Harbour's membership group requires the buyer's ZIP code at checkout (identity_form). */
const ZIP = { zip_code: "02110" };

async function redeemCart(code: string, level = "hm-membership-individual") {
  return membershipCart({ add: [{ ticket_type_id: level, quantity: 1 }], redeemMembership: code });
}

async function checkoutFree(cartId: string, who = email("redeemer")) {
  return send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "free",
    identity: { first_name: "Rosalind", last_name: "Franklin", email: who, additional_info: ZIP },
  });
}

describe("POST giftee: first_name, last_name, email, additional_info; answer identity_id", () => {
  it("a guest may gift: each POST giftee makes its own giftee record with the names the buyer typed", async () => {
    const to = email("grace");
    const first = await newGiftee(to);
    const again = await postGiftee({ first_name: "Grace B.", last_name: "Hopper", email: to.toUpperCase() });
    expect(again.status).toBe(200);
    const second = gifteeAnswer.parse(again.body).identity_id;
    expect(second).not.toBe(first.id);
    const [a] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, first.id));
    const [b] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, second));
    expect([a?.kind, a?.firstName, b?.kind, b?.firstName]).toEqual(["giftee", "Grace", "giftee", "Grace B."]);
    // Never an account: identity.email stays free for login, guest checkout and resend.
    expect([a?.email, b?.email]).toEqual([null, null]);
  });

  it("an account's e-mail never answers that account: the cart shows only what the gift buyer typed (no name leak)", async () => {
    const res = await postGiftee({
      first_name: "Someone",
      last_name: "Else",
      email: "DEMO@harbour-museum.example",
    });
    expect(res.status).toBe(200);
    const id = gifteeAnswer.parse(res.body).identity_id;
    expect(id).not.toBe("hm-demo-user");
    const cart = asCart(
      await membershipCart({
        add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
        giftee: id,
      }),
    );
    expect(cartOf(cart).giftee).toEqual({ id, name: "Someone Else", email: "DEMO@harbour-museum.example" });
    // Naming an account's identity id directly is refused as well.
    const direct = await membershipCart({
      add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      giftee: "hm-demo-user",
    });
    expect(direct.status).toBe(400);
    expect(errorOf(direct)._code).toBe("validation_failed");
  });

  it("bad input is a 400 validation_failed (missing names, a bad e-mail, unknown fields)", async () => {
    for (const body of [
      { last_name: "Hopper", email: email("x") },
      { first_name: "Grace", last_name: "Hopper", email: "not-an-email" },
      { first_name: "Grace", last_name: "Hopper", email: email("x"), extra: 1 },
      { first_name: "G".repeat(51), last_name: "Hopper", email: email("x") },
    ]) {
      const res = await postGiftee(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)._code).toBe("validation_failed");
    }
  });

  it("'You cannot gift a membership to yourself': a logged-in caller's own e-mail is refused with validate_not_email", async () => {
    const me = await loginIdentity(api);
    const mine = email("me");
    await api.handle.db.update(s.identity).set({ email: mine }).where(eq(s.identity.id, me.identityId));
    const res = await postGiftee(
      { first_name: "Me", last_name: "Myself", email: mine.toUpperCase() },
      { cookie: me.cookie },
    );
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: "validate_not_email",
      _description: "You cannot gift a membership to yourself",
    });
  });

  it("a cross-site POST is refused (state changes check their origin)", async () => {
    const res = await postGiftee(
      { first_name: "Grace", last_name: "Hopper", email: email("x") },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });
});

describe("gift checkout: the buyer pays and gets the receipt; the giftee gets a mail with a 10-character gift code", () => {
  it("a guest's gift: the order keeps the buyer and the giftee, creates no membership, and one single-use code per level", async () => {
    const { orderId, code, giftee, buyer } = await guestGift();
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    expect(order?.gifteeIdentityId).toBe(giftee.id);
    const [buyerRow] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, order?.identityId ?? ""));
    expect(buyerRow?.email).toBe(buyer);
    const members = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, orderId));
    expect(members).toEqual([]);
    expect(await giftCodesOf(orderId)).toHaveLength(1);
    expect(code.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(code).toMatchObject({ kind: "gift_membership", maxUses: 1, uses: 0, redeemedOrderId: null });
    expect(code.benefit).toEqual({ ticket_type_ids: ["hm-membership-individual"], amount_off: 7500 });
    expect(code.validFrom?.toISOString()).toBe(api.clock.now().toISOString());
    expect(code.validTo?.getTime()).toBe(api.clock.now().getTime() + 365 * 86_400_000);

    const toGiftee = await mailsTo(giftee.email);
    expect(toGiftee).toHaveLength(1);
    expect(toGiftee[0]?.kind).toBe("gift_membership");
    expect(toGiftee[0]?.subject).toBe("Ada Lovelace has given you a Harbour Museum membership");
    // Regression: the mail read 'a Individual membership'.
    expect(toGiftee[0]?.text).toContain(
      "Ada Lovelace has given you an Individual membership at Harbour Museum.",
    );
    expect(toGiftee[0]?.text).toContain(code.code);
    expect(toGiftee[0]?.text).toContain(`/harbour-museum/membership/redeem?code=${code.code}`);
    expect(toGiftee[0]?.text).toContain("Individual membership");
    const toBuyer = await mailsTo(buyer);
    expect(toBuyer.map((m) => m.kind)).toEqual(["order_confirmation"]);
  });

  it("the order read names the giftee for the completion page's gift variant", async () => {
    const { orderId, giftee } = await guestGift();
    const read = await readCompletedOrder(api, orderId);
    expect(read.ticket_order._data[0]?.giftee).toEqual({ name: "Grace Hopper", email: giftee.email });
  });

  it("completing again (a retry, a late webhook) creates no second code and no second mail", async () => {
    const { orderId, giftee } = await guestGift();
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    if (!order) throw new Error("no order");
    const again = await api.handle.db.transaction((tx) => issueGiftCodes(tx, order, api.clock.now()));
    expect(again).toEqual([]);
    expect(await giftCodesOf(orderId)).toHaveLength(1);
    expect(await mailsTo(giftee.email)).toHaveLength(1);
  });

  it("a logged-in buyer gifts through my/cart/{id}/gift_checkout; the order is theirs", async () => {
    const me = await loginIdentity(api);
    await api.handle.db
      .update(s.identity)
      .set({ email: email("member"), firstName: "Alan", lastName: "Turing" })
      .where(eq(s.identity.id, me.identityId));
    const giftee = await newGiftee();
    const added = await membershipCart(
      { add: [{ ticket_type_id: "hm-membership-dual", quantity: 2 }], giftee: giftee.id },
      { cookie: me.cookie },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = cartOf(asCart(added));
    expect(asCart(added).cart._data[0]?.giftee).toEqual({
      id: giftee.id,
      name: "Grace Hopper",
      email: giftee.email,
    });
    const paid = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/gift_checkout`,
      { gateway_id: "test", gateway_data: TEST_CARD, send_email: true, additional_info: ZIP },
      { cookie: me.cookie },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
    expect(order?.identity_id).toBe(me.identityId);
    const codes = await giftCodesOf(order?.id ?? "");
    expect(codes).toHaveLength(1);
    expect(codes[0]?.benefit).toEqual({ ticket_type_ids: ["hm-membership-dual"], amount_off: 12000 });
    const [mail] = await mailsTo(giftee.email);
    expect(mail?.subject).toBe("Alan Turing has given you a Harbour Museum membership");
  });

  it("a logged-in buyer cannot name their own account as the giftee in the cart (only giftee records are recipients)", async () => {
    const me = await loginIdentity(api);
    const res = await membershipCart(
      { add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }], giftee: me.identityId },
      { cookie: me.cookie },
    );
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      _code: "validation_failed",
      _description: "The gift recipient is not known.",
    });
  });

  it("a guest checking out a gift to their own e-mail is refused and nothing is booked", async () => {
    const giftee = await newGiftee();
    const added = await membershipCart({
      add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      giftee: giftee.id,
    });
    const cart = cartOf(asCart(added));
    const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      identity: { first_name: "Grace", last_name: "Hopper", email: giftee.email, additional_info: ZIP },
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: "validate_not_email",
      _description: "You cannot gift a membership to yourself",
    });
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cart.id));
    expect(row?.state).toBe("pending");
  });
});

describe("'You cannot gift a membership to yourself' on a plan's first payment (spec 2 §5)", () => {
  it("a logged-in buyer's card payment toward a gift to their own e-mail is refused before any money is taken", async () => {
    // Regression: pay (a plan's instalment) skipped the self-gift check, so the gift to oneself went through.
    const me = await loginIdentity(api);
    const giftee = await newGiftee();
    const added = await membershipCart(
      { add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }], giftee: giftee.id },
      { cookie: me.cookie },
    );
    const cart = cartOf(asCart(added));
    // The account takes the recipient's address afterwards (set e-mail), written as the buyer typed it.
    await api.handle.db
      .update(s.identity)
      .set({ email: ` ${giftee.email.toUpperCase()} ` })
      .where(eq(s.identity.id, me.identityId));
    const res = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/pay`,
      { gateway_id: "test", gateway_data: TEST_CARD, amount: "25.50" },
      { cookie: me.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: "validate_not_email",
      _description: "You cannot gift a membership to yourself",
    });
    const paid = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id));
    expect(paid).toEqual([]);
  });

  it("a guest's first instalment at checkout (the storefront's plan payment) to their own e-mail is refused", async () => {
    const giftee = await newGiftee();
    const added = await membershipCart({
      add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      giftee: giftee.id,
    });
    const cart = cartOf(asCart(added));
    const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      amount: "25.50",
      identity: {
        first_name: "Greta",
        last_name: "Garbo",
        email: giftee.email.toUpperCase(),
        additional_info: ZIP,
      },
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)._code).toBe("validate_not_email");
    const paid = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id));
    expect(paid).toEqual([]);
  });
});

describe("redeeming: 'You must enter a valid code.', 'This code has expired', 'This code has already been redeemed'", () => {
  it("GET membership/redeem/{code} answers the code and at most 3 levels of its program, sorted as spec 2 §9 says", async () => {
    const res = await send(api, "GET", `/api/membership/redeem/hmgift0001?_seller=${SELLER}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const found = redeemAnswer.parse(res.body).redeem_membership._data[0];
    expect(found?.code).toBe("HMGIFT0001");
    expect(found?.event_template_id).toBe("hm-membership");
    expect(found?.choices.map((c) => [c.name, c.price, c.discounted])).toEqual([
      ["Individual", "75.00", "0.00"],
      ["Dual", "120.00", "45.00"],
      ["Family", "180.00", "105.00"],
    ]);
  });

  it("the lookup and cart modify refuse a bad, unknown, expired or used code with the spec's texts", async () => {
    const cases: [string, string, string][] = [
      ["HMGIFT001", "code_not_found", "You must enter a valid code."],
      ["ZZZZZZZZZZ", "code_not_found", "You must enter a valid code."],
      ["WELCOME10", "code_not_found", "You must enter a valid code."],
      ["HMGIFTOLD1", "code_expired", "This code has expired"],
      ["HMGIFTUSED", "code_exhausted", "This code has already been redeemed"],
      ["RZGIFT0001", "code_not_found", "You must enter a valid code."],
    ];
    for (const [code, errorCode, text] of cases) {
      const lookup = await send(api, "GET", `/api/membership/redeem/${code}?_seller=${SELLER}`);
      expect(lookup.status, code).toBe(422);
      expect(errorOf(lookup), code).toMatchObject({ _code: errorCode, _description: text });
      const modify = await redeemCart(code);
      expect(modify.status, code).toBe(422);
      expect(errorOf(modify), code).toMatchObject({ _code: errorCode, _description: text });
    }
  });

  it("a gift code redeemed for its own level checks out free, creates the redeemer's membership and is used up", async () => {
    const { code } = await guestGift();
    const added = await redeemCart(code.code.toLowerCase());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const env = asCart(added);
    expect(env.cart._data[0]?.redeemMembership).toBe(code.code);
    expect(env.cart._data[0]?.totals.total).toBe("0.00");
    expect(env.cart._data[0]?.cart_mods).toEqual([
      expect.objectContaining({ name: code.code, discount: "75.00" }),
    ]);
    const paid = await checkoutFree(cartOf(env).id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
    const members = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order?.id ?? ""));
    expect(members.map((m) => [m.name, m.role])).toEqual([["Rosalind Franklin", "member"]]);
    const [used] = await api.handle.db.select().from(s.code).where(eq(s.code.id, code.id));
    expect(used).toMatchObject({ uses: 1, redeemedOrderId: order?.id, redeemedCartId: cartOf(env).id });
    const second = await redeemCart(code.code);
    expect(second.status).toBe(422);
    expect(errorOf(second)._description).toBe("This code has already been redeemed");
  });

  it("redeeming for a higher level pays the difference (Dual: $120 less the $75 gift)", async () => {
    const { code } = await guestGift();
    const added = await redeemCart(code.code, "hm-membership-dual");
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(asCart(added).cart._data[0]?.totals.total).toBe("45.00");
    const cartId = cartOf(asCart(added)).id;
    const free = await checkoutFree(cartId);
    expect(free.status).not.toBe(200);
    const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      identity: { first_name: "Rosalind", last_name: "Franklin", email: email("dual"), additional_info: ZIP },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
    expect(order?.ticket_order_fees.total_after_fees_price).toBe("45.00");
    const [used] = await api.handle.db.select().from(s.code).where(eq(s.code.id, code.id));
    expect(used?.redeemedOrderId).toBe(order?.id);
  });

  it("a second cart holding the same code fails at checkout with 'This code has already been redeemed' and books nothing", async () => {
    const { code } = await guestGift();
    const first = cartOf(asCart(await redeemCart(code.code)));
    const second = cartOf(asCart(await redeemCart(code.code)));
    expect((await checkoutFree(first.id)).status).toBe(200);
    const late = await checkoutFree(second.id);
    expect(late.status).toBe(422);
    expect(errorOf(late)).toMatchObject({
      _code: "code_exhausted",
      _description: "This code has already been redeemed",
    });
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, second.id));
    expect(row?.state).toBe("pending");
    const orders = await api.handle.db
      .select()
      .from(s.ticketOrder)
      .where(and(eq(s.ticketOrder.cartId, second.id)));
    expect(orders).toEqual([]);
  });

  it("a pending order that is cancelled (its payment failed) gives the gift code back", async () => {
    const { code } = await guestGift();
    const cartId = cartOf(asCart(await redeemCart(code.code, "hm-membership-dual"))).id;
    const pending = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { ...TEST_CARD, exp_year: 2099 },
      identity: {
        first_name: "Rosalind",
        last_name: "Franklin",
        email: email("pending"),
        additional_info: ZIP,
      },
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const order = checkoutAnswer.parse(pending.body).ticket_order?._data[0];
    expect(order?.state).toBe("pending");
    const [claimed] = await api.handle.db.select().from(s.code).where(eq(s.code.id, code.id));
    expect(claimed).toMatchObject({ uses: 1, redeemedOrderId: order?.id });
    await api.handle.db.transaction(async (tx) => {
      const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId)).for("update");
      if (!cart) throw new Error("no cart");
      expect(await cancelPendingOrder(tx, cart)).toBe(true);
    });
    const [freed] = await api.handle.db.select().from(s.code).where(eq(s.code.id, code.id));
    expect(freed).toMatchObject({ uses: 0, redeemedOrderId: null, redeemedCartId: null });
    expect((await redeemCart(code.code)).status).toBe(200);
  });
});

describe("POST giftee is rate limited like the other anonymous writes (last: it uses up this file's window)", () => {
  it("past 30 calls in 15 minutes from one address: 429 rate_limited with Retry-After", async () => {
    let refused: Awaited<ReturnType<typeof postGiftee>> | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await postGiftee({ first_name: "Grace", last_name: "Hopper", email: email("many") });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused, "no refusal within 40 calls").toBeDefined();
    expect(errorOf(refused as NonNullable<typeof refused>)._code).toBe("rate_limited");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
