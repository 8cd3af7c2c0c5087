/**
 * The frame of every checkout and pay call: one transaction with the cart row locked, the stored
 * answer replayed for a known idempotency key (the same key with another body is 422), a booked
 * cart refused with the spec's text, an expired cart released (its payments refunded) and
 * answered 410 after the release is committed. A double submit without a key waits on the lock
 * and then finds the cart booked.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CheckoutAnswer } from "../../../api/checkout/schemas.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import { transactionBegunWithWork } from "../../db/last-statements.ts";
import * as s from "../../db/schema.ts";
import { startNow } from "../../db/sequenced.ts";
import { assertCheckoutNotBlocked } from "../cart/blocking.ts";
import { cartNotModifiable } from "../cart/errors.ts";
import { heldTickets, isPastExpiry, releaseCart } from "../cart/release.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import type { Caller } from "../identity/identity.ts";
import { lockCart } from "./cart-state.ts";
import { cartBooked, checkoutCartExpired, idempotencyKeyReused } from "./errors.ts";

export function requestHash(operation: string, body: unknown): string {
  return createHash("sha256").update(JSON.stringify({ operation, body })).digest("hex");
}

type Outcome = { expired: true } | { expired: false; answer: CheckoutAnswer };

export interface GuardOptions {
  db: Db;
  cartId: string;
  caller: Caller;
  now: Date;
  key: string | null;
  hash: string;
  /** A booked cart: answer here (e.g. completing a pending payment) or undefined for the 409. */
  onBooked?: (tx: Tx, cart: CartRow) => Promise<CheckoutAnswer | undefined>;
}

/** What a checkout reads first about a cart it may check out, sent with the code check's read. */
type FirstReads<R> = (tx: Tx, cart: CartRow, tickets: readonly TicketRow[]) => Promise<R>;

export async function guardedCheckout<R = undefined>(
  options: GuardOptions,
  /**
   * The checkout itself, given the cart's held tickets (read once, for the code check and for it)
   * and what `reads` answered.
   */
  work: (tx: Tx, cart: CartRow, tickets: readonly TicketRow[], first: R) => Promise<CheckoutAnswer>,
  /** Reads the work starts with, sent in the code check's round trip; refused carts discard them. */
  reads?: FirstReads<R>,
): Promise<CheckoutAnswer> {
  const { db, cartId, caller, now, key, hash } = options;
  // BEGIN sent with the cart's lock (db/last-statements.ts); its server keys (the manage link's, the
  // line's) read once per database (server-keys.ts).
  const outcome: Outcome = await transactionBegunWithWork(db, async (tx) => {
    // The held tickets are read in the lock's round trip, after it: both are sent where they are
    // called, through the same path, so in this order, and PostgreSQL reads the tickets once the
    // lock is taken. They are used only for a cart the caller may check out.
    const locked = lockCart(tx, cartId, caller);
    const held = startNow(heldTickets(tx, cartId));
    held.catch(() => {});
    const cart = await locked;
    if (key) {
      const [stored] = await tx
        .select()
        .from(s.checkoutIdempotency)
        .where(and(eq(s.checkoutIdempotency.cartId, cart.id), eq(s.checkoutIdempotency.key, key)));
      if (stored) {
        if (stored.requestHash !== hash) throw idempotencyKeyReused();
        return { expired: false, answer: stored.answer as CheckoutAnswer };
      }
    }
    let answer: CheckoutAnswer | undefined;
    if (cart.state === "booked" && cart.ticketOrderId) {
      answer = await options.onBooked?.(tx, cart);
      if (!answer) throw cartBooked(cart.id, cart.ticketOrderId);
    } else {
      if (isPastExpiry(cart, now)) {
        await releaseCart(tx, cart, "expired");
        return { expired: true };
      }
      if (cart.state === "expired") return { expired: true };
      if (cart.state !== "pending") throw cartNotModifiable(cart.id, cart.state, cart.ticketOrderId);
      // Spec 2 §2: a cart blocked until a code is entered takes no payment and cannot be checked out.
      const tickets = await held;
      const [, first] = await Promise.all([
        assertCheckoutNotBlocked(tx, cart, tickets),
        reads ? reads(tx, cart, tickets) : (undefined as R),
      ]);
      answer = await work(tx, cart, tickets, first);
    }
    if (key) {
      await tx
        .insert(s.checkoutIdempotency)
        .values({ cartId: cart.id, key, requestHash: hash, answer, createdAt: now });
    }
    return { expired: false, answer };
  });
  if (outcome.expired) throw checkoutCartExpired(cartId);
  return outcome.answer;
}
