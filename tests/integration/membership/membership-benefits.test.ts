/**
 * Spec 1 §6 "member benefits limit counts per ticket type and a wildcard pool", answered
 * member_limit_exceeded:reserve (spec 1 §8), and "Parallel reserves never exceed a
 * member's limit, as capacity is never exceeded": 10 parallel reserves over HTTP by one member with
 * a wildcard pool of 3 hold exactly 3. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import {
  asCart,
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

/** A logged-in member (role 'Member' opens the preview) with the given benefits. */
async function member(api: TestApi, benefits: Record<string, number>) {
  const { identityId, cookie } = await loginIdentity(api);
  const now = api.clock.now().getTime();
  await api.handle.db.insert(s.membership).values({
    id: `m-${identityId}`,
    sellerId: "harbour-museum",
    identityId,
    scanCode: `HMB${randomBytes(4).toString("hex")}`,
    role: "Member",
    name: "Benefit Member",
    lastName: "Member",
    validFrom: new Date(now - 30 * DAY),
    validTo: new Date(now + 300 * DAY),
    ticketGroupId: "hm-membership-levels",
    ticketTypeId: "hm-membership-individual",
    benefits,
  });
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
  const { identityId, cookie } = await member(api, { "*": 3 });
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
    const held = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(held.length + refused.length).toBe(10);
    for (const r of refused)
      expect(r).toEqual({ status: 409, code: "member_limit_exceeded", context: "reserve" });
    expect(await heldOf(api, identityId, ["hm-preview-member", "hm-preview-guest"])).toBe(3);
  } finally {
    await server.close();
  }
}

describe("member benefits limit the counts per ticket type and a wildcard pool", () => {
  it("one guest per term ('hm-preview-guest': 1): the second is refused with member_limit_exceeded:reserve", async () => {
    const api = await createTestApi();
    try {
      const session = await upcomingSession(api, "hm-members-preview");
      await setSessionCapacity(api, session.id, 500, 0);
      const { cookie } = await member(api, { "hm-preview-guest": 1, "*": 6 });
      const add = (ticket_type_id: string, quantity = 1) =>
        send(
          api,
          "POST",
          MODIFY,
          { add: [{ ticket_type_id, event_session_id: session.id, quantity }] },
          { cookie },
        );
      asCart(await add("hm-preview-guest"));
      const second = await add("hm-preview-guest");
      expect(second.status).toBe(409);
      expect(errorOf(second)).toMatchObject({
        _code: "member_limit_exceeded",
        _context: "reserve",
        _description: "You have reached your member limit of 1 tickets for this membership term.",
        _extra: { ticket_type_id: "hm-preview-guest", limit: 1, available: 0 },
      });
      // The member's own tickets count against the wildcard pool of 6 (the guest is its own pool).
      asCart(await add("hm-preview-member", 4));
      const beyond = await add("hm-preview-member", 3);
      expect(errorOf(beyond)).toMatchObject({
        _code: "member_limit_exceeded",
        _extra: { pool: "*", limit: 6, available: 2 },
      });
    } finally {
      await api.close();
    }
  });

  it("PGlite: 10 parallel reserves by one member with a pool of 3 hold exactly 3", async () => {
    const api = await createTestApi();
    try {
      await raceForThree(api);
    } finally {
      await api.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    "PostgreSQL: 10 parallel reserves by one member with a pool of 3 hold exactly 3",
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
