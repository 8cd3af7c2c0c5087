/**
 * A ticket group's meta `payment_plan` (spec 2 §3 "Scheduled payment"): { instalments,
 * interval_days, deposit_percent }, the deposit in basis points (3400 = 34%). The server reads it
 * (services/checkout/plan.ts); the plan's arithmetic is in payment-plan.ts, which the checkout
 * island also runs. The schema lives apart so that zod stays out of the checkout page's first
 * module graph (checkout's total blocking time).
 */
import { z } from "zod";

export const PAYMENT_PLAN_MAX_INSTALMENTS = 24;

export const paymentPlanMeta = z.object({
  instalments: z.number().int().min(2).max(PAYMENT_PLAN_MAX_INSTALMENTS),
  interval_days: z.number().int().min(1).max(366),
  /** Basis points of the total paid as the first instalment (0 < deposit < 100%). */
  deposit_percent: z.number().int().min(1).max(9_999),
});
export type PaymentPlanMeta = z.infer<typeof paymentPlanMeta>;

/** The plan in a meta object (`payment_plan`), or null when absent or malformed. */
export function readPaymentPlan(meta: Record<string, unknown> | null | undefined): PaymentPlanMeta | null {
  const parsed = paymentPlanMeta.safeParse(meta?.payment_plan);
  return parsed.success ? parsed.data : null;
}
