/**
 * "A completed order of a membership ticket group creates the memberships" (one per
 * named member, each with its own member ID, role, term and order id), "Member login by member ID
 * then works for new members too", idempotent conversion, and the ownership of GET my/membership.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAnswer } from "../../../src/lib/api/auth/schemas.ts";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { myMembershipEnvelope } from "../../../src/lib/api/membership/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createOrderMemberships } from "../../../src/lib/server/services/membership/create.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";
import { buyMembershipAsGuest } from "../../helpers/membership.ts";
import { sessionCookie } from "../auth-helpers.ts";

const api = withTestApi();

function buyMembership(typeId: string, quantity = 1, zip = "02139") {
  return buyMembershipAsGuest(api, typeId, { quantity, zip });
}

describe("a completed order of a membership ticket group creates the memberships", () => {
  it("buying the Individual level as a guest with 4242 creates one 'member' membership with an HM member ID, a one-year term at the tenant's midnight and the order id", async () => {
    const { order, members } = await buyMembership("hm-membership-individual");
    expect(members).toHaveLength(1);
    const [m] = members;
    expect(m?.scanCode).toMatch(/^HM\d{6}$/);
    expect(m?.role).toBe("member");
    expect(m?.name).toBe("Mary Anning");
    expect(m?.lastName).toBe("Anning");
    expect(m?.zipCode).toBe("02139");
    expect(m?.ticketOrderId).toBe(order.id);
    // TEST_NOW is 2026-11-22T12:00Z, 07:00 in New York: the term ends at New York's midnight.
    expect(m?.validFrom.toISOString()).toBe(api.clock.now().toISOString());
    expect(m?.validTo.toISOString()).toBe("2027-11-22T05:00:00.000Z");
  });

  it("the Dual level's two named roles get a card each, with distinct member IDs", async () => {
    const { members } = await buyMembership("hm-membership-dual", 2);
    expect(members.map((m) => m.role).sort()).toEqual(["member", "second-card"]);
    expect(new Set(members.map((m) => m.scanCode)).size).toBe(2);
  });

  it("member login by member ID then works for the new member (scan_code + ZIP code)", async () => {
    const { members, email } = await buyMembership("hm-membership-individual", 1, "02140");
    const r = await send(api, "POST", "/api/login?_seller=harbour-museum", {
      credential_type: "scan_code",
      scan_code: members[0]?.scanCode,
      zip_code: "02140",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(loginAnswer.parse(r.body).identity._data[0]?.email).toBe(email);
  });

  it("converting twice (an idempotent retry) creates no second membership", async () => {
    const { order, members } = await buyMembership("hm-membership-individual");
    const again = await api.handle.db.transaction((tx) =>
      createOrderMemberships(
        tx,
        { id: order.id, sellerId: order.seller_id, identityId: order.identity_id },
        api.clock.now(),
      ),
    );
    expect(again).toEqual([]);
    const after = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order.id));
    expect(after.map((m) => m.id)).toEqual(members.map((m) => m.id));
  });

  it("an order without membership tickets creates none", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 0);
    await setSessionCapacity(api, session.id, 50, 0);
    const cart = cartOf(
      asCart(
        await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
    const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      identity: { first_name: "Ada", last_name: "Lovelace", email: `ga-${randomUUID()}@example.com` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderId = checkoutAnswer.parse(res.body).ticket_order?._data[0]?.id ?? "";
    expect(orderId).not.toBe("");
    const rows = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, orderId));
    expect(rows).toEqual([]);
  });
});

describe("GET my/membership returns the logged-in identity's memberships only", () => {
  it("the new member sees their membership with the role and program embeds, private and not stored", async () => {
    const { members, order } = await buyMembership("hm-membership-individual", 1, "02141");
    const login = await send(api, "POST", "/api/login?_seller=harbour-museum", {
      credential_type: "scan_code",
      scan_code: members[0]?.scanCode,
      zip_code: "02141",
    });
    const r = await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, {
      cookie: sessionCookie(login),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const env = myMembershipEnvelope.parse(r.body);
    expect(env.membership._data.map((m) => m.scan_code)).toEqual([members[0]?.scanCode]);
    expect(env.membership._data[0]?.membership_program_id).toBe("hm-membership-individual");
    expect(env.membership._data[0]?.ticket_group_id).toBe("hm-membership-levels");
    expect(env.membership_program._data[0]?.name).toBe("Individual");
    expect(env.role._data[0]?.name).toBe("member");
    expect(env.ticket_order._data[0]?.id).toBe(order.id);
  });

  it("another user's session gets none of them; no session gets 401 not_logged_in", async () => {
    await buyMembership("hm-membership-individual");
    const other = await loginIdentity(api);
    const r = await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, {
      cookie: other.cookie,
    });
    expect(r.status).toBe(200);
    expect(myMembershipEnvelope.parse(r.body).membership._count).toBe(0);
    const anon = await send(api, "GET", "/api/my/membership?_seller=harbour-museum");
    expect(anon.status).toBe(401);
    expect(errorOf(anon)._code).toBe("not_logged_in");
  });

  it("a session of another seller is not logged in here", async () => {
    const zoo = await loginIdentity(api, "riverside-zoo");
    const r = await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, {
      cookie: zoo.cookie,
    });
    expect(r.status).toBe(401);
  });
});
