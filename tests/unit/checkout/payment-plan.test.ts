import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultPartialChoice,
  dueFromRows,
  isDueToday,
  nextDueDateAfter,
  partialChoices,
  planAmountAllowed,
  planInstalments,
  planState,
} from "../../../src/lib/domain/payment-plan.ts";
import { readPaymentPlan } from "../../../src/lib/domain/payment-plan-meta.ts";

const plan = { instalments: 3, interval_days: 30, deposit_percent: 3400 };
const start = new Date("2026-01-01T10:00:00Z");
const day = 86_400_000;
const at = (days: number) => new Date(start.getTime() + days * day);

describe("readPaymentPlan", () => {
  it("reads a ticket group's payment_plan meta", () => {
    expect(readPaymentPlan({ payment_plan: plan })).toEqual(plan);
  });
  it("ignores a missing or malformed plan", () => {
    expect(readPaymentPlan(null)).toBeNull();
    expect(readPaymentPlan({})).toBeNull();
    expect(
      readPaymentPlan({ payment_plan: { instalments: 1, interval_days: 30, deposit_percent: 3400 } }),
    ).toBeNull();
    expect(readPaymentPlan({ payment_plan: { ...plan, deposit_percent: 10_000 } })).toBeNull();
  });
});

describe("planInstalments", () => {
  it("takes the deposit first, then equal parts every interval, the remainder last", () => {
    const rows = planInstalments(10_001, plan, start);
    expect(rows.map((r) => r.amount)).toEqual([3400, 3300, 3301]);
    expect(rows.map((r) => r.dueDate.toISOString())).toEqual([
      start.toISOString(),
      at(30).toISOString(),
      at(60).toISOString(),
    ]);
  });
  it("gives nothing for a zero total", () => {
    expect(planInstalments(0, plan, start)).toEqual([]);
  });
  it("amounts always sum to the total (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 9_999 }),
        (total, instalments, deposit) => {
          const rows = planInstalments(
            total,
            { instalments, interval_days: 7, deposit_percent: deposit },
            start,
          );
          expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(total);
          expect(rows.every((r) => r.amount > 0 && Number.isInteger(r.amount))).toBe(true);
        },
      ),
    );
  });
});

describe("planState", () => {
  const rows = planInstalments(10_000, plan, start);
  it("spec §4: a scheduled payment is Upcoming when due is in the future, else Overdue", () => {
    const state = planState(rows, 0, at(1));
    expect(state.rows.map((r) => r.status)).toEqual(["Overdue", "Upcoming", "Upcoming"]);
    expect(state.due).toBe(3400);
    expect(state.outstanding).toBe(10_000);
    expect(state.nextDueDate?.toISOString()).toBe(at(30).toISOString());
  });
  it("payments cover instalments in order (Paid) and due is the unpaid part of arrived ones", () => {
    const state = planState(rows, 5000, at(45));
    expect(state.rows.map((r) => r.status)).toEqual(["Paid", "Overdue", "Upcoming"]);
    expect(state.due).toBe(6700 - 5000);
    expect(state.outstanding).toBe(5000);
  });
  it("all arrived instalments are due once their dates have passed", () => {
    expect(planState(rows, 0, at(90)).due).toBe(10_000);
  });
  it("nothing is due while the next date is ahead", () => {
    expect(planState(rows, 3400, at(2)).due).toBe(0);
  });
  it("nextDueDateAfter gives the first instalment still unpaid", () => {
    expect(nextDueDateAfter(rows, 3400)?.toISOString()).toBe(at(30).toISOString());
    expect(nextDueDateAfter(rows, 10_000)).toBeNull();
  });
});

describe("'Nothing due today is Overdue'", () => {
  // Regression: a brand-new purchase's deposit, due today, was labelled 'Overdue'.
  const rows = planInstalments(10_000, plan, start);
  it("an unpaid instalment dated today in the venue's zone is due today, even once its moment has passed", () => {
    const later = new Date(start.getTime() + 3 * 3_600_000);
    const [deposit] = planState(rows, 0, later).rows;
    expect(deposit?.status).toBe("Overdue");
    expect(deposit && isDueToday(deposit, later, "America/New_York")).toBe(true);
  });
  it("only an earlier day is Overdue; a paid one is never due today", () => {
    const [deposit] = planState(rows, 0, at(1)).rows;
    expect(deposit && isDueToday(deposit, at(1), "America/New_York")).toBe(false);
    const [paid] = planState(rows, 3400, start).rows;
    expect(paid && isDueToday(paid, start, "America/New_York")).toBe(false);
  });
  it("the day is the venue's: 23:30 in New York is still the same day though UTC has moved on", () => {
    const due = new Date("2026-01-02T04:00:00Z"); // 23:00 on Jan 1 in New York
    const now = new Date("2026-01-02T04:30:00Z");
    expect(isDueToday({ status: "Overdue", dueDate: due }, now, "America/New_York")).toBe(true);
    expect(
      isDueToday({ status: "Overdue", dueDate: due }, new Date("2026-01-02T05:30:00Z"), "America/New_York"),
    ).toBe(false);
  });
});

describe("partial-payment choice", () => {
  it("a buyer finds paying in full selected at a new purchase: the plan is an opt-in choice", () => {
    // Regression: checkout opened with the instalment (the due amount) selected.
    const fresh = { instalmentOfOrder: false };
    expect(defaultPartialChoice(partialChoices(3400, 10_000), fresh)).toBe("outstanding");
    expect(defaultPartialChoice(partialChoices(0, 10_000), fresh)).toBe("outstanding");
  });
  it("an order's 'Pay now' for an instalment opens with the amount due; with none due, the balance", () => {
    const instalment = { instalmentOfOrder: true };
    expect(defaultPartialChoice(partialChoices(3400, 10_000), instalment)).toBe("due");
    expect(defaultPartialChoice(partialChoices(0, 10_000), instalment)).toBe("outstanding");
  });
  it("spec §4: when the due amount equals the outstanding balance, only the outstanding option is shown", () => {
    expect(partialChoices(5000, 5000)).toEqual(["outstanding"]);
    expect(partialChoices(3400, 10_000)).toEqual(["due", "outstanding", "other"]);
    expect(partialChoices(0, 10_000)).toEqual(["outstanding", "other"]);
  });
  it("a plan payment lies between due and outstanding", () => {
    expect(planAmountAllowed(3400, 3400, 10_000)).toBe(true);
    expect(planAmountAllowed(3399, 3400, 10_000)).toBe(false);
    expect(planAmountAllowed(10_001, 3400, 10_000)).toBe(false);
  });
});

describe("dueFromRows (the island's due amount from the cart's rows)", () => {
  it("sums the Overdue rows, less what a partial payment covered", () => {
    const rows = [
      { amount: 3400, status: "Overdue" as const },
      { amount: 3300, status: "Overdue" as const },
      { amount: 3300, status: "Upcoming" as const },
    ];
    expect(dueFromRows(rows, 10_000)).toBe(6700);
    expect(dueFromRows(rows, 8000)).toBe(4700);
    expect(dueFromRows([{ amount: 3400, status: "Paid" }, ...rows.slice(1)], 6600)).toBe(3300);
    expect(dueFromRows(rows.slice(2), 3300)).toBe(0);
  });
});
