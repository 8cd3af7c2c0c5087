/**
 * Two staff refunding the same order at once never give back more than was paid: each refund
 * locks the order before reading what is left, so the second reads what the first gave back.
 * On PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { refundOrder } from "../../../src/lib/server/services/admin/orders/index.ts";
import type { TestApi } from "../../helpers/api.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";
import { buyHarbourOrder, staffActor, usedCapacity } from "./helpers.ts";

async function refundedOf(api: TestApi, orderId: string): Promise<{ paid: number; refunded: number }> {
  const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  const rows = await api.handle.db
    .select()
    .from(s.payment)
    .where(inArray(s.payment.cartId, [order?.cartId ?? ""]));
  const sum = (xs: typeof rows) => xs.reduce((n, p) => n + p.amount, 0);
  return {
    paid: sum(rows.filter((p) => !p.refundOfPaymentId && p.state === "succeeded")),
    refunded: sum(rows.filter((p) => p.refundOfPaymentId)),
  };
}

async function race(api: TestApi): Promise<void> {
  const [one, two] = [
    await staffActor(api, "harbour-museum", "admin"),
    await staffActor(api, "harbour-museum", "box_office", 100_000),
  ];
  if (!one || !two) throw new Error("no actors");
  const now = api.clock.now();

  // Two whole-order refunds: one gives back everything, the other finds nothing left.
  const whole = await buyHarbourOrder(api, { quantity: 2, offset: 0, tag: "race-whole" });
  const wholeAnswers = await Promise.allSettled(
    [one, two].map((actor) =>
      refundOrder(
        api.handle.db,
        actor,
        { orderId: whole.orderId, scope: { kind: "order" }, reason: "race" },
        now,
      ),
    ),
  );
  expect(wholeAnswers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
  expect(await refundedOf(api, whole.orderId)).toEqual({ paid: 5300, refunded: 5300 });
  expect(await usedCapacity(api, whole.sessionId)).toBe(0);

  // Four amount refunds of 20.00 on 53.00 paid: two fit, the others exceed what is left.
  const parts = await buyHarbourOrder(api, { quantity: 2, offset: 1, tag: "race-amount" });
  const partAnswers = await Promise.allSettled(
    [one, two, one, two].map((actor) =>
      refundOrder(
        api.handle.db,
        actor,
        { orderId: parts.orderId, scope: { kind: "amount", amount: "20.00" }, reason: "race" },
        now,
      ),
    ),
  );
  expect(partAnswers.filter((a) => a.status === "fulfilled")).toHaveLength(2);
  expect(await refundedOf(api, parts.orderId)).toEqual({ paid: 5300, refunded: 4000 });

  // A whole-order refund racing a ticket refund and an amount: never more than paid.
  const mixed = await buyHarbourOrder(api, { quantity: 2, offset: 2, tag: "race-mixed" });
  await Promise.allSettled([
    refundOrder(
      api.handle.db,
      one,
      { orderId: mixed.orderId, scope: { kind: "order" }, reason: "race" },
      now,
    ),
    refundOrder(
      api.handle.db,
      two,
      {
        orderId: mixed.orderId,
        scope: { kind: "tickets", ticketIds: [mixed.ticketIds[0] ?? ""] },
        reason: "race",
      },
      now,
    ),
    refundOrder(
      api.handle.db,
      two,
      { orderId: mixed.orderId, scope: { kind: "amount", amount: "30.00" }, reason: "race" },
      now,
    ),
  ]);
  const mixedSums = await refundedOf(api, mixed.orderId);
  expect(mixedSums.refunded).toBeLessThanOrEqual(mixedSums.paid);
  expect(await usedCapacity(api, mixed.sessionId)).toBe(0);
}

describe("staff refunding one order at once never give back more than was paid", () => {
  itOnEachDatabase(race);
});
