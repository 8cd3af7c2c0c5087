/**
 * Sales figures for a period of venue-local days (domain/admin/sales.ts says what each number
 * is), read from the completed orders made in it, and the same figures as CSV.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { toCsv } from "../../../../domain/admin/csv.ts";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { type SalesBreakdown, type SalesLine, salesBreakdown } from "../../../../domain/admin/sales.ts";
import { addDays, localDateRange } from "../../../../domain/calendar.ts";
import { minorPerUnit } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { localDateSchema } from "./today.ts";

/** The longest period one call reads, in days. */
export const SALES_MAX_DAYS = 366;

export const salesFiguresInput = z
  .object({ from: localDateSchema, until: localDateSchema })
  .strict()
  .refine((v) => v.from <= v.until, { message: "until must not be before from.", path: ["until"] })
  .refine((v) => addDays(v.from, SALES_MAX_DAYS - 1) >= v.until, {
    message: `A period is at most ${SALES_MAX_DAYS} days.`,
    path: ["until"],
  });
export type SalesFiguresInput = z.input<typeof salesFiguresInput>;

export const SALES_CSV_VIEWS = ["day", "event", "ticket_type"] as const;
export const salesCsvInput = z
  .object({ from: localDateSchema, until: localDateSchema, by: z.enum(SALES_CSV_VIEWS).default("day") })
  .strict()
  .refine((v) => v.from <= v.until, { message: "until must not be before from.", path: ["until"] })
  .refine((v) => addDays(v.from, SALES_MAX_DAYS - 1) >= v.until, {
    message: `A period is at most ${SALES_MAX_DAYS} days.`,
    path: ["until"],
  });
export type SalesCsvInput = z.input<typeof salesCsvInput>;

export interface SalesFigures extends SalesBreakdown {
  /** Inclusive venue-local dates. */
  from: string;
  until: string;
  timezone: string;
  currency: string;
}

/**
 * Money given back on an order (domain/admin/sales.ts): the parts of its payments refunded on the
 * order's own cart (`refund` rows naming the payment; `refund_due` where the gateway still owes it,
 * counted as given, as the refund that wrote it counts it). A cheaper edit's refund sits on the edit's
 * cart and has already lowered the order's total, so it is not counted again; a whole payment marked
 * `refunded` was taken off the cart before checkout, never part of the order's total.
 */
const REFUND_STATES = ["refund", "refund_due"];

async function readSales(
  db: Executor,
  actor: StaffActor,
  from: string,
  until: string,
): Promise<SalesFigures> {
  const seller = await actorSeller(db, actor);
  const range = localDateRange(from, until, seller.timezone);
  const inPeriod = and(
    eq(s.ticketOrder.sellerId, seller.id),
    eq(s.ticketOrder.state, "completed"),
    gte(s.ticketOrder.createdAt, range.start),
    lt(s.ticketOrder.createdAt, range.end),
  );
  const [orders, tickets, refunds] = await Promise.all([
    db
      .select({ id: s.ticketOrder.id, createdAt: s.ticketOrder.createdAt, total: s.ticketOrder.total })
      .from(s.ticketOrder)
      .where(inPeriod),
    db
      .select({
        orderId: s.ticketOrder.id,
        state: s.ticket.state,
        faceValue: s.ticket.faceValue,
        feeFixedOutside: s.ticket.feeFixedOutside,
        feePercentOutside: s.ticket.feePercentOutside,
        eventTemplateId: s.ticket.eventTemplateId,
        eventName: s.eventTemplate.name,
        ticketTypeId: s.ticket.ticketTypeId,
        ticketTypeName: s.ticketType.name,
      })
      .from(s.ticket)
      .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
      .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticket.eventTemplateId))
      .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
      .where(inPeriod),
    db
      .select({ orderId: s.ticketOrder.id, amount: sql<number>`sum(${s.payment.amount})::int` })
      .from(s.payment)
      .innerJoin(s.ticketOrder, eq(s.ticketOrder.cartId, s.payment.cartId))
      .where(and(inPeriod, isNotNull(s.payment.refundOfPaymentId), inArray(s.payment.state, REFUND_STATES)))
      .groupBy(s.ticketOrder.id),
  ]);
  const refunded = new Map(refunds.map((r) => [r.orderId, Number(r.amount)]));
  const days: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) days.push(d);
  const breakdown = salesBreakdown(
    orders.map((o) => ({ ...o, refunded: refunded.get(o.id) ?? 0 })),
    tickets,
    seller.timezone,
    days,
  );
  return { from, until, timezone: seller.timezone, currency: seller.currencyCode, ...breakdown };
}

/** Sales by day, event and ticket type, with their totals. Roles: figures.read. */
export async function salesFigures(
  db: Executor,
  actor: StaffActor,
  input: SalesFiguresInput,
  _now: Date,
): Promise<SalesFigures> {
  assertAllowed(actor, "figures.read");
  const { from, until } = parseInput(salesFiguresInput, input);
  return readSales(db, actor, from, until);
}

const LINE_HEADER = ["orders", "tickets", "sales", "fees", "refunds"];

/**
 * One view of the sales figures as CSV (domain/admin/csv.ts): a row per day, event or ticket type,
 * then a Total row. Money is in the currency's units (12.5 is 12.50), with the currency in its own
 * column, so a spreadsheet reads the amounts as numbers.
 */
export async function salesCsv(
  db: Executor,
  actor: StaffActor,
  input: SalesCsvInput,
  _now: Date,
): Promise<{ filename: string; csv: string }> {
  assertAllowed(actor, "figures.read");
  const { from, until, by } = parseInput(salesCsvInput, input);
  const figures = await readSales(db, actor, from, until);
  const unit = minorPerUnit(figures.currency);
  const money = (line: SalesLine) => [
    line.orders,
    line.tickets,
    line.sales / unit,
    line.fees / unit,
    line.refunds / unit,
    figures.currency,
  ];
  const tail = [...LINE_HEADER, "currency"];
  let csv: string;
  if (by === "day") {
    csv = toCsv(
      ["date", ...tail],
      [...figures.byDay.map((l) => [l.date, ...money(l)]), ["Total", ...money(figures.totals)]],
    );
  } else if (by === "event") {
    csv = toCsv(
      ["event", ...tail],
      [...figures.byEvent.map((l) => [l.eventName, ...money(l)]), ["Total", ...money(figures.totals)]],
    );
  } else {
    csv = toCsv(
      ["event", "ticket type", ...tail],
      [
        ...figures.byTicketType.map((l) => [l.eventName, l.ticketTypeName, ...money(l)]),
        ["Total", "", ...money(figures.totals)],
      ],
    );
  }
  return { filename: `sales-${by}-${from}-${until}.csv`, csv };
}
