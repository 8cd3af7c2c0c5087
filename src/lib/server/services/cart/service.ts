/**
 * The cart calls (spec 1 §7): create-and-modify, modify, get, delete, extend and apply_code.
 * Each change runs in one transaction with the cart row locked, the capacity counters changed last;
 * the answer is built after commit from the rows in hand and the static-row cache.
 * Time comes from the injected clock only.
 */
import { eq } from "drizzle-orm";
import type { CartEnvelope } from "../../../api/cart/schemas.ts";
import { splitCodeList } from "../../../domain/promo-codes.ts";
import { askedLanguage } from "../../../tenant/languages.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import { transactionEndingWith } from "../../db/last-statements.ts";
import { postgresError } from "../../db/pg-error.ts";
import { insertShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { ApiError, notFound, validationFailed } from "../../errors/api-error.ts";
import { instalmentTickets } from "../checkout/instalment.ts";
import { type Caller, forgetPublicIdentity, rememberedPublicIdentity } from "../identity/identity.ts";
import { assertAdmitted } from "../waiting-room/guard.ts";
import { assertCanUse, readableCart, withLockedCart, withLockedCartAtCommit } from "./access.ts";
import { assertCodeList, checkCartCode, explainHeldVoucher, loadCodes } from "./codes.ts";
import { holdSeconds } from "./config.ts";
import { buildCartEnvelope, expiresIn } from "./envelope.ts";
import { cartExpired, cartNotModifiable } from "./errors.ts";
import { withLineKinds } from "./line-kinds.ts";
import { applyModifyAtCommit, type CartModifyInput } from "./modify.ts";
import { newPendingCart, withUnusedCartNumber } from "./new-cart.ts";
import { heldTickets, isPastExpiry, releaseCart, releaseExpiredCarts, sweepBeforeAdd } from "./release.ts";
import { cachedSeller, cachedSellerById } from "./static-rows.ts";
import type { CartRow } from "./types.ts";

export interface CartDeps {
  db: Db;
  clock: Clock;
}

async function reload(tx: Tx, cartId: string): Promise<CartRow> {
  const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId));
  if (!cart) throw notFound("cart", cartId);
  return cart;
}

/** Refusals an expired hold can cause (its places, seat or voucher use); sweeping may lift them. */
const HOLD_REFUSALS = new Set([
  "session_capacity_exceeded",
  "event_session_sold_out",
  "ticket_group_capacity_exceeded",
  "ticket_group_sold_out",
  "seat_unavailable",
  "code_exhausted",
  "code_held",
]);

function refusedForHolds(error: unknown): boolean {
  return error instanceof ApiError && error.items.some((item) => HOLD_REFUSALS.has(item._code));
}

/**
 * Runs an add after the throttled sweep (release.ts); when the add is refused for places, a seat
 * or a voucher use, a full sweep runs and, if it released anything, the add is tried once more,
 * so an expired hold never blocks a sale.
 */
async function afterSweep<T>(db: Db, now: Date, adds: boolean, run: () => Promise<T>): Promise<T> {
  if (!adds) return run();
  await sweepBeforeAdd(db, now);
  try {
    return await run();
  } catch (error) {
    if (!refusedForHolds(error) || (await releaseExpiredCarts(db, now)) === 0) throw error;
    return run();
  }
}

/** PostgreSQL's foreign_key_violation. */
const isForeignKeyViolation = (error: unknown) => postgresError(error, "23503") !== undefined;

/** The on-sale line's check of a shopper's add (services/waiting-room/guard.ts); none at the desk. */
function lineGuard(tx: Tx, sellerId: string, caller: Caller, now: Date) {
  if (caller.staffSale) return undefined;
  return (eventIds: readonly string[]) => assertAdmitted(tx, sellerId, eventIds, caller.admissionToken, now);
}

/**
 * POST my/cart/modify: a new cart (the caller's, or the seller's public identity's) with the body
 * applied. A shopper's cart is made in the call's language (`asked`, its `_lang`): the language its
 * checkout keeps on the cart for the order, so a checkout in the same language writes nothing more.
 * Without one (the desk, the compatibility call) the cart has none until its checkout names it.
 */
