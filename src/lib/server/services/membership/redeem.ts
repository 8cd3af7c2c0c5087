/**
 * Redeeming a gift of membership (spec 2 §2 `/membership/redeem`, §4 gift code states, §8 texts,
 * §9 at most 3 levels):
 * - lookup: the code (kind gift_membership) answered with its state and the levels of its program
 *   a redeemer may choose (domain/membership/redeem.ts redeemChoices);
 * - cart modify with `redeemMembership` refuses an invalid, expired or used code;
 * - the cart's totals take the gift's value off the chosen level's price (a cart mod named after
 *   the code, like a promo code's), so the redeemer checks out free or pays the difference;
 * - checkout claims the code with one conditional UPDATE before any payment is taken, so of any
 *   number of parallel checkouts exactly one redeems it; the others fail with 'This code has
 *   already been redeemed' and roll back.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { TotalsCode } from "../../../domain/cart-totals.ts";
import {
  type GiftCodeProblem,
  giftCodeState,
  isGiftCodeFormat,
  normalizeGiftCode,
  redeemChoices,
} from "../../../domain/membership/redeem.ts";
import { msg } from "../../../domain/messages.ts";
import { readBenefit } from "../../../domain/promo-codes.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { type ApiError, fail } from "../../errors/api-error.ts";
import type { CodeIn } from "../../errors/catalogue.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { assertGiftee } from "./giftee.ts";

type CodeRow = typeof s.code.$inferSelect;

const ERROR_CODES: Record<GiftCodeProblem, CodeIn<"code">> = {
  invalid: "code_not_found",
  expired: "code_expired",
  exhausted: "code_exhausted",
};

/** 422 with the spec's text (spec 2 §8), context redeem_membership and the code in _extra. */
export function giftCodeError(problem: GiftCodeProblem, code: string): ApiError {
  return fail(ERROR_CODES[problem], {
    // The spec's words (GIFT_CODE_TEXTS), as the tenant's strings say them in the call's language.
    message: msg(`membership.redeem.${problem}`),
    context: "redeem_membership",
    extra: { code },
  });
}

export interface GiftFacts {
  row: CodeRow;
  /** The gifted level (ticket type) and its program (the membership ticket group). */
  levelId: string;
  programId: string;
  /** Minor units the gift is worth: its benefit's amount_off, else the gifted level's price. */
  value: number;
}

/** The gift code row of `input` at the seller, or undefined (unknown, not a gift, bad format). */
export async function findGiftCode(
  ex: Executor,
  sellerId: string,
  input: string,
): Promise<CodeRow | undefined> {
  if (!isGiftCodeFormat(input)) return undefined;
  const [row] = await ex
    .select()
    .from(s.code)
    .where(
      and(
        eq(s.code.sellerId, sellerId),
        eq(s.code.code, normalizeGiftCode(input)),
        eq(s.code.kind, "gift_membership"),
      ),
    )
    .limit(1);
  return row;
}

/** What a gift code row gives: its level, program and value; undefined when its level is gone. */
export async function giftFacts(ex: Executor, row: CodeRow): Promise<GiftFacts | undefined> {
  const benefit = readBenefit(row.benefit);
  const levelId = benefit.ticket_type_ids?.[0];
  if (!levelId) return undefined;
  const [level] = await ex
    .select({ id: s.ticketType.id, groupId: s.ticketType.ticketGroupId, price: s.ticketType.currencyAmount })
    .from(s.ticketType)
    .where(and(eq(s.ticketType.id, levelId), eq(s.ticketType.sellerId, row.sellerId)));
  if (!level) return undefined;
  return { row, levelId, programId: level.groupId, value: benefit.amount_off ?? level.price };
}

/** The code's facts when it can be redeemed now; otherwise the spec's refusal. */
export async function assertRedeemable(
  ex: Executor,
  sellerId: string,
  input: string,
  now: Date,
): Promise<GiftFacts> {
  const row = await findGiftCode(ex, sellerId, input);
  const facts = row ? await giftFacts(ex, row) : undefined;
  if (!facts) throw giftCodeError("invalid", input);
  const state = giftCodeState(facts.row, now);
  if (state !== "valid") throw giftCodeError(state, facts.row.code);
  return facts;
}

