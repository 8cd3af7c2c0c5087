/**
 * Spec 1 §3 "Membership: ... member_event_purchase_limit" : a level's limit
 * (ticket type meta `member_event_purchase_limit`) is copied onto each membership at creation; a
 * members-only reserve by a member that would take the member's held + booked members-only
 * tickets of one event in the current term beyond it is refused with member_limit_exceeded:reserve
 * (spec 1 §8), serialized per member as the benefits are, so 10 parallel reserves never exceed it.
 * Public groups are untouched. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { myMembershipEnvelope } from "../../../src/lib/api/membership/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { viewerEventRemaining } from "../../../src/lib/server/services/membership/event-limit.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";
import { serveApp } from "../../helpers/http-server.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const DAY = 86_400_000;
const MODIFY = "/api/my/cart/modify?_seller=harbour-museum";
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

/**
 * A logged-in member with the given per-event limit and no benefits: role 'Member' opens the
 * members-only preview, role 'Member Adult' the general admission's Members group.
 */
async function member(api: TestApi, limit: number) {
  const { identityId, cookie } = await loginIdentity(api);
  const now = api.clock.now().getTime();
  await api.handle.db.insert(s.membership).values(
    ["Member", "Member Adult"].map((role, i) => ({
      id: `m-${identityId}-${i}`,
      sellerId: "harbour-museum",
      identityId,
      scanCode: `HML${randomBytes(4).toString("hex")}`,
      role,
      name: "Limit Member",
      lastName: "Member",
      validFrom: new Date(now - 30 * DAY),
      validTo: new Date(now + 300 * DAY),
      ticketGroupId: "hm-membership-levels",
      ticketTypeId: "hm-membership-dual",
      benefits: {},
      memberEventPurchaseLimit: limit,
    })),
  );
  return { identityId, cookie };
}

async function heldOf(api: TestApi, identityId: string, typeIds: string[]): Promise<number> {
  const rows = await api.handle.db
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .innerJoin(s.cart, eq(s.cart.id, s.ticket.cartId))
    .where(
      and(
        eq(s.cart.identityId, identityId),
        eq(s.ticket.state, "held"),
        inArray(s.ticket.ticketTypeId, typeIds),
      ),
    );
  return rows.length;
}

