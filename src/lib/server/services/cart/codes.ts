/**
 * Promo and voucher codes on a cart (spec 1 §5 and §8): lookup (case-insensitive), validity
 * window, uses, benefit, CityPASS format. Promo codes are kept on the cart (cart.codes) and priced
 * by domain/cart-totals.ts; a voucher's use is taken when a ticket is held with it (reserve.ts).
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type CitypassConfig, matchesCitypass } from "../../../domain/citypass.ts";
import { msg } from "../../../domain/messages.ts";
import {
  benefitTouches,
  codeListProblem,
  codeUsability,
  type DiscountableLine,
  givesDiscount,
  normalizeCode,
  readBenefit,
} from "../../../domain/promo-codes.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { ApiError, fail, validationFailed } from "../../errors/api-error.ts";
import { codeError, namedCodeError } from "./errors.ts";
import type { CodeRow } from "./types.ts";

export async function loadCodes(
  db: Executor,
  sellerId: string,
  codes: readonly string[],
): Promise<Map<string, CodeRow>> {
  const wanted = [...new Set(codes.map(normalizeCode))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(s.code)
    .where(and(eq(s.code.sellerId, sellerId), inArray(s.code.code, wanted)))
    .prepare("cart_load_codes")
    .execute();
  return new Map(rows.map((r) => [r.code, r]));
}

export const codeNotFound = (code: string, description?: string) =>
  description === undefined
    ? namedCodeError("code_not_found", code)
    : codeError("code_not_found", description, { code });

/**
 * Each refusal its own code (an expired code said "not a valid promo code"):
 * code_not_found when unknown, code_not_yet_valid and code_expired outside the validity window
 * (spec 2 §4 "Gift code: valid, expired ... or exhausted"), code_exhausted when used up.
 */
export function assertUsable(code: string, row: CodeRow | undefined, now: Date): CodeRow {
  if (!row) throw codeNotFound(code);
  switch (codeUsability(row, now)) {
    case "not_yet_valid":
      throw namedCodeError("code_not_yet_valid", code);
    case "expired":
      throw namedCodeError("code_expired", code);
    case "exhausted":
      throw namedCodeError("code_exhausted", code);
    default:
      return row;
  }
}

export const invalidCitypass = (code: string) =>
  // INVALID_CITYPASS_TEXT's words, in the call's language.
  fail("invalid_citypass", { message: msg("apiError.invalid_citypass.format"), extra: { code } });

/** The problems of a code list as API errors: 400 for a bad length, 422 duplicate_code. */
export function assertCodeList(codes: readonly string[], alreadyApplied: readonly string[]): void {
  const problem = codeListProblem(codes, alreadyApplied);
  if (!problem) return;
  if (problem.kind === "empty") throw validationFailed("Enter a code.", { field: "code" });
  if (problem.kind === "length") {
    throw validationFailed("A code has 2 to 35 characters.", { field: "code" });
  }
  throw namedCodeError("duplicate_code", problem.code);
}

export interface ApplyOptions {
  now: Date;
  /** The lines held in the cart, their types and kinds (for the benefit check). */
  lines: readonly DiscountableLine[];
  requireBenefit: boolean;
  citypass?: CitypassConfig;
}

/**
 * Checks one code for the cart and returns it normalized. Promo codes that give a discount must
 * touch a ticket in the cart unless requireBenefit is false; unlocking codes and vouchers never
 * need a benefit. Gift-of-membership codes are not cart codes.
 */
export function checkCartCode(code: string, row: CodeRow | undefined, options: ApplyOptions): string {
  const usable = assertUsable(code, row, options.now);
  const benefit = readBenefit(usable.benefit);
  if (usable.kind === "voucher") {
    if (options.citypass && !matchesCitypass(usable.code, options.citypass)) throw invalidCitypass(code);
    return usable.code;
  }
  if (usable.kind !== "promo") throw codeNotFound(code);
  if (options.requireBenefit && givesDiscount(benefit) && !benefitTouches(benefit, options.lines)) {
    throw namedCodeError("no_code_benefit", code);
  }
  return usable.code;
}

/** Ticket group ids that the codes open (member-only groups unlocked by a code). */
export function unlockedGroups(rows: Iterable<CodeRow>): Set<string> {
  const out = new Set<string>();
  for (const r of rows) for (const id of readBenefit(r.benefit).unlocks_ticket_group_ids ?? []) out.add(id);
  return out;
}

/**
 * Takes `n` uses of each voucher (code order), each a conditional UPDATE, so a voucher can never
 * be held more often than its max_uses.
 */
export async function takeVoucherUses(
  tx: Executor,
  sellerId: string,
  uses: Map<string, number>,
): Promise<void> {
  for (const [code, n] of [...uses].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const taken = await tx
      .update(s.code)
      .set({ uses: sql`${s.code.uses} + ${n}` })
      .where(
        and(
          eq(s.code.sellerId, sellerId),
          eq(s.code.code, code),
          sql`(${s.code.maxUses} < 0 or ${s.code.uses} + ${n} <= ${s.code.maxUses})`,
        ),
      )
      .returning({ id: s.code.id });
    if (!taken.length) throw namedCodeError("code_exhausted", code);
  }
}

/** The code of a code_exhausted refusal, else undefined. */
function exhaustedCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const item = error.items.find((i) => i._code === "code_exhausted");
  const code = item?._extra?.code;
  return typeof code === "string" ? normalizeCode(code) : undefined;
}

export const codeHeld = (code: string) => namedCodeError("code_held", code);

/**
 * Runs `run` (a cart change in `tx`); a code_exhausted refusal whose voucher is held by tickets of
 * another pending cart becomes code_held ("a voucher held in another cart says 'has
 * already been used'"). Only the application's own refusal is examined, never a database error,
 * so the transaction is still usable for the one count.
 */
export async function explainHeldVoucher<T>(
  tx: Executor,
  cart: { id: string; sellerId: string },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = exhaustedCode(error);
    if (!code) throw error;
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(s.ticket)
      .innerJoin(s.cart, eq(s.cart.id, s.ticket.cartId))
      .where(
        and(
          eq(s.ticket.sellerId, cart.sellerId),
          eq(s.ticket.code, code),
          eq(s.ticket.state, "held"),
          eq(s.cart.state, "pending"),
          ne(s.cart.id, cart.id),
        ),
      );
    if ((held?.n ?? 0) > 0) throw codeHeld(code);
    throw error;
  }
}