/** GET membership/redeem/{code}: the code and the levels its redeemer may choose (at most 3). */
export async function lookupRedeem(ex: Executor, sellerId: string, input: string, now: Date) {
  const facts = await assertRedeemable(ex, sellerId, input, now);
  const [group] = await ex.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, facts.programId));
  const levels = await ex
    .select()
    .from(s.ticketType)
    .where(eq(s.ticketType.ticketGroupId, facts.programId))
    .orderBy(asc(s.ticketType.rank), asc(s.ticketType.id));
  const choices = redeemChoices(
    levels.map((l) => ({ ticketTypeId: l.id, name: l.name, price: l.currencyAmount, rank: l.rank })),
    facts.value,
  );
  return {
    code: facts.row.code,
    validFrom: facts.row.validFrom,
    validTo: facts.row.validTo,
    ticketGroupId: facts.programId,
    eventTemplateId: group?.eventTemplateId ?? null,
    value: facts.value,
    choices,
    descriptions: new Map(levels.map((l) => [l.id, l.summary ?? l.description ?? null])),
  };
}

/** The cart's redeem option, when set. */
const redeemOption = (cart: Pick<CartRow, "membershipOptions">) =>
  cart.membershipOptions.redeemMembership?.trim() || undefined;

/**
 * The gift's discount as a totals code (computeCartTotals): the gift's value off the tickets of
 * its program's levels; only the level's primary ticket carries a price, so it lands there.
 * None when the cart redeems nothing or the code is unknown.
 */
export async function redeemDiscount(
  ex: Executor,
  cart: Pick<CartRow, "sellerId" | "membershipOptions">,
): Promise<TotalsCode[]> {
  const option = redeemOption(cart);
  if (!option) return [];
  const row = await findGiftCode(ex, cart.sellerId, option);
  const facts = row ? await giftFacts(ex, row) : undefined;
  if (!facts) return [];
  const levels = await ex
    .select({ id: s.ticketType.id })
    .from(s.ticketType)
    .where(eq(s.ticketType.ticketGroupId, facts.programId));
  return [
    {
      code: facts.row.code,
      benefit: { amount_off: facts.value, ticket_type_ids: levels.map((l) => l.id) },
    },
  ];
}

/**
 * Claims the cart's gift code for this checkout, before any payment: one conditional UPDATE (the
 * row lock makes parallel claims wait and then find it taken). Nothing when the cart redeems
 * nothing or holds no ticket of the code's program (the code is then left alone). Answers the
 * code's id, for `recordRedeemedOrder` once the order exists.
 */
export async function claimGiftCode(
  tx: Tx,
  cart: CartRow,
  tickets: readonly TicketRow[],
  now: Date,
): Promise<string | null> {
  const option = redeemOption(cart);
  if (!option) return null;
  const facts = await assertRedeemable(tx, cart.sellerId, option, now);
  if (!tickets.some((t) => t.ticketGroupId === facts.programId)) return null;
  const claimed = await tx
    .update(s.code)
    .set({ uses: sql`${s.code.uses} + 1`, redeemedCartId: cart.id })
    .where(
      and(
        eq(s.code.id, facts.row.id),
        isNull(s.code.redeemedOrderId),
        sql`(${s.code.maxUses} < 0 or ${s.code.uses} < ${s.code.maxUses})`,
      ),
    )
    .returning({ id: s.code.id });
  if (!claimed.length) throw giftCodeError("exhausted", facts.row.code);
  return facts.row.id;
}

/** The order that redeemed the code (same transaction as the claim). */
export async function recordRedeemedOrder(tx: Tx, codeId: string | null, orderId: string): Promise<void> {
  if (!codeId) return;
  await tx.update(s.code).set({ redeemedOrderId: orderId }).where(eq(s.code.id, codeId));
}

/**
 * Cart modify's gift options: `giftee` must be a known identity of the seller and not
 * the caller (giftee.ts); `redeemMembership` must be a valid gift code (the spec's texts). An
 * empty `redeemMembership` clears the option and needs no check.
 */
export async function checkGiftOptions(
  ex: Executor,
  sellerId: string,
  body: { giftee?: string | undefined; redeemMembership?: string | undefined },
  caller: { identityId: string | null; sellerId: string | null },
  now: Date,
): Promise<void> {
  const callerId = caller.sellerId === sellerId ? caller.identityId : null;
  await assertGiftee(ex, sellerId, body.giftee, callerId);
  const code = body.redeemMembership?.trim();
  if (code) await assertRedeemable(ex, sellerId, code, now);
}

/** A cancelled pending order gives its redeemed gift code back (its buyer was not charged). */
export async function releaseRedeemedCode(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(s.code)
    .set({ uses: sql`greatest(${s.code.uses} - 1, 0)`, redeemedOrderId: null, redeemedCartId: null })
    .where(and(eq(s.code.redeemedOrderId, orderId), eq(s.code.kind, "gift_membership")));
}
