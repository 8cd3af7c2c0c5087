/**
 * Promo code rules (spec 1 §5 "Promo code: trimmed, required, 2 to 35 characters ... Several codes
 * may be comma separated, trimmed, empties dropped"; §9 "promo 2 to 35"). Codes compare
 * case-insensitively and are kept upper-case.
 */
import { z } from "zod";
import { benefitAppliesTo, type DiscountableLine, LINE_KINDS } from "./discount-scope.ts";
import { promoCodeLengthOk, splitPromoCodes } from "./promo-input.ts";

/** "a, b,,c " -> ["A", "B", "C"]: split on commas, trimmed, empties dropped, upper-cased. */
export function splitCodeList(input: string): string[] {
  return splitPromoCodes(input).map(normalizeCode);
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export type CodeListProblem =
  | { kind: "empty" }
  | { kind: "length"; code: string }
  | { kind: "duplicate"; code: string };

/**
 * The first problem of a code list: nothing left after trimming, a code outside 2 to 35
 * characters, or a code twice in the list or already on the cart. Null when the list is fine.
 */
export function codeListProblem(
  codes: readonly string[],
  alreadyApplied: readonly string[] = [],
): CodeListProblem | null {
  if (codes.length === 0) return { kind: "empty" };
  const bad = codes.find((c) => !promoCodeLengthOk(c));
  if (bad !== undefined) return { kind: "length", code: bad };
  const seen = new Set(alreadyApplied.map(normalizeCode));
  for (const c of codes.map(normalizeCode)) {
    if (seen.has(c)) return { kind: "duplicate", code: c };
    seen.add(c);
  }
  return null;
}

export {
  benefitAppliesTo,
  DEFAULT_DISCOUNTED_KINDS,
  type DiscountableLine,
  LINE_KINDS,
  type LineKind,
  lineKindOfHandler,
} from "./discount-scope.ts";

export const lineKind = z.enum(LINE_KINDS);

/** What a code gives, as stored in code.benefit. */
export const codeBenefit = z.object({
  /** Basis points off the face value of matching tickets (1000 = 10 %). */
  percent_off: z.number().int().min(0).max(10_000).optional(),
  /** Minor units off the order. */
  amount_off: z.number().int().min(0).optional(),
  /**
   * Ticket types the code applies to, whatever their kind. When absent, the code applies to the
   * lines of `line_kinds`.
   */
  ticket_type_ids: z.array(z.string()).optional(),
  /** The line kinds a code without ticket_type_ids applies to (DEFAULT_DISCOUNTED_KINDS when absent). */
  line_kinds: z.array(lineKind).min(1).optional(),
  /** Member-only groups the code opens. */
  unlocks_ticket_group_ids: z.array(z.string()).optional(),
});
export type CodeBenefit = z.infer<typeof codeBenefit>;

/** A stored benefit, or an empty one when it does not parse (never a crash on bad data). */
export function readBenefit(raw: unknown): CodeBenefit {
  const parsed = codeBenefit.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export function givesDiscount(benefit: CodeBenefit): boolean {
  return (benefit.percent_off ?? 0) > 0 || (benefit.amount_off ?? 0) > 0;
}

/** Whether a discount code touches any of the cart's lines. */
export function benefitTouches(benefit: CodeBenefit, lines: readonly DiscountableLine[]): boolean {
  return givesDiscount(benefit) && lines.some((line) => benefitAppliesTo(benefit, line));
}

export type CodeUsability = "ok" | "not_yet_valid" | "expired" | "exhausted";

/** Outside valid_from/valid_to, or uses >= max_uses (-1 unlimited). */
export function codeUsability(
  code: { validFrom: Date | null; validTo: Date | null; maxUses: number; uses: number },
  now: Date,
): CodeUsability {
  if (code.validFrom && now < code.validFrom) return "not_yet_valid";
  if (code.validTo && now > code.validTo) return "expired";
  if (code.maxUses >= 0 && code.uses >= code.maxUses) return "exhausted";
  return "ok";
}
