/**
 * The cart calls (spec 1 §7): create-and-modify, modify, get, delete, extend and apply_code.
 * Each change runs in one transaction with the cart row locked; the answer is built after commit.
 * Time comes from the injected clock only.
 */
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CartEnvelope } from "../../../api/cart-schemas.ts";
import { splitCodeList } from "../../../domain/promo-codes.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { notFound, validationFailed } from "../../http/errors.ts";
import { requireSeller } from "../catalogue/reads.ts";
import { type Caller, ensurePublicIdentity } from "../identity/identity.ts";
import { assertCanUse, readableCart, withLockedCart } from "./access.ts";
import { assertCodeList, checkCartCode, loadCodes } from "./codes.ts";
import { holdSeconds } from "./config.ts";
import { buildCartEnvelope, expiresIn } from "./envelope.ts";
import { cartExpired, cartNotModifiable } from "./errors.ts";
import { applyModify, type CartModifyInput } from "./modify.ts";
import { heldTickets, isPastExpiry, releaseCart, releaseExpiredCarts } from "./release.ts";
import type { CartRow, Tx } from "./types.ts";

export interface CartDeps {
  db: Db;
  clock: Clock;
}

async function reload(tx: Tx, cartId: string): Promise<CartRow> {
  const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId));
  if (!cart) throw notFound("cart", cartId);
  return cart;
}

/** POST my/cart/modify: a new cart (the caller's, or the seller's public identity's) with the body applied. */
export async function createCart(
  deps: CartDeps,
  sellerRef: string | undefined,
  caller: Caller,
  body: CartModifyInput,
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  const seller = await requireSeller(db, sellerRef);
  if (body.add?.length) await releaseExpiredCarts(db, now);
  const cart = await db.transaction(async (tx) => {
    const owner =
      caller.identityId && caller.sellerId === seller.id
        ? caller.identityId
        : await ensurePublicIdentity(tx, seller.id, now);
    const [created] = await tx
      .insert(s.cart)
      .values({
        id: randomUUID(),
        sellerId: seller.id,
        cartNumber: String(randomInt(100_000_000, 999_999_999)),
        state: "pending",
        identityId: owner,
        createdAt: now,
        expiresAt: new Date(now.getTime() + holdSeconds() * 1000),
      })
      .returning();
    if (!created) throw new Error("cart insert returned no row");
    return applyModify(tx, created, body, { now, caller, isNew: true });
  });
  return buildCartEnvelope(db, cart.cart, now, cart.tickets);
}

/** POST my/cart/{id}/modify. */
export async function modifyCart(
  deps: CartDeps,
  cartId: string,
  caller: Caller,
  body: CartModifyInput,
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  if (body.add?.length) await releaseExpiredCarts(db, now);
  const changed = await withLockedCart(db, cartId, caller, now, (tx, locked) =>
    applyModify(tx, locked, body, { now, caller }),
  );
  return buildCartEnvelope(db, changed.cart, now, changed.tickets);
}

/** GET my/cart/{id} and GET cart/{id}. */
export async function getCart(deps: CartDeps, cartId: string, caller: Caller): Promise<CartEnvelope> {
  const now = deps.clock.now();
  const cart = await readableCart(deps.db, cartId, caller, now);
  return buildCartEnvelope(deps.db, cart, now);
}

/** DELETE my/cart/{id}: releases every hold; deleting a deleted cart again is a no-op. */
export async function deleteCart(deps: CartDeps, cartId: string, caller: Caller): Promise<void> {
  const now = deps.clock.now();
  const expired = await deps.db.transaction(async (tx) => {
    const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId)).for("update");
    if (!cart) throw notFound("cart", cartId);
    assertCanUse(cart, caller);
    if (isPastExpiry(cart, now)) {
      await releaseCart(tx, cart, "expired");
      return true;
    }
    if (cart.state === "expired") return true;
    if (cart.state === "deleted") return false;
    if (cart.state !== "pending") throw cartNotModifiable(cart.id, cart.state, cart.ticketOrderId);
    await releaseCart(tx, cart, "deleted");
    return false;
  });
  if (expired) throw cartExpired(cartId);
}

/**
 * PATCH my/cart/{id}: a new expires_at, in the future and at most now + the hold length.
 * Shortening is allowed: it only frees the caller's own holds sooner.
 */
export async function extendCart(deps: CartDeps, cartId: string, caller: Caller, expiresAtText: string) {
  const now = deps.clock.now();
  const expiresAt = new Date(expiresAtText);
  if (Number.isNaN(expiresAt.getTime()))
    throw validationFailed("expires_at is not a date-time.", { field: "expires_at" });
  const latest = now.getTime() + holdSeconds() * 1000;
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > latest) {
    throw validationFailed("expires_at must be in the future and within the hold length.", {
      field: "expires_at",
      max: new Date(latest).toISOString(),
    });
  }
  const cart = await withLockedCart(deps.db, cartId, caller, now, async (tx, locked) => {
    await tx.update(s.cart).set({ expiresAt }).where(eq(s.cart.id, locked.id));
    return reload(tx, locked.id);
  });
  return {
    cart: {
      _count: 1,
      _data: [
        { id: cart.id, expires_at: cart.expiresAt?.toISOString() ?? null, expires_in: expiresIn(cart, now) },
      ],
    },
  };
}

/** POST my/cart/{id}/apply_code: one code or a comma-separated list. */
export async function applyCode(
  deps: CartDeps,
  cartId: string,
  caller: Caller,
  input: { code: string; require_benefit?: boolean },
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  const list = splitCodeList(input.code);
  const cart = await withLockedCart(db, cartId, caller, now, async (tx, locked) => {
    assertCodeList(list, locked.codes);
    const rows = await loadCodes(tx, locked.sellerId, list);
    const ticketTypeIds = (await heldTickets(tx, locked.id)).map((t) => t.ticketTypeId);
    const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, locked.sellerId));
    const citypass = seller ? getTenant(seller.slug)?.web.citypass : undefined;
    const options = { now, ticketTypeIds, requireBenefit: input.require_benefit !== false, citypass };
    const codes = [...locked.codes, ...list.map((c) => checkCartCode(c, rows.get(c), options))];
    await tx.update(s.cart).set({ codes }).where(eq(s.cart.id, locked.id));
    return reload(tx, locked.id);
  });
  return buildCartEnvelope(db, cart, now);
}
