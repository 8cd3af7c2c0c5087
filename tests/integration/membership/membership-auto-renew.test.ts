/**
 * Auto-renew (spec 2 §3, §4, §7, §8): "choosing yes stores the payment method for later"
 * (a stored test card on the test gateway), "a renewal job renews enrolled memberships at term end,
 * charges the stored method once (idempotent, safe to run twice or on two servers at once), and
 * mails the member", and the decline path. On one PGlite database and, with TEST_DATABASE_URL, on
 * two PostgreSQL connection pools at once. The calls themselves: membership-auto-renew-api.test.ts.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { runRenewals } from "../../../src/lib/server/services/membership/renewal-job.ts";
import { TEST_CARD_CHARGE_FAILS } from "../../../src/lib/server/services/membership/saved-payment.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { send } from "../../helpers/cart.ts";
import { createFreshPostgres } from "../../helpers/postgres.ts";
import { buy } from "./membership-auto-renew-helpers.ts";

interface Servers {
  a: TestApi;
  b: TestApi;
  close(): Promise<void>;
}

const termEndOf = (rows: { validTo: Date }[]) => rows[0]?.validTo ?? new Date(Number.NaN);
const pastEnd = (at: Date, ms = 60_000) => new Date(at.getTime() + ms);

function autoRenewSuite(name: string, open: () => Promise<Servers>) {
  describe(name, () => {
    let servers: Servers;
    beforeAll(async () => {
      servers = await open();
    });
    afterAll(() => servers?.close());

    it("enrolment: autoRenewMembership yes with the test card stores the card ('Visa ending 4242', a token, never the number) and schedules the memberships", async () => {
      const { a } = servers;
      const { members, who, cartId } = await buy(a, {
        typeId: "hm-membership-dual",
        quantity: 2,
        autoRenew: true,
      });
      expect(members).toHaveLength(2);
      expect(members.map((m) => m.autoRenewState)).toEqual(["scheduled", "scheduled"]);
      const methodId = members[0]?.savedPaymentMethodId;
      expect(methodId).toBeTruthy();
      expect(members[1]?.savedPaymentMethodId).toBe(methodId);
      const [method] = await a.handle.db
        .select()
        .from(s.savedPaymentMethod)
        .where(eq(s.savedPaymentMethod.id, methodId ?? ""));
      expect(method).toMatchObject({
        gatewayId: "test",
        identifier: "Visa ending 4242",
        identityId: who.identityId,
      });
      expect(method?.providerReference).toMatch(/^pm_test_/);
      expect(JSON.stringify(method)).not.toContain("4242424242424242");
      expect(cartId).toBeTruthy();
    });

    it("no enrolment without the yes answer: the memberships are Not enrolled and no card is kept", async () => {
      const { a } = servers;
      const { members, cartId } = await buy(a, { autoRenew: false });
      expect(members.map((m) => m.autoRenewState)).toEqual([null]);
      const kept = await a.handle.db
        .select()
        .from(s.savedPaymentMethod)
        .where(eq(s.savedPaymentMethod.id, `spm_${cartId}`));
      expect(kept).toEqual([]);
    });

    it("the renewal job run twice, and on two connections at once, charges once: one renewal order, the same member IDs, the next term from the old valid_to, still scheduled, one mail", async () => {
      const { a, b } = servers;
      const { members, order } = await buy(a, { typeId: "hm-membership-dual", quantity: 2, autoRenew: true });
      const termEnd = termEndOf(members);
      const now = pastEnd(termEnd);
      const runs = await Promise.all([
        runRenewals(a.handle.db, now),
        runRenewals(b.handle.db, now),
        runRenewals(a.handle.db, now),
        runRenewals(b.handle.db, now),
      ]);
      runs.push(await runRenewals(a.handle.db, now), await runRenewals(b.handle.db, now));
      // Other tests' memberships may be due too: count this order's renewals only.
      const ids = members.map((m) => m.id);
      const renewals = await a.handle.db
        .select()
        .from(s.membershipRenewal)
        .where(inArray(s.membershipRenewal.membershipId, ids));
      expect(renewals.map((r) => r.state)).toEqual(["renewed", "renewed"]);
      const renewalOrderIds = [...new Set(renewals.map((r) => r.ticketOrderId).filter(Boolean))];
      expect(renewalOrderIds).toHaveLength(1);
      const renewalOrderId = renewalOrderIds[0] ?? "";
      const [renewalOrder] = await a.handle.db
        .select()
        .from(s.ticketOrder)
        .where(eq(s.ticketOrder.id, renewalOrderId));
      expect(renewalOrder).toMatchObject({ state: "completed", identityId: order.identity_id, total: 12000 });
      const payments = await a.handle.db
        .select()
        .from(s.payment)
        .where(eq(s.payment.cartId, renewalOrder?.cartId ?? ""));
      expect(payments.map((p) => ({ state: p.state, amount: p.amount }))).toEqual([
        { state: "succeeded", amount: 12000 },
      ]);
      const next = await a.handle.db
        .select()
        .from(s.membership)
        .where(inArray(s.membership.renewsMembershipId, ids));
      expect(next).toHaveLength(2);
      expect(new Set(next.map((m) => m.scanCode))).toEqual(new Set(members.map((m) => m.scanCode)));
      for (const m of next) {
        expect(m.validFrom.toISOString()).toBe(termEnd.toISOString());
        // P1Y at the tenant's midnight: one year after the old term's end.
        expect(m.validTo.getTime() - termEnd.getTime()).toBeGreaterThan(364 * 86_400_000);
        expect(m.autoRenewState).toBe("scheduled");
        expect(m.ticketOrderId).toBe(renewalOrderId);
      }
      const old = await a.handle.db.select().from(s.membership).where(inArray(s.membership.id, ids));
      expect(old.map((m) => m.autoRenewState)).toEqual(["renewed", "renewed"]);
      const mails = await a.handle.db
        .select()
        .from(s.outbox)
        .where(
          and(
            eq(s.outbox.kind, "membership_renewed"),
            eq(s.outbox.toAddress, members[0] ? await emailOf(a, members[0].identityId) : ""),
          ),
        );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Your Dual membership has been renewed");
      expect(mails[0]?.text).toContain("Visa ending 4242");
      expect(runs.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(1);
    });

    it("decline: a stored card whose later charges fail (4000 0000 0000 0341) marks the renewal failed, leaves the membership unrenewed and mails the member", async () => {
      const { a } = servers;
      const { members } = await buy(a, { autoRenew: true, card: TEST_CARD_CHARGE_FAILS });
      expect(members.map((m) => m.autoRenewState)).toEqual(["scheduled"]);
      const m = members[0];
      if (!m) throw new Error("no membership");
      await runRenewals(a.handle.db, pastEnd(m.validTo));
      const [renewal] = await a.handle.db
        .select()
        .from(s.membershipRenewal)
        .where(eq(s.membershipRenewal.membershipId, m.id));
      expect(renewal).toMatchObject({ state: "failed", detail: "card_declined", newMembershipId: null });
      const next = await a.handle.db
        .select()
        .from(s.membership)
        .where(eq(s.membership.renewsMembershipId, m.id));
      expect(next).toEqual([]);
      const [after1] = await a.handle.db.select().from(s.membership).where(eq(s.membership.id, m.id));
      expect(after1?.autoRenewState).toBe("failed");
      const mails = await a.handle.db
        .select()
        .from(s.outbox)
        .where(
          and(
            eq(s.outbox.kind, "membership_renewal_failed"),
            eq(s.outbox.toAddress, await emailOf(a, m.identityId)),
          ),
        );
      expect(mails).toHaveLength(1);
      // Run again: nothing more is charged or mailed.
      await runRenewals(a.handle.db, pastEnd(m.validTo, 120_000));
      const again = await a.handle.db
        .select()
        .from(s.outbox)
        .where(
          and(
            eq(s.outbox.kind, "membership_renewal_failed"),
            eq(s.outbox.toAddress, await emailOf(a, m.identityId)),
          ),
        );
      expect(again).toHaveLength(1);
    });

    it("a member who already renewed by hand (a later term follows) is not charged at term end", async () => {
      const { a } = servers;
      const { members } = await buy(a, { autoRenew: true });
      const m = members[0];
      if (!m) throw new Error("no membership");
      await a.handle.db.insert(s.membership).values({
        ...m,
        id: `${m.id}-by-hand`,
        validFrom: m.validTo,
        validTo: new Date(m.validTo.getTime() + 365 * 86_400_000),
        autoRenewState: null,
        renewsMembershipId: m.id,
      });
      await runRenewals(a.handle.db, pastEnd(m.validTo));
      const renewals = await a.handle.db
        .select()
        .from(s.membershipRenewal)
        .where(eq(s.membershipRenewal.membershipId, m.id));
      expect(renewals).toEqual([]);
    });

    it("a term not yet ended is not renewed, and a cancelled one never is", async () => {
      const { a } = servers;
      const { members, order, who } = await buy(a, { autoRenew: true });
      const m = members[0];
      if (!m) throw new Error("no membership");
      await runRenewals(a.handle.db, new Date(m.validTo.getTime() - 1000));
      const cancelled = await send(
        a,
        "DELETE",
        `/api/ticket_order/${order.id}/auto_renew?_seller=harbour-museum`,
        undefined,
        {
          cookie: who.cookie,
        },
      );
      expect(cancelled.status).toBe(200);
      await runRenewals(a.handle.db, pastEnd(m.validTo));
      const renewals = await a.handle.db
        .select()
        .from(s.membershipRenewal)
        .where(eq(s.membershipRenewal.membershipId, m.id));
      expect(renewals).toEqual([]);
    });
  });
}

async function emailOf(api: TestApi, identityId: string): Promise<string> {
  const [row] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, identityId));
  return row?.email ?? "";
}

autoRenewSuite("one PGlite database, two runs at once", async () => {
  const api = await createTestApi();
  return { a: api, b: api, close: () => api.close() };
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  autoRenewSuite("one PostgreSQL database, two servers' connection pools", async () => {
    const fresh = await createFreshPostgres(serverUrl);
    const target = { kind: "postgres" as const, url: fresh.url };
    const a = await createTestApi({ target });
    const b = await createTestApi({ target });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await fresh.drop();
      },
    };
  });
}
