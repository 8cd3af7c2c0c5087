/**
 * The server refuses a checkout that leaves out a required custom identity
 * field (spec 1 §3 Identity "custom fields ... each with key, type, required"; spec 1 §5 "Custom
 * identity fields"). Harbour's membership group asks `zip_code` (required) in its meta
 * identity_form, because "Member login by member ID then works for new members too" needs the ZIP.
 * A refused checkout books nothing and charges nothing; the cart stays pending.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createTestApi, type TestApi, withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const api = withTestApi();

async function cartWith(
  seller: string,
  add: Record<string, unknown>[],
  headers: Record<string, string> = {},
  on: TestApi = api,
) {
  return cartOf(asCart(await send(on, "POST", `/api/my/cart/modify?_seller=${seller}`, { add }, headers)));
}

const harbourMembership = (headers: Record<string, string> = {}, on: TestApi = api) =>
  cartWith("harbour-museum", [{ ticket_type_id: "hm-membership-individual", quantity: 1 }], headers, on);

function guest(email: string, additionalInfo?: Record<string, unknown>) {
  return {
    first_name: "Grace",
    last_name: "Hopper",
    email,
    ...(additionalInfo ? { additional_info: additionalInfo } : {}),
  };
}

const guestCheckout = (cartId: string, body: Record<string, unknown>, on: TestApi = api) =>
  send(on, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: TEST_CARD,
    ...body,
  });

/** Nothing booked, nothing charged, the cart still pending, no purchaser stored. */
async function expectNothingDone(cartId: string, email?: string, on: TestApi = api) {
  const { db } = on.handle;
  const [cart] = await db.select().from(s.cart).where(eq(s.cart.id, cartId));
  expect(cart?.state).toBe("pending");
  expect(cart?.ticketOrderId ?? null).toBeNull();
  expect(await db.select().from(s.payment).where(eq(s.payment.cartId, cartId))).toEqual([]);
  expect(await db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId))).toEqual([]);
  if (email) expect(await db.select().from(s.identity).where(eq(s.identity.email, email))).toEqual([]);
}

function expectZipRefusal(res: Awaited<ReturnType<typeof send>>, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const error = errorOf(res);
  expect(error._code).toBe("validation_failed");
  expect(error._description).toBe("ZIP code is required.");
  expect(error._extra).toMatchObject({ field, missing: ["zip_code"] });
}

