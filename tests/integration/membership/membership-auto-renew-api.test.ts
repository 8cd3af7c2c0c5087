/**
 * The auto-renew calls (spec 2 §3, §4, §7, §8): `DELETE ticket_order/{id}/auto_renew` only
 * for the order's logged-in owner and only from scheduled (otherwise 'This membership does not
 * appear to be enrolled in automatic renewal.'), the order read's auto_renew_state, `GET
 * my/identity/saved_payment_method`, and enrolment when a pending payment completes later.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import {
  autoRenewEnvelope,
  savedPaymentMethodEnvelope,
} from "../../../src/lib/api/membership/renew-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, loginIdentity, send, TEST_CARD } from "../../helpers/cart.ts";
import { buy, member, NOT_ENROLLED } from "./membership-auto-renew-helpers.ts";

describe("DELETE ticket_order/{id}/auto_renew (spec 2 §7, §8)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api?.close());
  const path = (id: string) => `/api/ticket_order/${id}/auto_renew?_seller=harbour-museum`;

  it("only the order's logged-in owner: 401 not logged in, 403 another member, 404 an unknown order", async () => {
    const { order, who } = await buy(api, { autoRenew: true });
    expect((await send(api, "DELETE", path(order.id))).status).toBe(401);
    const other = await loginIdentity(api);
    const forbidden = await send(api, "DELETE", path(order.id), undefined, { cookie: other.cookie });
    expect(forbidden.status).toBe(403);
    const unknown = await send(api, "DELETE", path("no-such-order"), undefined, { cookie: other.cookie });
    expect(unknown.status).toBe(404);
    // DESIGN §5: a state change from another site is refused, even with the owner's cookie.
    const crossSite = await send(api, "DELETE", path(order.id), undefined, {
      cookie: who.cookie,
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const zoo = await loginIdentity(api, "riverside-zoo");
    const otherSeller = await send(api, "DELETE", path(order.id), undefined, { cookie: zoo.cookie });
    expect(otherSeller.status).toBe(401);
    const [still] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order.id));
    expect(still?.autoRenewState).toBe("scheduled");
  });

  it("spec 2 §4: cancelling moves scheduled to cancelled; a second cancel is 400 'This membership does not appear to be enrolled in automatic renewal.'", async () => {
    const { order, who } = await buy(api, { typeId: "hm-membership-dual", quantity: 2, autoRenew: true });
    const headers = { cookie: who.cookie };
    const read = await send(api, "GET", path(order.id), undefined, headers);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    const before = autoRenewEnvelope.parse(read.body);
    expect(before.membership._data.map((m) => m.auto_renew_state)).toEqual(["scheduled", "scheduled"]);
    expect(before.saved_payment_method._data.map((p) => p.identifier)).toEqual(["Visa ending 4242"]);
    const cancelled = await send(api, "DELETE", path(order.id), undefined, headers);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const answer = autoRenewEnvelope.parse(cancelled.body);
    expect(answer.membership._data.map((m) => m.auto_renew_state)).toEqual(["cancelled", "cancelled"]);
    // Spec 2 §3, §7: the order read's membership embed carries auto_renew_state too.
    const orderRead = await send(
      api,
      "GET",
      `/api/ticket_order/${order.id}?_embed=membership`,
      undefined,
      headers,
    );
    expect((orderRead.body.membership as { _data: { auto_renew_state: string }[] })._data).toEqual([
      expect.objectContaining({ auto_renew_state: "cancelled" }),
      expect.objectContaining({ auto_renew_state: "cancelled" }),
    ]);
    const again = await send(api, "DELETE", path(order.id), undefined, headers);
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ _code: "not_enrolled", _description: NOT_ENROLLED });
  });

  it("an order whose memberships never enrolled is 400 with the not-enrolled text", async () => {
    const { order, who } = await buy(api, { autoRenew: false });
    const res = await send(api, "DELETE", path(order.id), undefined, { cookie: who.cookie });
    expect(res.status).toBe(400);
    expect(errorOf(res)._description).toBe(NOT_ENROLLED);
  });
});

describe("GET my/identity/saved_payment_method (spec 2 §7)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api?.close());

  it("answers the logged-in identity's saved cards by identifier only; 401 when not logged in", async () => {
    const { who } = await buy(api, { autoRenew: true });
    const path = "/api/my/identity/saved_payment_method?_seller=harbour-museum";
    expect((await send(api, "GET", path)).status).toBe(401);
    const mine = await send(api, "GET", path, undefined, { cookie: who.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const answer = savedPaymentMethodEnvelope.parse(mine.body);
    expect(answer.saved_payment_method._data.map((p) => p.identifier)).toEqual(["Visa ending 4242"]);
    expect(JSON.stringify(mine.body)).not.toContain("pm_test_");
    const other = await loginIdentity(api);
    const theirs = await send(api, "GET", path, undefined, { cookie: other.cookie });
    expect(savedPaymentMethodEnvelope.parse(theirs.body).saved_payment_method._count).toBe(0);
  });
});

describe("enrolment when the payment clears later (pending, then completed)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api?.close());

  it("the card is kept at checkout and the memberships enrol when the pending payment completes", async () => {
    const who = await member(api);
    const headers = { cookie: who.cookie };
    const cart = cartOf(
      asCart(
        await send(
          api,
          "POST",
          "/api/my/cart/modify?_seller=harbour-museum",
          { add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }], autoRenewMembership: true },
          headers,
        ),
      ),
    );
    const pending = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: { ...TEST_CARD, exp_year: 2099 } },
      headers,
    );
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const result = checkoutAnswer.parse(pending.body).checkout_result._data[0];
    expect(result?.status).toBe("pending");
    const orderId = result?.ticket_order_ids[0] ?? "";
    expect(
      await api.handle.db.select().from(s.membership).where(eq(s.membership.ticketOrderId, orderId)),
    ).toEqual([]);
    const done = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: { payment_intent_id: result?.reference ?? "" } },
      headers,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const members = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, orderId));
    expect(members.map((m) => m.autoRenewState)).toEqual(["scheduled"]);
    expect(members[0]?.savedPaymentMethodId).toBe(`spm_${cart.id}`);
  });
});
