/**
 * The code guessing brake (lookup-limits.ts, CODE_LOOKUPS) on the cart calls that name codes:
 * POST my/cart/modify and my/cart/{id}/modify (pre-, post-reserve and preloaded promo codes, and
 * the voucher of a code-required ticket) and my/cart/{id}/apply_code. Each code the call names that
 * the cart does not hold yet is one lookup; a call that names none is not braked at all, so adding
 * tickets never counts. A refused code is a miss, and so is a preloaded code that was skipped
 * silently (its absence from the answer would otherwise be a free oracle).
 */
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { CartEnvelope } from "../../api/cart/schemas.ts";
import { normalizeCode, splitCodeList } from "../../domain/promo-codes.ts";
import * as s from "../db/schema.ts";
import type { ApiEnv } from "../request/env.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";
import { CODE_LOOKUPS, codeMisses, withLookupBrake } from "./lookup-limits.ts";

/** The code fields of a cart modify body. */
export interface CodesOfModify {
  add?: readonly { code?: string | undefined }[] | undefined;
  preReservePromoCodes?: readonly string[] | undefined;
  postReservePromoCodes?: readonly string[] | undefined;
  preloadedPromoCodes?: readonly string[] | undefined;
  /** The gift-of-membership code being redeemed is a guessable secret too. */
  redeemMembership?: string | undefined;
}

const fresh = (named: Iterable<string>, held: readonly string[]) => {
  const have = new Set(held.map(normalizeCode));
  return [...new Set([...named].map(normalizeCode))].filter((c) => !have.has(c));
};

/** Codes of a modify body that are new to the cart (normalized, each once). */
export function newCodesOfModify(body: CodesOfModify, held: readonly string[]): string[] {
  return fresh(
    [
      ...(body.preReservePromoCodes ?? []),
      ...(body.postReservePromoCodes ?? []),
      ...(body.preloadedPromoCodes ?? []),
      ...(body.add ?? []).flatMap((line) => (line.code ? [line.code] : [])),
      ...(body.redeemMembership?.trim() ? [body.redeemMembership] : []),
    ],
    held,
  );
}

/** Codes of an apply_code list that are new to the cart. */
export const newCodesOfList = (list: string, held: readonly string[]) => fresh(splitCodeList(list), held);

/** Preloaded codes that the answer's cart does not hold: skipped silently, so misses. */
function skippedPreloaded(body: CodesOfModify, held: readonly string[], answer: CartEnvelope): number {
  const preloaded = fresh(body.preloadedPromoCodes ?? [], held);
  const kept = new Set(answer.cart._data[0]?.codes.map((c) => normalizeCode(c.code)) ?? []);
  return preloaded.filter((c) => !kept.has(c)).length;
}

async function cartCodes(c: Context<ApiEnv>, cartId: string) {
  const [row] = await c
    .get("deps")
    .db.select({ sellerId: s.cart.sellerId, codes: s.cart.codes })
    .from(s.cart)
    .where(eq(s.cart.id, cartId))
    .limit(1);
  return row;
}

/** A cart modify (new cart: `target.sellerRef`; existing: `target.cartId`) under the brake. */
export async function modifyWithCodeBrake(
  c: Context<ApiEnv>,
  target: { cartId: string } | { sellerRef: string | undefined },
  body: CodesOfModify,
  run: () => Promise<CartEnvelope>,
): Promise<CartEnvelope> {
  if (!newCodesOfModify(body, []).length) return run();
  let sellerId: string;
  let held: readonly string[] = [];
  if ("cartId" in target) {
    const cart = await cartCodes(c, target.cartId);
    if (!cart) return run(); // the service answers 404
    sellerId = cart.sellerId;
    held = cart.codes;
  } else {
    sellerId = (await cachedSeller(c.get("deps").db, target.sellerRef)).id;
  }
  return withLookupBrake(c, {
    policy: CODE_LOOKUPS,
    sellerId,
    weight: newCodesOfModify(body, held).length,
    run,
    missesOfError: codeMisses,
    missesOfAnswer: (answer) => skippedPreloaded(body, held, answer),
  });
}

/** POST my/cart/{id}/apply_code under the brake. */
export async function applyWithCodeBrake(
  c: Context<ApiEnv>,
  cartId: string,
  list: string,
  run: () => Promise<CartEnvelope>,
): Promise<CartEnvelope> {
  const cart = await cartCodes(c, cartId);
  if (!cart) return run();
  return withLookupBrake(c, {
    policy: CODE_LOOKUPS,
    sellerId: cart.sellerId,
    weight: newCodesOfList(list, cart.codes).length,
    run,
    missesOfError: codeMisses,
  });
}

/** GET code/{code} under the brake: one lookup, a 404 is a miss. */
export function lookupWithCodeBrake<T>(
  c: Context<ApiEnv>,
  sellerId: string,
  run: () => Promise<T>,
): Promise<T> {
  return withLookupBrake(c, { policy: CODE_LOOKUPS, sellerId, run, missesOfError: codeMisses });
}
