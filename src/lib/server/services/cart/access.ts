/**
 * Loading a cart for a call: 404 when unknown, 403 when it belongs to a logged-in identity other
 * than the caller, 410 after its expiry (its holds are released first, in a committed
 * transaction), 409 when it is booked or deleted and the call would change it.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { inDatabase, type Tx } from "../../db/executor.ts";
import { type LastStatements, lastStatements, transactionEndingWith } from "../../db/last-statements.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { type Caller, isPublicIdentity } from "../identity/identity.ts";
import { cartExpired, cartNotModifiable, forbidden } from "./errors.ts";
import { isPastExpiry, releaseCart } from "./release.ts";
import type { CartRow } from "./types.ts";

/**
 * Spec §6: a public-identity cart may be used by anyone holding its id; a user's cart only by that
 * user. A cart belongs to its seller: in another seller's storefront it is not found, the same
 * answer as an unknown id, before any owner check (so nothing tells it exists).
 */
export function assertCanUse(cart: CartRow, caller: Caller): void {
  if (caller.storefrontSellerId !== undefined && cart.sellerId !== caller.storefrontSellerId)
    throw notFound("cart", cart.id);
  if (isPublicIdentity(cart.identityId, cart.sellerId)) return;
  if (caller.identityId !== cart.identityId) throw forbidden();
}

type Outcome<T> = { expired: true } | { expired: false; value: T };

/** The cart row, locked for the transaction (SELECT ... FOR UPDATE; a query built once). */
export async function selectCartForUpdate(tx: Tx, cartId: string): Promise<CartRow | undefined> {
  const [cart] = await runShaped(
    tx,
    "cart_lock",
    () =>
      tx
        .select()
        .from(s.cart)
        .where(eq(s.cart.id, sql.placeholder("id")))
        .for("update"),
    { id: cartId },
  );
  return cart;
}

/** The cart row locked for the transaction, checked: the caller's, pending, not past its expiry. */
async function lockCart(
  tx: Tx,
  cartId: string,
  caller: Caller,
  now: Date,
  options: { sellerId?: string },
): Promise<CartRow | "expired"> {
  const cart = await selectCartForUpdate(tx, cartId);
  if (!cart || (options.sellerId && cart.sellerId !== options.sellerId)) throw notFound("cart", cartId);
  assertCanUse(cart, caller);
  if (isPastExpiry(cart, now)) {
    await releaseCart(tx, cart, "expired");
    return "expired";
  }
  if (cart.state === "expired") return "expired";
  if (cart.state !== "pending") throw cartNotModifiable(cart.id, cart.state, cart.ticketOrderId);
  return cart;
}

/**
 * Runs `work` in one transaction with the cart row locked (SELECT ... FOR UPDATE), after the
 * owner, state and expiry checks. An expired cart is released and committed, then 410.
 */
export async function withLockedCart<T>(
  db: Db,
  cartId: string,
  caller: Caller,
  now: Date,
  work: (tx: Tx, cart: CartRow) => Promise<T>,
  options: { sellerId?: string } = {},
): Promise<T> {
  const outcome: Outcome<T> = await db.transaction(async (opened) => {
    const tx = inDatabase(opened, db);
    const cart = await lockCart(tx, cartId, caller, now, options);
    return cart === "expired" ? { expired: true } : { expired: false, value: await work(tx, cart) };
  });
  if (outcome.expired) throw cartExpired(cartId);
  return outcome.value;
}

/**
 * withLockedCart whose work ends with statements sent with the COMMIT (db/last-statements.ts): an
 * add to a cart, whose capacity rows are the last thing it takes. Only for work without effects
 * outside the database: the transaction may run again.
 */
export async function withLockedCartAtCommit<T>(
  db: Db,
  cartId: string,
  caller: Caller,
  now: Date,
  work: (tx: Tx, cart: CartRow) => Promise<LastStatements<T>>,
): Promise<T> {
  const outcome: Outcome<T> = await transactionEndingWith(db, async (tx) => {
    const cart = await lockCart(tx, cartId, caller, now, {});
    if (cart === "expired") return lastStatements(Promise.resolve({ expired: true as const }));
    const last = await work(tx, cart);
    return lastStatements(last.answer.then((value) => ({ expired: false as const, value })));
  });
  if (outcome.expired) throw cartExpired(cartId);
  return outcome.value;
}

/** A cart to read (no lock): the same 404, 403 and 410 checks; booked and deleted carts are readable. */
export async function readableCart(db: Db, cartId: string, caller: Caller, now: Date): Promise<CartRow> {
  const [cart] = await db.select().from(s.cart).where(eq(s.cart.id, cartId));
  if (!cart) throw notFound("cart", cartId);
  assertCanUse(cart, caller);
  if (isPastExpiry(cart, now)) {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId)).for("update");
      if (locked && isPastExpiry(locked, now)) await releaseCart(tx, locked, "expired");
    });
    throw cartExpired(cartId);
  }
  if (cart.state === "expired") throw cartExpired(cartId);
  return cart;
}
