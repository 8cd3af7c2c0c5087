/**
 * The gate's conflicts of a venue-local day: tickets an offline gate let in after another gate had
 * already admitted them (the server's first admission stands). Each names the ticket and its
 * order, where and when it was admitted, and which gate let it in again offline, so staff can look
 * into it: a copied ticket, or the same visitor at two doors.
 */
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import { addDays, localDate, startOfLocalDay } from "../../../domain/calendar.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { actorSeller, assertAllowed } from "../admin/permit.ts";

export interface GateConflict {
  scanId: string;
  ticketId: string;
  orderId: string | null;
  orderNumber: string | null;
  ticketTypeName: string;
  /** The offline gate's scan that let it in again. */
  offlineGate: string;
  offlineScannedAt: Date;
  offlineStaff: string;
  /** The admission that stands. */
  admittedGate: string | null;
  admittedAt: Date | null;
}

export async function gateConflicts(
  db: Executor,
  actor: StaffActor,
  input: { date?: string | undefined },
  now: Date,
): Promise<{ date: string; conflicts: GateConflict[] }> {
  assertAllowed(actor, "gate.scan");
  const seller = await actorSeller(db, actor);
  const date = input.date ?? localDate(now, seller.timezone);
  const start = startOfLocalDay(date, seller.timezone);
  const end = startOfLocalDay(addDays(date, 1), seller.timezone);
  const rows = await db
    .select({
      scan: s.gateScan,
      typeName: s.ticketType.name,
      orderId: s.ticketOrder.id,
      orderNumber: s.ticketOrder.orderNumber,
      admission: s.ticketAdmission,
    })
    .from(s.gateScan)
    .innerJoin(s.ticket, eq(s.ticket.id, s.gateScan.ticketId))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .leftJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .leftJoin(s.ticketAdmission, eq(s.ticketAdmission.ticketId, s.ticket.id))
    .where(
      and(
        eq(s.gateScan.sellerId, actor.sellerId),
        eq(s.gateScan.conflict, true),
        gte(s.gateScan.scannedAt, start),
        lt(s.gateScan.scannedAt, end),
      ),
    )
    .orderBy(desc(s.gateScan.scannedAt));
  return {
    date,
    conflicts: rows.map((r) => ({
      scanId: r.scan.id,
      ticketId: r.scan.ticketId ?? "",
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      ticketTypeName: r.typeName,
      offlineGate: r.scan.gate,
      offlineScannedAt: r.scan.scannedAt,
      offlineStaff: r.scan.actorName,
      admittedGate: r.admission?.gate ?? null,
      admittedAt: r.admission?.admittedAt ?? null,
    })),
  };
}
