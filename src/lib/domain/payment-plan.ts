/**
 * Scheduled payments (spec 2 §3 "Scheduled payment", §4, §5), all in integer minor units.
 *
 * A ticket group's meta `payment_plan` ({ instalments, interval_days, deposit_percent } with the
 * deposit in basis points, 3400 = 34%) splits the cart total into a deposit due when the cart
 * was started and equal instalments every `interval_days` after it (the rounding remainder goes
 * to the last one), so the amounts always sum to the total. Payments already taken cover the
 * instalments in order (Paid); the rest are Upcoming when due in the future, else Overdue (§4).
 * `due` is what is owed now: the unpaid part of every instalment whose date has come; the
 * partial-payment choice (due, outstanding or other) lies between due and outstanding (§5).
 */
import { localDate } from "./calendar.ts";
import { chargeStep, percentFee, roundToChargeStep } from "./money.ts";
import type { PaymentPlanMeta } from "./payment-plan-meta.ts";

const DAY_MS = 86_400_000;

export type ScheduledStatus = "Upcoming" | "Overdue" | "Paid";

export interface Instalment {
  /** 1-based position in the plan. */
  index: number;
  dueDate: Date;
  amount: number;
}

export interface ScheduledRow extends Instalment {
  status: ScheduledStatus;
  /** What is still owed on this instalment (0 when Paid). */
  unpaid: number;
}

export interface PlanState {
  rows: ScheduledRow[];
  /** Owed now: the unpaid part of every instalment whose date has come (never above outstanding). */
  due: number;
  outstanding: number;
  /** The next unpaid instalment's date after a payment of `due`, or null when nothing follows. */
  nextDueDate: Date | null;
}

/**
 * The instalments of `total` from `start`: deposit first, then equal parts, remainder last. In a
 * three-decimal currency (`currency`) the deposit and the parts are tens of minor units, as a card
 * charges them (money.ts chargeStep); the total already is.
 */
export function planInstalments(
  total: number,
  plan: PaymentPlanMeta,
  start: Date,
  currency?: string,
): Instalment[] {
  if (!Number.isSafeInteger(total) || total <= 0) return [];
  const step = chargeStep(currency);
  const deposit = Math.min(total, roundToChargeStep(percentFee(total, plan.deposit_percent), currency));
  const rest = total - deposit;
  const count = plan.instalments - 1;
  const part = Math.floor(rest / count / step) * step;
  const rows: Instalment[] = [{ index: 1, dueDate: new Date(start.getTime()), amount: deposit }];
  for (let i = 1; i <= count; i++) {
    const amount = i === count ? rest - part * (count - 1) : part;
    rows.push({ index: i + 1, dueDate: new Date(start.getTime() + i * plan.interval_days * DAY_MS), amount });
  }
  return rows.filter((row) => row.amount > 0);
}

/** Spec §4: Upcoming when due is in the future, else Overdue; payments cover instalments in order. */
export function planState(instalments: readonly Instalment[], paid: number, now: Date): PlanState {
  let cover = Math.max(0, paid);
  let due = 0;
  let outstanding = 0;
  const rows = instalments.map((instalment): ScheduledRow => {
    const covered = Math.min(cover, instalment.amount);
    cover -= covered;
    const unpaid = instalment.amount - covered;
    outstanding += unpaid;
    if (unpaid === 0) return { ...instalment, status: "Paid", unpaid };
    const arrived = instalment.dueDate.getTime() <= now.getTime();
    if (arrived) due += unpaid;
    return { ...instalment, status: arrived ? "Overdue" : "Upcoming", unpaid };
  });
  const next = rows.find((row) => row.unpaid > 0 && row.dueDate.getTime() > now.getTime());
  return { rows, due: Math.min(due, outstanding), outstanding, nextDueDate: next?.dueDate ?? null };
}

/**
 * Nothing due today reads as late: an unpaid instalment dated today in the venue's zone (a new
 * purchase's deposit, due when the cart was started) is 'Due today'; only an earlier date is
 * Overdue. Its API status stays the spec's (Overdue once its moment has come, so `due` counts it).
 */
export function isDueToday(
  row: Pick<ScheduledRow, "status" | "dueDate">,
  now: Date,
  timeZone: string,
): boolean {
  return row.status !== "Paid" && localDate(row.dueDate, timeZone) === localDate(now, timeZone);
}

/** The next unpaid instalment's date once `paid` has been taken (null: nothing left to pay). */
export function nextDueDateAfter(instalments: readonly Instalment[], paid: number): Date | null {
  let cover = Math.max(0, paid);
  for (const instalment of instalments) {
    const covered = Math.min(cover, instalment.amount);
    cover -= covered;
    if (instalment.amount - covered > 0) return instalment.dueDate;
  }
  return null;
}

/** Spec §4: the partial-payment choices; when due equals outstanding only outstanding shows. */
export function partialChoices(
  dueMinor: number,
  outstandingMinor: number,
): ("due" | "outstanding" | "other")[] {
  if (dueMinor >= outstandingMinor) return ["outstanding"];
  // Nothing owed yet (the deposit is paid, the next date is ahead): pay it all or some of it.
  if (dueMinor <= 0) return ["outstanding", "other"];
  return ["due", "outstanding", "other"];
}

/**
 * The choice a buyer finds selected. At a new purchase, paying the whole outstanding balance: a
 * payment plan is an offer the buyer opts into, and a buyer who pays without looking at the choice
 * pays in full, as at any other checkout, rather than unknowingly starting instalments. On an
 * order's instalment page (its 'Pay now'), the buyer came to pay what is due: the amount due.
 */
export function defaultPartialChoice(
  choices: readonly ("due" | "outstanding" | "other")[],
  context: { instalmentOfOrder: boolean },
): "due" | "outstanding" {
  return context.instalmentOfOrder && choices.includes("due") ? "due" : "outstanding";
}

/** A card payment toward a plan lies between what is due now and what is outstanding. */
export function planAmountAllowed(amount: number, dueMinor: number, outstandingMinor: number): boolean {
  return (
    Number.isSafeInteger(amount) &&
    amount >= Math.min(dueMinor, outstandingMinor) &&
    amount <= outstandingMinor
  );
}

/**
 * The due amount from the cart's scheduled_payment rows (amounts in minor units): the unpaid
 * Overdue rows less what a partial payment already covered of the first unpaid one.
 */
export function dueFromRows(
  rows: readonly { amount: number; status: ScheduledStatus }[],
  outstanding: number,
): number {
  const unpaid = rows.filter((row) => row.status !== "Paid");
  const covered = Math.max(0, unpaid.reduce((sum, row) => sum + row.amount, 0) - outstanding);
  const overdue = unpaid.filter((row) => row.status === "Overdue").reduce((sum, row) => sum + row.amount, 0);
  return Math.max(0, Math.min(outstanding, overdue - covered));
}

/**
 * What the pay button charges (spec 2 §5): on a cart with scheduled payments, the partial amount
 * the buyer chose, never more than is owed; otherwise everything owed.
 */
export function chargeFor(outstanding: number, partialPlan: boolean, chosen: number | null): number {
  return partialPlan && chosen !== null ? Math.min(chosen, outstanding) : outstanding;
}