describe("spec 1 §5 'Custom identity fields': the server refuses a checkout without a required custom field", () => {
  it("a guest harbour membership checkout without zip_code is refused (400, identity.additional_info.zip_code); nothing is booked or charged; with it the checkout succeeds", async () => {
    const cart = await harbourMembership();
    const email = `nozip-${randomUUID()}@example.com`;

    expectZipRefusal(
      await guestCheckout(cart.id, { identity: guest(email) }),
      "identity.additional_info.zip_code",
    );
    // Other custom fields, or a blank ZIP-less info, do not stand in for it.
    expectZipRefusal(
      await guestCheckout(cart.id, { identity: guest(email, { phone: "555 0100" }) }),
      "identity.additional_info.zip_code",
    );
    // A logged-in buyer's top-level additional_info is not a guest's.
    expectZipRefusal(
      await guestCheckout(cart.id, { identity: guest(email), additional_info: { zip_code: "02110" } }),
      "identity.additional_info.zip_code",
    );
    await expectNothingDone(cart.id, email);

    const paid = await guestCheckout(cart.id, { identity: guest(email, { zip_code: "02110" }) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
    const members = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order?.id ?? ""));
    expect(members.map((m) => m.zipCode)).toEqual(["02110"]);
  });

  it("a plan's partial payment at checkout is refused too before the card is charged (spec 2 §4 partial payment)", async () => {
    const cart = await harbourMembership();
    const email = `plan-${randomUUID()}@example.com`;
    const res = await guestCheckout(cart.id, { amount: "25.50", identity: guest(email) });
    expectZipRefusal(res, "identity.additional_info.zip_code");
    await expectNothingDone(cart.id, email);
  });

  it("a logged-in buyer without a stored ZIP is refused (additional_info.zip_code); with the ZIP already stored they are not asked", async () => {
    const user = await loginIdentity(api);
    await api.handle.db
      .update(s.identity)
      .set({ firstName: "Ada", lastName: "Lovelace", email: `ada-${randomUUID()}@example.com` })
      .where(eq(s.identity.id, user.identityId));
    const cart = await harbourMembership({ cookie: user.cookie });
    const checkout = (body: Record<string, unknown> = {}) =>
      send(
        api,
        "POST",
        `/api/my/cart/${cart.id}/checkout`,
        { gateway_id: "test", gateway_data: TEST_CARD, ...body },
        { cookie: user.cookie },
      );
    expectZipRefusal(await checkout(), "additional_info.zip_code");
    await expectNothingDone(cart.id);
    const [unchanged] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, user.identityId));
    expect(unchanged?.additionalInfo ?? null).toBeNull();

    // The ZIP stored on the identity (an earlier checkout, the profile) serves: nothing is asked.
    await api.handle.db
      .update(s.identity)
      .set({ additionalInfo: { zip_code: "02113" } })
      .where(eq(s.identity.id, user.identityId));
    const paid = await checkout();
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
    const [member] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order?.id ?? ""));
    expect(member?.zipCode).toBe("02113");
  });

  it("gift_checkout of a harbour membership asks the buyer's ZIP like any checkout of the cart", async () => {
    const user = await loginIdentity(api);
    await api.handle.db
      .update(s.identity)
      .set({ firstName: "Ada", lastName: "Lovelace", email: `gifter-${randomUUID()}@example.com` })
      .where(eq(s.identity.id, user.identityId));
    const giftee = await send(
      api,
      "POST",
      "/api/giftee?_seller=harbour-museum",
      { first_name: "Mary", last_name: "Anning", email: `giftee-${randomUUID()}@example.com` },
      { cookie: user.cookie },
    );
    expect(giftee.status, JSON.stringify(giftee.body)).toBe(200);
    const gifteeId = (giftee.body as { identity_id: string }).identity_id;
    const cart = cartOf(
      asCart(
        await send(
          api,
          "POST",
          "/api/my/cart/modify?_seller=harbour-museum",
          { add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }], giftee: gifteeId },
          { cookie: user.cookie },
        ),
      ),
    );
    const gift = (body: Record<string, unknown> = {}) =>
      send(
        api,
        "POST",
        `/api/my/cart/${cart.id}/gift_checkout`,
        { gateway_id: "test", gateway_data: TEST_CARD, ...body },
        { cookie: user.cookie },
      );
    expectZipRefusal(await gift(), "additional_info.zip_code");
    await expectNothingDone(cart.id);
    const paid = await gift({ additional_info: { zip_code: "02114" } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it("a cart that asks nothing needs nothing: a riverside-zoo membership and a harbour timed ticket check out without custom fields", async () => {
    const zoo = await cartWith("riverside-zoo", [{ ticket_type_id: "rz-membership-adult", quantity: 1 }]);
    const zooPaid = await guestCheckout(zoo.id, { identity: guest(`zoo-${randomUUID()}@example.com`) });
    expect(zooPaid.status, JSON.stringify(zooPaid.body)).toBe(200);

    const session = await upcomingSession(api, "hm-general-admission");
    const timed = await cartWith("harbour-museum", [
      { ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 },
    ]);
    const timedPaid = await guestCheckout(timed.id, { identity: guest(`timed-${randomUUID()}@example.com`) });
    expect(timedPaid.status, JSON.stringify(timedPaid.body)).toBe(200);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  "PostgreSQL: spec 1 §5, a missing required custom field refuses the checkout",
  () => {
    it("a guest harbour membership checkout without zip_code is refused and books nothing; with it, it succeeds", async () => {
      await withFreshPostgres(serverUrl ?? "", async (url) => {
        const pg = await createTestApi({ target: { kind: "postgres", url } });
        try {
          const cart = await harbourMembership({}, pg);
          const email = `pg-${randomUUID()}@example.com`;
          expectZipRefusal(
            await guestCheckout(cart.id, { identity: guest(email) }, pg),
            "identity.additional_info.zip_code",
          );
          await expectNothingDone(cart.id, email, pg);
          const paid = await guestCheckout(cart.id, { identity: guest(email, { zip_code: "02110" }) }, pg);
          expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        } finally {
          await pg.close();
        }
      });
    });
  },
);