async function raceForThree(api: TestApi): Promise<void> {
  const session = await upcomingSession(api, "hm-members-preview");
  await setSessionCapacity(api, session.id, 500, 0);
  const { identityId, cookie } = await member(api, 3);
  const server = await serveApp(api.app);
  try {
    const body = JSON.stringify({
      add: [{ ticket_type_id: "hm-preview-member", event_session_id: session.id }],
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${server.url}${MODIFY}`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin: server.url },
          body,
        });
        const json = (await res.json()) as { _data?: { _code: string; _context: string }[] };
        return { status: res.status, code: json._data?.[0]?._code, context: json._data?.[0]?._context };
      }),
    );
    const refused = answers.filter((a) => a.status !== 200);
    for (const r of refused)
      expect(r).toEqual({ status: 409, code: "member_limit_exceeded", context: "reserve" });
    expect(await heldOf(api, identityId, ["hm-preview-member", "hm-preview-guest"])).toBe(3);
    expect(refused).toHaveLength(7);
  } finally {
    await server.close();
  }
}

describe("member_event_purchase_limit: members-only tickets per event in the current term", () => {
  it("creation copies the level's member_event_purchase_limit (ticket type meta) onto each membership", async () => {
    const api = await createTestApi();
    try {
      const metaId = "meta-ticket_type-hm-membership-dual";
      const [row] = await api.handle.db.select().from(s.meta).where(eq(s.meta.id, metaId));
      await api.handle.db
        .update(s.meta)
        .set({ data: { ...(row?.data ?? {}), member_event_purchase_limit: 3 } })
        .where(eq(s.meta.id, metaId));
      const cart = cartOf(
        asCart(
          await send(api, "POST", MODIFY, { add: [{ ticket_type_id: "hm-membership-dual", quantity: 2 }] }),
        ),
      );
      const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
        gateway_id: "test",
        gateway_data: CARD,
        identity: {
          first_name: "Mary",
          last_name: "Anning",
          email: `limit-${randomUUID()}@example.com`,
          additional_info: { zip_code: "02139" },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const order = checkoutAnswer.parse(res.body).ticket_order?._data[0];
      const members = await api.handle.db
        .select()
        .from(s.membership)
        .where(eq(s.membership.ticketOrderId, order?.id ?? ""));
      expect(members).toHaveLength(2);
      for (const m of members) expect(m.memberEventPurchaseLimit).toBe(3);
      // A level without the meta key: no limit.
      expect(
        (
          await api.handle.db.select().from(s.membership).where(eq(s.membership.id, "hm-demo-membership-1"))
        )[0]?.memberEventPurchaseLimit,
      ).toBeNull();
    } finally {
      await api.close();
    }
  });

  it("a limit of 2: the third members-only ticket of one event is refused with member_limit_exceeded:reserve; public tickets and other events are untouched", async () => {
    const api = await createTestApi();
    try {
      const ga = await upcomingSession(api, "hm-general-admission");
      const preview = await upcomingSession(api, "hm-members-preview");
      await setSessionCapacity(api, ga.id, 500, 0);
      await setSessionCapacity(api, preview.id, 500, 0);
      const { identityId, cookie } = await member(api, 2);
      const add = (ticket_type_id: string, session: string, quantity = 1) =>
        send(
          api,
          "POST",
          MODIFY,
          { add: [{ ticket_type_id, event_session_id: session, quantity }] },
          { cookie },
        );

      asCart(await add("hm-ga-member-adult", ga.id, 2));
      const third = await add("hm-ga-member-child", ga.id);
      expect(third.status).toBe(409);
      expect(errorOf(third)).toEqual({
        _code: "member_limit_exceeded",
        _context: "reserve",
        _description:
          "You have reached your member limit of 2 tickets for General Admission this membership term.",
        _extra: {
          event_template_id: "hm-general-admission",
          member_event_purchase_limit: 2,
          limit: 2,
          available: 0,
        },
      });
      // The public group of the same event is not limited.
      asCart(await add("hm-ga-adult", ga.id, 3));
      // Another event has its own count: 2 preview tickets fit, a third (in one add of 3) does not.
      const beyond = await add("hm-preview-member", preview.id, 3);
      expect(errorOf(beyond)).toMatchObject({
        _code: "member_limit_exceeded",
        _description:
          "Your membership allows 2 tickets more for Members-only preview this membership term (limit 2 per event).",
        _extra: { event_template_id: "hm-members-preview", available: 2 },
      });
      asCart(await add("hm-preview-member", preview.id, 2));
      // Removing a counted ticket in the same modify frees its place.
      const [gaMember] = await api.handle.db
        .select({ id: s.ticket.id, cartId: s.ticket.cartId })
        .from(s.ticket)
        .innerJoin(s.cart, eq(s.cart.id, s.ticket.cartId))
        .where(and(eq(s.cart.identityId, identityId), eq(s.ticket.ticketTypeId, "hm-ga-member-adult")))
        .limit(1);
      asCart(
        await send(
          api,
          "POST",
          `/api/my/cart/${gaMember?.cartId}/modify?_seller=harbour-museum`,
          {
            remove: [gaMember?.id ?? ""],
            add: [{ ticket_type_id: "hm-ga-member-child", event_session_id: ga.id }],
          },
          { cookie },
        ),
      );
      // The reserve steppers of the event's members-only groups cap at what remains.
      const remaining = (eventTemplateId: string) =>
        viewerEventRemaining(api.handle.db, {
          identityId,
          sellerId: "harbour-museum",
          eventTemplateId,
          now: api.clock.now(),
        });
      expect(await remaining("hm-general-admission")).toBe(0);
      expect(await remaining("hm-evening-concert")).toBe(2);
      // GET my/membership shows what remains per event (public tickets do not count).
      const mine = await send(api, "GET", "/api/my/membership?_seller=harbour-museum", undefined, { cookie });
      expect(mine.status).toBe(200);
      const [first] = myMembershipEnvelope.parse(mine.body).membership._data;
      expect(first?.member_event_purchase_limit).toBe(2);
      expect(first?.remaining_event_purchases).toEqual([
        { event_template_id: "hm-general-admission", limit: 2, used: 2, remaining: 0 },
        { event_template_id: "hm-members-preview", limit: 2, used: 2, remaining: 0 },
      ]);
    } finally {
      await api.close();
    }
  });

  it("PGlite: 10 parallel reserves by one member with a limit of 3 for the event hold exactly 3", async () => {
    const api = await createTestApi();
    try {
      await raceForThree(api);
    } finally {
      await api.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    "PostgreSQL: 10 parallel reserves by one member with a limit of 3 for the event hold exactly 3",
    async () => {
      await withFreshPostgres(url ?? "", async (dbUrl) => {
        const api = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
        try {
          await raceForThree(api);
        } finally {
          await api.close();
        }
      });
    },
  );
});
