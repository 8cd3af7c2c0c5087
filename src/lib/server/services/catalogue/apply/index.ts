/**
 * `catalogue apply`: a tenant's files checked, turned into rows (rows.ts), compared with the
 * database and what has been sold (plan.ts), and written in one transaction, or not at all when a
 * rule refuses. A dry run plans and writes nothing.
 *
 * Several servers may start at once, and an operator may run the command beside them: a
 * transaction-scoped advisory lock per tenant makes concurrent applies wait for each other, so
 * the second finds nothing left to do.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { checkTenant } from "../../../../catalogue/check.ts";
import { formatProblem } from "../../../../catalogue/problems.ts";
import { isSoldTicket } from "../../../../domain/account/orders.ts";
import { addDays, localDate, startOfLocalDay } from "../../../../domain/calendar.ts";
import { formatMoney } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import { insertBatched } from "../../../db/insert-batched.ts";
import * as s from "../../../db/schema.ts";
import {
  type ApplyPlan,
  type CatalogueChange,
  type CurrentRows,
  planApply,
  type SalesFacts,
} from "./plan.ts";
import {
  type CatalogueRows,
  type CatalogueTenant,
  catalogueRows,
  DEFAULT_HORIZON_DAYS,
  sellerIdOf,
} from "./rows.ts";

export interface ApplyReport {
  tenant: string;
  /** False for a dry run, a refusal or a catalogue with problems. */
  applied: boolean;
  changes: CatalogueChange[];
  /** Problems in the files (check) or rules that refuse the change (plan): nothing was written. */
  refusals: string[];
}

/** Thrown inside the transaction when a rule refuses: the transaction rolls back. */
export class CatalogueRefused extends Error {
  constructor(readonly refusals: string[]) {
    super(refusals.join("\n"));
  }
}

/** The tenant file's facts the catalogue needs, read as written (web settings without defaults). */
export function readCatalogueTenant(contentDir: string, slug: string): CatalogueTenant {
  const raw = JSON.parse(readFileSync(join(contentDir, "tenants", `${slug}.json`), "utf8")) as {
    name: string;
    timezone: string;
    portal: { default_currency_code: string };
    web?: Record<string, unknown>;
  };
  return {
    slug,
    name: raw.name,
    timezone: raw.timezone,
    currency: raw.portal.default_currency_code,
    web: raw.web ?? {},
  };
}

export interface ApplyOptions {
  contentDir: string;
  slug: string;
  now: Date;
  dryRun?: boolean;
  /** Runs after the catalogue's rows are written, in the same transaction (the demo's sales). */
  after?: (tx: Executor, rows: CatalogueRows) => Promise<void>;
}

