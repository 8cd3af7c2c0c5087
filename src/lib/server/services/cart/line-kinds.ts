/**
 * What each cart line is (ticket, donation, gift card, membership), from its ticket group's
 * handler: a discount code applies only to the kinds it is for (domain/promo-codes.ts).
 */
import { inArray } from "drizzle-orm";
import { type LineKind, lineKindOfHandler } from "../../../domain/discount-scope.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

/** The lines with their kind; groups already read are passed in `known` and not read again. */
export async function withLineKinds<T extends { ticketGroupId: string }>(
  ex: Executor,
  tickets: readonly T[],
  known: Iterable<{ id: string; handler: string }> = [],
): Promise<(T & { lineKind: LineKind })[]> {
  const handlers = new Map([...known].map((g) => [g.id, g.handler]));
  const missing = [...new Set(tickets.map((t) => t.ticketGroupId))].filter((id) => !handlers.has(id));
  if (missing.length) {
    const rows = await ex
      .select({ id: s.ticketGroup.id, handler: s.ticketGroup.handler })
      .from(s.ticketGroup)
      .where(inArray(s.ticketGroup.id, missing));
    for (const row of rows) handlers.set(row.id, row.handler);
  }
  return tickets.map((t) => {
    const handler = handlers.get(t.ticketGroupId);
    if (handler === undefined) throw new Error(`ticket group ${t.ticketGroupId} missing`);
    return { ...t, lineKind: lineKindOfHandler(handler) };
  });
}
