/**
 * Members at the desk: search by member ID, name and e-mail; a membership with its cards, terms,
 * renewals and auto-renew; resending the membership e-mail (queued and audited together); role
 * refusals and another seller's staff.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  memberDetail,
  resendMembershipEmail,
  searchMembers,
} from "../../../src/lib/server/services/admin/members/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";

const api = withTestApi();

/** A seeded Harbour membership bought on an order, with its account. */
async function seededMember() {
  const rows = await api.handle.db
    .select({ membership: s.membership, identity: s.identity })
    .from(s.membership)
    .innerJoin(s.identity, eq(s.identity.id, s.membership.identityId))
    .where(
      and(
        eq(s.membership.sellerId, HARBOUR),
        isNotNull(s.membership.ticketOrderId),
        isNotNull(s.identity.email),
      ),
    )
    .orderBy(desc(s.membership.validTo), s.membership.id);
  const counts = new Map<string, number>();
  for (const r of rows)
    counts.set(r.membership.ticketOrderId ?? "", (counts.get(r.membership.ticketOrderId ?? "") ?? 0) + 1);
  // One bought with other cards when the seed has one.
  const row = rows.find((r) => (counts.get(r.membership.ticketOrderId ?? "") ?? 0) > 1) ?? rows[0];
  if (!row) throw new Error("the seed has no Harbour membership with an order");
  return { ...row, cards: counts.get(row.membership.ticketOrderId ?? "") ?? 1 };
}

describe("searching members", () => {
  it("finds a member by member ID (any case), by part of the name, and by e-mail", async () => {
    const { membership, identity } = await seededMember();
    const now = api.clock.now();
    const byId = await searchMembers(
      api.handle.db,
      staff("box_office"),
      { q: membership.scanCode.toLowerCase() },
      now,
    );
    expect(byId.map((h) => h.membershipId)).toContain(membership.id);
    expect(byId.every((h) => h.scanCode.toUpperCase() === membership.scanCode.toUpperCase())).toBe(true);
    const byName = await searchMembers(
      api.handle.db,
      staff("admin"),
      { q: membership.lastName.slice(0, 4) },
      now,
    );
    expect(byName.map((h) => h.membershipId)).toContain(membership.id);
    const byEmail = await searchMembers(api.handle.db, staff("admin"), { q: identity.email ?? "" }, now);
    expect(byEmail.find((h) => h.membershipId === membership.id)).toMatchObject({
      email: identity.email,
      scanCode: membership.scanCode,
      validTo: membership.validTo.toISOString(),
    });
  });

  it("takes a LIKE wildcard literally, and needs two characters", async () => {
    expect(await searchMembers(api.handle.db, staff("admin"), { q: "%%" }, api.clock.now())).toEqual([]);
    await refusal(
      searchMembers(api.handle.db, staff("admin"), { q: " a " }, api.clock.now()),
      "validation_failed",
    );
  });

  it("another seller's staff never find this seller's members; gate and viewer may not search", async () => {
    const { membership } = await seededMember();
    const now = api.clock.now();
    const zoo = await searchMembers(
      api.handle.db,
      staff("admin", RIVERSIDE),
      { q: membership.scanCode },
      now,
    );
    expect(zoo.map((h) => h.membershipId)).not.toContain(membership.id);
    await refusal(
      searchMembers(api.handle.db, staff("gate"), { q: membership.scanCode }, now),
      "forbidden_for_role",
    );
    await refusal(
      searchMembers(api.handle.db, staff("viewer"), { q: membership.scanCode }, now),
      "forbidden_for_role",
    );
  });
});

describe("a membership's detail", () => {
  it("shows its cards (the same order's memberships), level, terms, renewals and auto-renew", async () => {
    const { membership, identity, cards } = await seededMember();
    await api.handle.db.insert(s.membershipRenewal).values({
      membershipId: membership.id,
      termEnd: membership.validTo,
      state: "failed",
      detail: "card_declined",
      createdAt: api.clock.now(),
    });
    const detail = await memberDetail(
      api.handle.db,
      staff("box_office"),
      { membershipId: membership.id },
      api.clock.now(),
    );
    expect(detail.membership).toMatchObject({
      membershipId: membership.id,
      scanCode: membership.scanCode,
      validFrom: membership.validFrom.toISOString(),
      validTo: membership.validTo.toISOString(),
      autoRenewState: membership.autoRenewState,
    });
    expect(detail.membership.level).not.toBeNull();
    expect(detail.account).toMatchObject({ identityId: identity.id, email: identity.email });
    expect(detail.order?.id).toBe(membership.ticketOrderId);
    expect(detail.cards).toHaveLength(cards);
    expect(detail.cards.map((c) => c.membershipId)).toContain(membership.id);
    expect(detail.terms.map((t) => t.membershipId)).toContain(membership.id);
    expect(detail.renewals).toContainEqual(
      expect.objectContaining({ membershipId: membership.id, state: "failed", detail: "card_declined" }),
    );
    expect(detail.autoRenew.state).toBe(membership.autoRenewState);
  });

  it("another seller's membership is not found; a gate actor may not read it", async () => {
    const { membership } = await seededMember();
    const now = api.clock.now();
    await refusal(
      memberDetail(api.handle.db, staff("admin", RIVERSIDE), { membershipId: membership.id }, now),
      "not_found",
    );
    await refusal(
      memberDetail(api.handle.db, staff("gate"), { membershipId: membership.id }, now),
      "forbidden_for_role",
    );
  });
});

describe("resending the membership e-mail", () => {
  it("queues the member IDs mail to the account's address and audits it in the same transaction", async () => {
    const { membership, identity } = await seededMember();
    const actor = staff("box_office");
    const sent = await resendMembershipEmail(
      api.handle.db,
      actor,
      { membershipId: membership.id },
      api.clock.now(),
    );
    const [mail] = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.id, sent.mailId));
    expect(mail).toMatchObject({ kind: "membership_ids", toAddress: identity.email, sellerId: HARBOUR });
    expect(mail?.text).toContain(membership.scanCode);
    expect(sent.memberIds).toContain(membership.scanCode);
    const audit = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.resource, "membership"), eq(s.auditLog.resourceId, membership.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "membership.resend", actorId: actor.id, sellerId: HARBOUR });
    expect(audit[0]?.details).toMatchObject({ mail_id: sent.mailId });
  });

  it("refuses a member without an e-mail address, with nothing queued or audited", async () => {
    const { membership, identity } = await seededMember();
    const email = identity.email;
    await api.handle.db.update(s.identity).set({ email: null }).where(eq(s.identity.id, identity.id));
    try {
      const before = await api.handle.db.select().from(s.auditLog);
      const error = await refusal(
        resendMembershipEmail(
          api.handle.db,
          staff("admin"),
          { membershipId: membership.id },
          api.clock.now(),
        ),
        "member_without_email",
      );
      expect(error.status).toBe(409);
      expect(await api.handle.db.select().from(s.auditLog)).toHaveLength(before.length);
    } finally {
      await api.handle.db.update(s.identity).set({ email }).where(eq(s.identity.id, identity.id));
    }
  });

  it("a viewer may not resend; another seller's staff find no such membership", async () => {
    const { membership } = await seededMember();
    const now = api.clock.now();
    await refusal(
      resendMembershipEmail(api.handle.db, staff("viewer"), { membershipId: membership.id }, now),
      "forbidden_for_role",
    );
    await refusal(
      resendMembershipEmail(api.handle.db, staff("admin", RIVERSIDE), { membershipId: membership.id }, now),
      "not_found",
    );
  });
});
