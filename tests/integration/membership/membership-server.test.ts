/**
 * The membership server semantics: member tickets (one per member with its party role,
 * spec 1 §3 membership rule), their pricing (the primary role pays, the others are free), the
 * memberships a completed order creates from the party roles, renewal with 'extend' across
 * daylight saving at the tenant's midnight keeping the member ID, the renewal window (spec 1 §6
 * "Renewal allowed only within a configured number of days before term end"), GET my/membership's
 * level, renewal and remaining benefits. The file's clock: 1 March 2027, 12:00 in New York (EST).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { myMembershipEnvelope } from "../../../src/lib/api/membership/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../../src/lib/server/services/identity/identity.ts";
import { createOrderMemberships } from "../../../src/lib/server/services/membership/create.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, loginIdentity, payAsGuest, send, TEST_CARD } from "../../helpers/cart.ts";

const NOW = new Date("2027-03-01T17:00:00Z");
const api = withTestApi({ now: NOW });
const MODIFY = "/api/my/cart/modify?_seller=harbour-museum";
const DUAL = "hm-membership-dual";
const INDIVIDUAL = "hm-membership-individual";

async function membershipsOf(orderId: string) {
  return api.handle.db.select().from(s.membership).where(eq(s.membership.ticketOrderId, orderId));
}

/** A session cookie for an existing identity (the demo members). */
async function sessionFor(identityId: string, sellerId = "harbour-museum"): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await api.handle.db.insert(s.authSession).values({
    tokenHash: hashSessionToken(token),
    identityId,
    sellerId,
    createdAt: api.clock.now(),
    expiresAt: new Date(api.clock.now().getTime() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

describe("a membership reserve is one ticket per member with its party_role, priced by the primary role", () => {
  it("Dual: the member's ticket carries the level's price, the second card and the guests are 0", async () => {
    const env = asCart(
      await send(api, "POST", MODIFY, {
        add: [
          { ticket_type_id: DUAL, party_role: "member", admit_name: "Ada Byron" },
          { ticket_type_id: DUAL, party_role: "second-card", admit_name: "Charles Babbage" },
          { ticket_type_id: DUAL, party_role: "guest", quantity: 2 },
        ],
      }),
    );
    const rows = await api.handle.db
      .select()
      .from(s.ticket)
      .where(eq(s.ticket.cartId, cartOf(env).id));
    const role = new Map(rows.map((t) => [t.id, t.partyRole]));
    const tickets = env.ticket._data.map((t) => [role.get(t.id), t.face_value]);
    expect(tickets).toEqual([
      ["member", "120.00"],
      ["second-card", "0.00"],
      ["guest", "0.00"],
      ["guest", "0.00"],
    ]);
  });

  it("'At least one member is required to purchase a membership' (validation_failed)", async () => {
    const r = await send(api, "POST", MODIFY, {
      add: [{ ticket_type_id: DUAL, party_role: "second-card", admit_name: "Charles Babbage" }],
    });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({
      _code: "validation_failed",
      _description: "At least one member is required to purchase a membership",
    });
  });

  it("named roles at most one ticket each per level; unnamed roles between min and max; roles of the level only", async () => {
    const twice = await send(api, "POST", MODIFY, {
      add: [{ ticket_type_id: DUAL, party_role: "member", quantity: 2 }],
    });
    expect(errorOf(twice)._description).toBe("A membership has one member card.");
    const guests = await send(api, "POST", MODIFY, {
      add: [
        { ticket_type_id: DUAL, party_role: "member" },
        { ticket_type_id: DUAL, party_role: "guest", quantity: 3 },
      ],
    });
    expect(errorOf(guests)._description).toBe("Choose between 0 and 2 guest tickets.");
    const child = await send(api, "POST", MODIFY, {
      add: [
        { ticket_type_id: DUAL, party_role: "member" },
        { ticket_type_id: DUAL, party_role: "child" },
      ],
    });
    expect(errorOf(child)).toMatchObject({ _code: "validation_failed", _extra: { party_role: "child" } });
  });

  it("removing the member's ticket while the second card stays is refused", async () => {
    const cart = cartOf(
      asCart(
        await send(api, "POST", MODIFY, {
          add: [
            { ticket_type_id: DUAL, party_role: "member" },
            { ticket_type_id: DUAL, party_role: "second-card" },
          ],
        }),
      ),
    );
    const [member] = await api.handle.db
      .select()
      .from(s.ticket)
      .where(and(eq(s.ticket.cartId, cart.id), eq(s.ticket.partyRole, "member")));
    const r = await send(api, "POST", `/api/my/cart/${cart.id}/modify`, { remove: [member?.id] });
    expect(errorOf(r)._description).toBe("At least one member is required to purchase a membership");
  });
});

describe("creation: one membership per named member ticket, program, level and benefits", () => {
  it("named members get a card in their own name with role, program, level, event and the level's benefits; unnamed roles none", async () => {
    const cart = cartOf(
      asCart(
        await send(api, "POST", MODIFY, {
          add: [
            { ticket_type_id: DUAL, party_role: "member", admit_name: "Ada Byron" },
            { ticket_type_id: DUAL, party_role: "second-card", admit_name: "Charles Babbage" },
            { ticket_type_id: DUAL, party_role: "guest", quantity: 2 },
          ],
        }),
      ),
    );
    const orderId = await payAsGuest(api, cart.id, {
      first_name: "Augusta",
      last_name: "King",
      email: `dual-${randomUUID()}@example.com`,
    });
    const members = (await membershipsOf(orderId)).sort((a, b) => a.role.localeCompare(b.role));
    expect(members.map((m) => [m.role, m.name, m.lastName])).toEqual([
      ["member", "Ada Byron", "Byron"],
      ["second-card", "Charles Babbage", "Babbage"],
    ]);
    for (const m of members) {
      expect(m).toMatchObject({
        ticketGroupId: "hm-membership-levels",
        ticketTypeId: DUAL,
        eventTemplateId: "hm-membership",
        benefits: { "hm-preview-guest": 2, "*": 12 },
        renewsMembershipId: null,
      });
    }
    expect(new Set(members.map((m) => m.scanCode)).size).toBe(2);
  });

  it("a gift order (giftee set) creates no membership: the gift code's redemption does", async () => {
    const cart = cartOf(asCart(await send(api, "POST", MODIFY, { add: [{ ticket_type_id: INDIVIDUAL }] })));
    const orderId = await payAsGuest(api, cart.id, {
      first_name: "Gift",
      last_name: "Buyer",
      email: `gift-${randomUUID()}@example.com`,
    });
    await api.handle.db.delete(s.membership).where(eq(s.membership.ticketOrderId, orderId));
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    if (!order) throw new Error("no order");
    const [giftee] = await api.handle.db
      .insert(s.identity)
      .values({ id: `giftee-${randomUUID()}`, sellerId: "harbour-museum", kind: "guest", createdAt: NOW })
      .returning();
    await api.handle.db
      .update(s.ticketOrder)
      .set({ gifteeIdentityId: giftee?.id })
      .where(eq(s.ticketOrder.id, orderId));
    const created = await api.handle.db.transaction((tx) => createOrderMemberships(tx, order, NOW));
    expect(created).toEqual([]);
  });
});

describe("renewal with extend: the new term starts at valid_to in the tenant's time zone and keeps the member ID", () => {
  afterEach(async () => {
    await api.handle.db
      .update(s.ticketGroup)
      .set({ durationNew: "P1Y" })
      .where(eq(s.ticketGroup.id, "hm-membership-levels"));
  });

  async function memberEndingAt(validTo: Date) {
    const { identityId, cookie } = await loginIdentity(api);
    await api.handle.db
      .update(s.identity)
      // Like the seeded members, the ZIP code is on the identity too (checkout's identity_form asks it).
      .set({
        email: `renew-${randomUUID()}@example.com`,
        firstName: "Mary",
        lastName: "Anning",
        additionalInfo: { zip_code: "02139" },
      })
      .where(eq(s.identity.id, identityId));
    const id = `m-${identityId}`;
    await api.handle.db.insert(s.membership).values({
      id,
      sellerId: "harbour-museum",
      identityId,
      scanCode: `HM9${randomBytes(3).toString("hex")}`,
      role: "member",
      name: "Mary Anning",
      lastName: "Anning",
      zipCode: "02139",
      validFrom: new Date(validTo.getTime() - 365 * 86_400_000),
      validTo,
      ticketGroupId: "hm-membership-levels",
      ticketTypeId: INDIVIDUAL,
      eventTemplateId: "hm-membership",
    });
    return { identityId, cookie, id };
  }

  it("a term ending at midnight EST (10 Mar 2027) renewed for P6M ends at midnight EDT (10 Sep 2027), same member ID", async () => {
    await api.handle.db
      .update(s.ticketGroup)
      .set({ durationNew: "P6M" })
      .where(eq(s.ticketGroup.id, "hm-membership-levels"));
    const end = new Date("2027-03-10T05:00:00Z");
    const { cookie, id } = await memberEndingAt(end);
    const cart = cartOf(
      asCart(
        await send(
          api,
          "POST",
          MODIFY,
          { add: [{ ticket_type_id: INDIVIDUAL, party_role: "member" }], extendMembership: true },
          { cookie },
        ),
      ),
    );
    const paid = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: TEST_CARD },
      { cookie },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = checkoutAnswer.parse(paid.body).ticket_order?._data[0]?.id ?? "";
    const [renewed] = await membershipsOf(orderId);
    const [previous] = await api.handle.db.select().from(s.membership).where(eq(s.membership.id, id));
    expect(renewed?.validFrom.toISOString()).toBe("2027-03-10T05:00:00.000Z");
    expect(renewed?.validTo.toISOString()).toBe("2027-09-10T04:00:00.000Z");
    expect(renewed?.scanCode).toBe(previous?.scanCode);
    expect(renewed?.renewsMembershipId).toBe(id);
    // Idempotent: converting again creates nothing.
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    if (!order) throw new Error("no order");
    expect(await api.handle.db.transaction((tx) => createOrderMemberships(tx, order, NOW))).toEqual([]);
  });

  it("renewal outside the window (60 days before term end) is refused with renewal_not_open", async () => {
    const { cookie } = await memberEndingAt(new Date("2027-06-01T04:00:00Z"));
    const r = await send(
      api,
      "POST",
      MODIFY,
      { add: [{ ticket_type_id: INDIVIDUAL, party_role: "member" }], extendMembership: true },
      { cookie },
    );
    expect(r.status).toBe(409);
    expect(errorOf(r)).toMatchObject({
      _code: "renewal_not_open",
      _context: "reserve",
      _description: "Your membership can be renewed from Fri, Apr 2, 2027, 60 days before it ends.",
      _extra: { renewal_window_days: 60, renewal_opens_at: "2027-04-02T04:00:00.000Z" },
    });
  });

  it("a member who buys their own program again outside the renewal window is refused: no second, parallel membership", async () => {
    // Regression: a zoo Adult member buying Joint got a second membership with new member IDs, unwarned.
    const { cookie, identityId } = await memberEndingAt(new Date("2027-06-01T04:00:00Z"));
    const r = await send(
      api,
      "POST",
      MODIFY,
      {
        add: [
          { ticket_type_id: DUAL, party_role: "member" },
          { ticket_type_id: DUAL, party_role: "second-card" },
        ],
      },
      { cookie },
    );
    expect(r.status).toBe(409);
    expect(errorOf(r)).toMatchObject({
      _code: "membership_already_held",
      _context: "reserve",
      _description:
        "You already hold an Individual membership, valid until Mon, May 31, 2027. You can renew it from Fri, Apr 2, 2027.",
      _extra: {
        level: "Individual",
        valid_to: "2027-06-01T04:00:00.000Z",
        renewal_opens_at: "2027-04-02T04:00:00.000Z",
      },
    });
    // Saying 'no extension' outside the window changes nothing: still no parallel membership.
    const no = await send(
      api,
      "POST",
      MODIFY,
      { add: [{ ticket_type_id: INDIVIDUAL, party_role: "member" }], extendMembership: false },
      { cookie },
    );
    expect(errorOf(no)._code).toBe("membership_already_held");
    const carts = await api.handle.db.select().from(s.cart).where(eq(s.cart.identityId, identityId));
    const held = carts.length
      ? await api.handle.db
          .select()
          .from(s.ticket)
          .where(eq(s.ticket.cartId, carts[0]?.id ?? ""))
      : [];
    expect(held.filter((t) => t.state === "held")).toEqual([]);
  });

  it("an ended membership is no parallel membership: a new one may be bought", async () => {
    const ended = await memberEndingAt(new Date("2026-01-01T05:00:00Z"));
    asCart(
      await send(
        api,
        "POST",
        MODIFY,
        { add: [{ ticket_type_id: INDIVIDUAL, party_role: "member" }] },
        {
          cookie: ended.cookie,
        },
      ),
    );
  });

  it("spec 1 §8 'a prompt-marked reserve code shows a prompt whose answer resubmits': a member in the renewal window who buys again is asked whether to extend", async () => {
    // Ends at midnight New York time on 21 Mar 2027: inside the 60-day window on 1 Mar.
    const { cookie } = await memberEndingAt(new Date("2027-03-21T04:00:00Z"));
    const add = [{ ticket_type_id: INDIVIDUAL, party_role: "member" }];
    const asked = await send(api, "POST", MODIFY, { add }, { cookie });
    expect(asked.status).toBe(409);
    const prompt =
      "Your membership is valid until Sat, Mar 20, 2027. Do you want to extend it, so the new term starts when it ends?";
    expect(errorOf(asked)).toMatchObject({
      _code: "membership_extend_prompt",
      _context: "reserve",
      _description: prompt,
      _extra: { prompt, prompt_option: "extendMembership" },
    });
    // Either answer resubmits without asking again.
    asCart(await send(api, "POST", MODIFY, { add, extendMembership: false }, { cookie }));
    asCart(await send(api, "POST", MODIFY, { add, extendMembership: true }, { cookie }));
  });

  it("a gift is never asked to extend the giver's own membership", async () => {
    const { cookie } = await memberEndingAt(new Date("2027-03-21T04:00:00Z"));
    const giftee = await send(
      api,
      "POST",
      "/api/giftee?_seller=harbour-museum",
      { first_name: "Emmy", last_name: "Noether", email: `emmy-${randomUUID()}@example.com` },
      { cookie },
    );
    expect(giftee.status, JSON.stringify(giftee.body)).toBeLessThan(300);
    const { identity_id } = giftee.body as { identity_id: string };
    asCart(
      await send(
        api,
        "POST",
        MODIFY,
        { add: [{ ticket_type_id: INDIVIDUAL, party_role: "member" }], giftee: identity_id },
        { cookie },
      ),
    );
  });
});

describe("GET my/membership: the caller's own memberships with level, valid until, renewal and benefits", () => {
  it("the demo member in the renewal window (HM100002) sees the level, the open renewal and the remaining benefits", async () => {
    const cookie = await sessionFor("hm-demo-member");
    const r = await send(
      api,
      "GET",
      "/api/my/membership?_seller=harbour-museum&_embed=role,ticket",
      undefined,
      {
        cookie,
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const env = myMembershipEnvelope.parse(r.body);
    const card = env.membership._data.find((m) => m.scan_code === "HM100002");
    expect(card).toMatchObject({
      ticket_type_id: DUAL,
      ticket_group_id: "hm-membership-levels",
      role: "member",
    });
    expect(card?.renewal).toMatchObject({ open: true, window_days: 60, ended: false });
    expect(card?.remaining_benefits).toEqual([
      { pool: "hm-preview-guest", limit: 2, used: 0, remaining: 2 },
      { pool: "*", limit: 12, used: 0, remaining: 12 },
    ]);
    expect(env.membership._data.map((m) => m.scan_code).sort()).toEqual(["HM100002", "HM100012"]);
    expect(env.ticket._data.map((t) => t.party_role)).toEqual(["member", "second-card"]);
    expect(env.ticket_group?._data[0]?.id).toBe("hm-membership-levels");
    expect(env.identity_link?._data.every((l) => l.identity_id === "hm-demo-member")).toBe(true);
  });

  it("valid_until is the last full day: a term ending at New York's midnight that starts 22 Nov shows 21 Nov", async () => {
    const { identityId, cookie } = await loginIdentity(api);
    await api.handle.db.insert(s.membership).values({
      id: `m-${identityId}`,
      sellerId: "harbour-museum",
      identityId,
      scanCode: `HM8${randomBytes(3).toString("hex")}`,
      role: "member",
      name: "Test",
      lastName: "Member",
      validFrom: new Date("2026-11-22T05:00:00Z"),
      validTo: new Date("2027-11-22T05:00:00Z"),
    });
    const env = myMembershipEnvelope.parse(
      (await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, { cookie })).body,
    );
    expect(env.membership._data[0]?.valid_until).toBe("2027-11-21");
    expect(env.membership._data[0]?.renewal?.open).toBe(false);
  });

  it("the expired demo member (HM100003) sees the term marked ended, so a renewal starts at once", async () => {
    const cookie = await sessionFor("hm-demo-expired");
    const env = myMembershipEnvelope.parse(
      (await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, { cookie })).body,
    );
    expect(env.membership._data.find((m) => m.scan_code === "HM100003")?.renewal?.ended).toBe(true);
  });

  it("another member's session never sees these cards", async () => {
    const cookie = await sessionFor("hm-demo-user");
    const env = myMembershipEnvelope.parse(
      (await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, { cookie })).body,
    );
    expect(env.membership._data.map((m) => m.scan_code)).toEqual(["HM100001"]);
    expect(env.ticket_order._data.map((o) => o.order_number)).toEqual(["900000101"]);
  });
});
