/**
 * Giving holds back: a removed ticket, a deleted cart, an expired cart. The ticket becomes
 * cancelled, its places go back to the session and group counters, its seat is freed and its
 * voucher use is returned. The expired-cart sweeper releases carts whose expiry has passed.
 * A payment-plan cart with a payment toward it has no expiry (expires_at null, set by
 * checkout/plan.ts), so neither the sweeper nor a lazy expiry releases it: its holds stay, counted,
 * until it is checked out or deleted.
 */
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { refundCartPayments } from "../../payments/refund.ts";
import { applyCapacityDeltas, releaseDeltas } from "./counters.ts";
import type { CartRow, TicketRow } from "./types.ts";

/**
 * Marks tickets cancelled and frees their seats and voucher uses (not the counters). `seatState`
 * is the state their seats are in: held for a cart's holds, booked for a cancelled order's tickets.
 */
export async function cancelTickets(
  tx: Tx,
  tickets: readonly TicketRow[],
  seatState: "held" | "booked" = "held",
): Promise<void> {
  if (!tickets.length) return;
  await tx
    .update(s.ticket)
    .set({ state: "cancelled" })
    .where(
      inArray(
        s.ticket.id,
        tickets.map((t) => t.id),
      ),
    );
  const seats = tickets.flatMap((t) =>
    t.seatTemplateId && t.eventSessionId
      ? [
          and(
            eq(s.sessionSeat.eventSessionId, t.eventSessionId),
            eq(s.sessionSeat.seatTemplateId, t.seatTemplateId),
          ),
        ]
      : [],
  );
  if (seats.length) {
    await tx.delete(s.sessionSeat).where(and(eq(s.sessionSeat.state, seatState), or(...seats)));
  }
  await returnVoucherUses(tx, tickets);
}

/** Gives back one use per ticket reserved with a voucher, in code order. */
export async function returnVoucherUses(
  tx: Tx,
  tickets: readonly { sellerId: string; code: string | null }[],
): Promise<void> {
  const perCode = new Map<string, { sellerId: string; n: number }>();
  for (const t of tickets) {
    if (!t.code) continue;
    const key = `${t.sellerId}\u0000${t.code}`;
    const entry = perCode.get(key) ?? { sellerId: t.sellerId, n: 0 };
    entry.n += 1;
    perCode.set(key, entry);
  }
  for (const [key, { sellerId, n }] of [...perCode].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const code = key.split("\u0000")[1] ?? "";
    await tx
      .update(s.code)
      .set({ uses: sql`greatest(${s.code.uses} - ${n}, 0)` })
      .where(and(eq(s.code.sellerId, sellerId), eq(s.code.code, code)));
  }
}

export async function heldTickets(tx: Tx | Db, cartId: string): Promise<TicketRow[]> {
  return runShaped(
    tx,
    "cart_held_tickets",
    () =>
      tx
        .select()
        .from(s.ticket)
        .where(and(eq(s.ticket.cartId, sql.placeholder("cart")), eq(s.ticket.state, "held")))
        .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id)),
    { cart: cartId },
  );
}

/**
 * Releases every hold of a locked cart and moves it to `state` (expired or deleted); the counters
 * change last, like a reserve takes them (counters.ts). What the cart's payments took is given
 * back first (payments/refund.ts: gift cards credited, card payments refunded through their gateway).
 */
export async function releaseCart(tx: Tx, cart: CartRow, state: "expired" | "deleted"): Promise<void> {
  await refundCartPayments(tx, cart.id);
  const tickets = await heldTickets(tx, cart.id);
  const { sessions, groups } = releaseDeltas(tickets);
  await cancelTickets(tx, tickets);
  await tx.update(s.cart).set({ state, expiresAt: null }).where(eq(s.cart.id, cart.id));
  await applyCapacityDeltas(tx, sessions, groups);
}

export function isPastExpiry(cart: Pick<CartRow, "state" | "expiresAt">, now: Date): boolean {
  return cart.state === "pending" && cart.expiresAt !== null && cart.expiresAt.getTime() <= now.getTime();
}

/**
 * The sweeper: releases pending carts whose expiry has passed, each in its own short transaction.
 * A cart another transaction holds is skipped (FOR UPDATE SKIP LOCKED) and picked up next time.
 * Returns the number of carts released.
 */
export async function releaseExpiredCarts(db: Db, now: Date, limit = 200): Promise<number> {
  const due = await db
    .select({ id: s.cart.id })
    .from(s.cart)
    .where(and(eq(s.cart.state, "pending"), lte(s.cart.expiresAt, now)))
    .orderBy(asc(s.cart.expiresAt))
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [cart] = await tx
        .select()
        .from(s.cart)
        .where(eq(s.cart.id, id))
        .for("update", { skipLocked: true });
      if (!cart || !isPastExpiry(cart, now)) return false;
      await releaseCart(tx, cart, "expired");
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/** At most one sweep before an add per second (by the injected clock) and database handle. */
export const SWEEP_BEFORE_ADD_MS = 1_000;
const lastSweepBeforeAdd = new WeakMap<Db, number>();

/**
 * The sweep an add runs first, throttled: the 30 s sweeper and the retry of an add refused for
 * capacity (service.ts) make sure an expired hold never blocks a sale in between.
 */
export async function sweepBeforeAdd(db: Db, now: Date): Promise<void> {
  const last = lastSweepBeforeAdd.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_BEFORE_ADD_MS) return;
  lastSweepBeforeAdd.set(db, now.getTime());
  await releaseExpiredCarts(db, now);
}