export async function createCart(
  deps: CartDeps,
  sellerRef: string | undefined,
  caller: Caller,
  body: CartModifyInput,
  language?: { asked: string | undefined },
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  const seller = await cachedSeller(db, sellerRef);
  const tenant = language ? getTenant(seller.slug) : undefined;
  const cartLanguage = tenant && language ? askedLanguage(tenant, language.asked) : null;
  const ownedByCaller = caller.identityId !== null && caller.sellerId === seller.id;
  const create = async (owner: string) => {
    // The capacity rows are taken by the last statement, sent with the COMMIT; a cart number
    // already taken runs the whole transaction again with another.
    const changed = await withUnusedCartNumber(
      () => newPendingCart({ sellerId: seller.id, identityId: owner }, now, { language: cartLanguage }),
      (created) =>
        transactionEndingWith(db, (tx) =>
          applyModifyAtCommit(tx, created, body, {
            db,
            now,
            caller,
            isNew: true,
            alongside: () => insertShaped(tx, "cart_insert", s.cart, [created], false),
            beforeAdd: lineGuard(tx, seller.id, caller, now),
          }),
        ),
    );
    return buildCartEnvelope(db, changed.cart, now, changed.tickets, { ...changed.known, payments: [] });
  };
  return afterSweep(db, now, Boolean(body.add?.length), async () => {
    if (ownedByCaller && caller.identityId) return create(caller.identityId);
    try {
      return await create(await rememberedPublicIdentity(db, seller.id, now));
    } catch (error) {
      // The remembered public identity is gone (a demo reseed): make it again, once.
      if (!isForeignKeyViolation(error)) throw error;
      forgetPublicIdentity(db, seller.id);
      return create(await rememberedPublicIdentity(db, seller.id, now));
    }
  });
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
  return afterSweep(db, now, Boolean(body.add?.length), async () => {
    // The capacity rows are taken by the last statement, sent with the COMMIT.
    const changed = await withLockedCartAtCommit(db, cartId, caller, now, (tx, locked) =>
      applyModifyAtCommit(tx, locked, body, {
        db,
        now,
        caller,
        beforeAdd: lineGuard(tx, locked.sellerId, caller, now),
      }),
    );
    return buildCartEnvelope(db, changed.cart, now, changed.tickets, changed.known);
  });
}

/** GET my/cart/{id} and GET cart/{id}. */
export async function getCart(deps: CartDeps, cartId: string, caller: Caller): Promise<CartEnvelope> {
  const now = deps.clock.now();
  const cart = await readableCart(deps.db, cartId, caller, now);
  // A booked order that still owes instalments shows them to its owner (checkout/instalment.ts).
  return buildCartEnvelope(deps.db, cart, now, await instalmentTickets(deps.db, cart, caller, now));
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
    // A part-paid plan cart has no expiry (checkout/plan.ts) and gets none back.
    if (locked.expiresAt !== null) await tx.update(s.cart).set({ expiresAt }).where(eq(s.cart.id, locked.id));
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
  const cart = await withLockedCart(db, cartId, caller, now, (tx, locked) =>
    explainHeldVoucher(tx, locked, async () => {
      assertCodeList(list, locked.codes);
      const rows = await loadCodes(tx, locked.sellerId, list);
      const lines = await withLineKinds(tx, await heldTickets(tx, locked.id));
      const seller = await cachedSellerById(db, tx, locked.sellerId);
      const citypass = seller ? getTenant(seller.slug)?.web.citypass : undefined;
      const options = { now, lines, requireBenefit: input.require_benefit !== false, citypass };
      const codes = [...locked.codes, ...list.map((c) => checkCartCode(c, rows.get(c), options))];
      await tx.update(s.cart).set({ codes }).where(eq(s.cart.id, locked.id));
      return reload(tx, locked.id);
    }),
  );
  return buildCartEnvelope(db, cart, now);
}