export async function applyCatalogue(db: Executor, options: ApplyOptions): Promise<ApplyReport> {
  const { slug } = options;
  const checked = checkTenant(options.contentDir, slug);
  if (!checked.catalogue) {
    return { tenant: slug, applied: false, changes: [], refusals: checked.problems.map(formatProblem) };
  }
  const tenant = readCatalogueTenant(options.contentDir, slug);
  const desired = catalogueRows(checked.catalogue, tenant, options.now);
  const horizonEnd = new Map(
    checked.catalogue.events.map((e) => [
      e.id,
      startOfLocalDay(
        addDays(localDate(options.now, tenant.timezone), e.horizon_days ?? DEFAULT_HORIZON_DAYS),
        tenant.timezone,
      ),
    ]),
  );
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`foyer catalogue ${slug}`}))`);
      const current = await readCurrent(
        tx,
        desired.seller.id,
        startOfLocalDay(localDate(options.now, tenant.timezone), tenant.timezone),
      );
      const sales = await readSales(tx, desired.seller.id, current);
      const plan = planApply(desired, current, sales, {
        now: options.now,
        timezone: tenant.timezone,
        currency: tenant.currency,
        horizonEnd,
        formatMoney: (minor) => formatMoney(minor, tenant.currency),
      });
      if (plan.refusals.length > 0) throw new CatalogueRefused(plan.refusals);
      if (options.dryRun) return { tenant: slug, applied: false, changes: plan.changes, refusals: [] };
      await writePlan(tx, desired.seller.id, plan);
      await options.after?.(tx, desired);
      return { tenant: slug, applied: true, changes: plan.changes, refusals: [] };
    });
  } catch (error) {
    if (error instanceof CatalogueRefused) {
      return { tenant: slug, applied: false, changes: [], refusals: error.refusals };
    }
    throw error;
  }
}

async function readCurrent(tx: Executor, sellerId: string, todayStart: Date): Promise<CurrentRows> {
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, sellerId));
  const seatMaps = await tx.select().from(s.seatMap).where(eq(s.seatMap.sellerId, sellerId));
  const mapIds = seatMaps.map((m) => m.id);
  return {
    seller: seller ?? null,
    venues: await tx.select().from(s.venue).where(eq(s.venue.sellerId, sellerId)),
    events: await tx.select().from(s.eventTemplate).where(eq(s.eventTemplate.sellerId, sellerId)),
    metas: await tx.select().from(s.meta).where(eq(s.meta.sellerId, sellerId)),
    configs: await tx.select().from(s.config).where(eq(s.config.sellerId, sellerId)),
    groups: await tx.select().from(s.ticketGroup).where(eq(s.ticketGroup.sellerId, sellerId)),
    types: await tx.select().from(s.ticketType).where(eq(s.ticketType.sellerId, sellerId)),
    messageRules: await tx.select().from(s.messageRule).where(eq(s.messageRule.sellerId, sellerId)),
    membershipRules: await tx.select().from(s.membershipRule).where(eq(s.membershipRule.sellerId, sellerId)),
    codes: await tx.select().from(s.code).where(eq(s.code.sellerId, sellerId)),
    ledgers: await tx.select().from(s.ledger).where(eq(s.ledger.sellerId, sellerId)),
    seatMaps,
    seats: mapIds.length
      ? await tx.select().from(s.seatTemplate).where(inArray(s.seatTemplate.seatMapId, mapIds))
      : [],
    sessions: await tx
      .select({
        id: s.eventSession.id,
        eventTemplateId: s.eventSession.eventTemplateId,
        startDatetime: s.eventSession.startDatetime,
        endDatetime: s.eventSession.endDatetime,
        capacity: s.eventSession.capacity,
        plannedCapacity: s.eventSession.plannedCapacity,
        usedCapacity: s.eventSession.usedCapacity,
        priceTier: s.eventSession.priceTier,
        retiredAt: s.eventSession.retiredAt,
      })
      .from(s.eventSession)
      .where(and(eq(s.eventSession.sellerId, sellerId), gte(s.eventSession.startDatetime, todayStart))),
  };
}

async function readSales(tx: Executor, sellerId: string, current: CurrentRows): Promise<SalesFacts> {
  const [any] = await tx
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(eq(s.ticket.sellerId, sellerId))
    .limit(1);
  const sessionTickets: SalesFacts["sessionTickets"] = new Map();
  const sessionIds = current.sessions.map((x) => x.id);
  if (any && sessionIds.length > 0) {
    const rows = await tx
      .select({
        sessionId: s.ticket.eventSessionId,
        state: s.ticket.state,
        orderNumber: s.ticketOrder.orderNumber,
      })
      .from(s.ticket)
      .leftJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
      .where(and(eq(s.ticket.sellerId, sellerId), inArray(s.ticket.eventSessionId, sessionIds)));
    for (const row of rows) {
      if (!row.sessionId) continue;
      const entry = sessionTickets.get(row.sessionId) ?? { orders: [], held: 0, any: false };
      entry.any = true;
      if (row.state === "held") entry.held += 1;
      if (isSoldTicket(row.state) && row.orderNumber && !entry.orders.includes(row.orderNumber)) {
        entry.orders.push(row.orderNumber);
      }
      sessionTickets.set(row.sessionId, entry);
    }
  }
  const seatIds = current.seats.map((x) => x.id ?? "");
  const takenSeats = new Set<string>();
  if (seatIds.length > 0) {
    for (const r of await tx
      .selectDistinct({ id: s.sessionSeat.seatTemplateId })
      .from(s.sessionSeat)
      .where(inArray(s.sessionSeat.seatTemplateId, seatIds))) {
      takenSeats.add(r.id);
    }
    for (const r of await tx
      .selectDistinct({ id: s.ticket.seatTemplateId })
      .from(s.ticket)
      .where(and(eq(s.ticket.sellerId, sellerId), isNotNull(s.ticket.seatTemplateId)))) {
      if (r.id) takenSeats.add(r.id);
    }
  }
  return { anySale: Boolean(any), sessionTickets, takenSeats };
}

type IdTable =
  | typeof s.venue
  | typeof s.eventTemplate
  | typeof s.meta
  | typeof s.config
  | typeof s.ticketGroup
  | typeof s.ticketType
  | typeof s.messageRule
  | typeof s.membershipRule
  | typeof s.code
  | typeof s.ledger
  | typeof s.seatMap
  | typeof s.seatTemplate
  | typeof s.eventSession;

async function updateRows(
  tx: Executor,
  table: IdTable,
  updates: { id: string; set: object }[],
): Promise<void> {
  for (const u of updates) {
    await tx
      // biome-ignore lint/suspicious/noExplicitAny: one update path for every catalogue table; each set is that table's own row fields
      .update(table as any)
      .set(u.set)
      .where(eq(table.id, u.id));
  }
}

async function removeRows(tx: Executor, table: IdTable, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(table).where(inArray(table.id, ids));
}

async function writePlan(tx: Executor, sellerId: string, plan: ApplyPlan): Promise<void> {
  if (plan.seller.insert) await tx.insert(s.seller).values(plan.seller.insert);
  if (plan.seller.update) await tx.update(s.seller).set(plan.seller.update).where(eq(s.seller.id, sellerId));
  const upsert = async <T extends IdTable>(
    table: T,
    writes: { insert: T["$inferInsert"][]; update: { id: string; set: object }[] },
  ) => {
    await insertBatched(tx, table, writes.insert);
    await updateRows(tx, table, writes.update);
  };
  await upsert(s.venue, plan.venues);
  await upsert(s.eventTemplate, plan.events);
  await upsert(s.ticketGroup, plan.groups);
  await upsert(s.ticketType, plan.types);
  await upsert(s.meta, plan.metas);
  await removeRows(tx, s.meta, plan.metas.remove);
  await upsert(s.config, plan.configs);
  await removeRows(tx, s.config, plan.configs.remove);
  await upsert(s.messageRule, plan.messageRules);
  await removeRows(tx, s.messageRule, plan.messageRules.remove);
  await upsert(s.membershipRule, plan.membershipRules);
  await removeRows(tx, s.membershipRule, plan.membershipRules.remove);
  await upsert(s.code, plan.codes);
  await upsert(s.ledger, plan.ledgers);
  await upsert(s.seatMap, plan.seatMaps);
  await upsert(s.seatTemplate, plan.seats);
  await removeRows(tx, s.seatTemplate, plan.seats.remove);

  await insertBatched(
    tx,
    s.eventSession,
    plan.sessions.insert.map((x) => ({ ...x, sellerId })),
  );
  await updateRows(tx, s.eventSession, plan.sessions.update);
  for (const c of plan.sessions.capacity) {
    // A sale may have come between the plan and this write: the guard keeps what is used fitting.
    const done = await tx
      .update(s.eventSession)
      .set({ capacity: c.capacity, plannedCapacity: c.capacity })
      .where(and(eq(s.eventSession.id, c.id), sql`${s.eventSession.usedCapacity} <= ${c.capacity}`))
      .returning({ id: s.eventSession.id });
    if (done.length === 0) {
      throw new CatalogueRefused([
        `Session ${c.id}: places were sold while the catalogue was applied, and ${c.capacity} places no longer hold them. Apply again.`,
      ]);
    }
  }
  if (plan.sessions.remove.length > 0) {
    // Only sessions nothing points at: a hold that came between the plan and now keeps its session.
    await tx
      .delete(s.eventSession)
      .where(
        and(
          inArray(s.eventSession.id, plan.sessions.remove),
          eq(s.eventSession.usedCapacity, 0),
          sql`not exists (select 1 from ${s.ticket} where ${s.ticket.eventSessionId} = ${s.eventSession.id})`,
          sql`not exists (select 1 from ${s.sessionSeat} where ${s.sessionSeat.eventSessionId} = ${s.eventSession.id})`,
        ),
      );
  }
  await removeRows(tx, s.venue, plan.venues.remove);
}

/** The report as lines for a person: what is added, changed, retired and removed, or why not. */
export function describeReport(report: ApplyReport, dryRun: boolean): string[] {
  if (report.refusals.length > 0) {
    return [`${report.tenant}: not applied, nothing was changed:`, ...report.refusals.map((r) => `  ${r}`)];
  }
  if (report.changes.length === 0) return [`${report.tenant}: up to date, nothing to change.`];
  const verb = dryRun ? "would change" : "applied";
  const lines = [
    `${report.tenant}: ${verb} ${report.changes.length} ${report.changes.length === 1 ? "thing" : "things"}:`,
  ];
  for (const kind of ["added", "changed", "retired", "removed"] as const) {
    for (const c of report.changes.filter((x) => x.kind === kind)) {
      const what = [c.what, c.id].filter(Boolean).join(" ");
      lines.push(`  ${kind.padEnd(8)} ${what}${c.detail ? `: ${c.detail}` : ""}`);
    }
  }
  if (dryRun) lines.push("  (dry run: nothing was written)");
  return lines;
}

export { sellerIdOf };
