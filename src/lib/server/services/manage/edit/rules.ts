/**
 * The checks every edit call shares. The tenant's self-edit settings; the order's
 * tickets an edit removes (spec 2 §8: `ticket_not_found`, `ticket_state_incorrect`,
 * `tickets_too_old`, context `cart_remove_tickets`); sessions an edit adds to must be beyond the
 * horizon too; and what the change costs (domain/manage/edit-price.ts).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { PricedTicket, TotalsCode } from "../../../../domain/cart-totals.ts";
import { type EditPrice, editPrice } from "../../../../domain/manage/edit-price.ts";
import { isWithinHorizon } from "../../../../domain/manage/rules.ts";
import { readBenefit } from "../../../../domain/promo-codes.ts";
import { getTenant } from "../../../../tenant/load.ts";
import type { Db } from "../../../db/client.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail } from "../../../errors/api-error.ts";
import { withLineKinds } from "../../cart/line-kinds.ts";
import type { CartRow, TicketRow } from "../../cart/types.ts";
import type { OrderRow } from "../../checkout/orders.ts";
import { sellerCurrency } from "../../money/seller-currency.ts";

export interface SelfEdit {
  enabled: boolean;
  horizon_days: number;
  horizon_hours: number;
  lower_price: "refund" | "keep";
}

const OFF: SelfEdit = { enabled: false, horizon_days: 1, horizon_hours: 0, lower_price: "refund" };

export async function selfEditOf(ex: Executor, sellerId: string): Promise<SelfEdit> {
  const [seller] = await ex.select({ slug: s.seller.slug }).from(s.seller).where(eq(s.seller.id, sellerId));
  return (seller && getTenant(seller.slug)?.web.self_edit) || OFF;
}

/** Spec 2 §8: self-edit is off for this seller. */
export const selfEditDisabled = () => fail("self_edit_disabled");

export const ticketsTooOld = (ids: string[]) =>
  fail("tickets_too_old", {
    extra: { tickets: ids },
  });
export const ticketNotFound = (id: string) =>
  fail("ticket_not_found", {
    extra: { ticket_id: id },
  });
export const ticketStateIncorrect = (id: string, state: string) =>
  fail("ticket_state_incorrect", {
    extra: { ticket_id: id, state },
  });

export async function assertSelfEdit(ex: Executor, sellerId: string): Promise<SelfEdit> {
  const selfEdit = await selfEditOf(ex, sellerId);
  if (!selfEdit.enabled) throw selfEditDisabled();
  return selfEdit;
}

/** Spec 2 §5, the self-edit horizon (domain/manage/rules.ts); a ticket without a start is past it. */
const pastHorizon = (start: Date | null, now: Date, selfEdit: SelfEdit) =>
  !isWithinHorizon({ start }, { days: selfEdit.horizon_days, hours: selfEdit.horizon_hours }, now);

/** The start of each ticket (its session's start, else its validity). */
async function startsOf(ex: Executor, tickets: readonly TicketRow[]): Promise<Map<string, Date | null>> {
  const sessionIds = [...new Set(tickets.flatMap((t) => (t.eventSessionId ? [t.eventSessionId] : [])))];
  const sessions = sessionIds.length
    ? await ex
        .select({ id: s.eventSession.id, start: s.eventSession.startDatetime })
        .from(s.eventSession)
        .where(inArray(s.eventSession.id, sessionIds))
    : [];
  const byId = new Map(sessions.map((x) => [x.id, x.start]));
  return new Map(
    tickets.map((t) => [t.id, (t.eventSessionId ? byId.get(t.eventSessionId) : undefined) ?? t.validFrom]),
  );
}

/**
 * The order's tickets `ids`, each checked: on the order (else ticket_not_found), booked (else
 * ticket_state_incorrect) and starting beyond the horizon (else tickets_too_old, naming them all).
 */
export async function checkRemovals(
  ex: Executor,
  order: OrderRow,
  ids: readonly string[],
  now: Date,
  selfEdit: SelfEdit,
): Promise<TicketRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await ex
    .select()
    .from(s.ticket)
    .where(and(inArray(s.ticket.id, unique), eq(s.ticket.ticketOrderId, order.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const tickets = unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw ticketNotFound(id);
    if (row.state !== "booked") throw ticketStateIncorrect(id, row.state);
    return row;
  });
  const starts = await startsOf(ex, tickets);
  const tooOld = tickets.filter((t) => pastHorizon(starts.get(t.id) ?? null, now, selfEdit));
  if (tooOld.length) throw ticketsTooOld(tooOld.map((t) => t.id));
  return tickets;
}

/** Tickets an edit adds must start beyond the horizon too (a reschedule into tomorrow morning is late). */
export async function checkAddedHorizon(
  ex: Executor,
  added: readonly TicketRow[],
  now: Date,
  selfEdit: SelfEdit,
): Promise<void> {
  if (!added.length) return;
  const starts = await startsOf(ex, added);
  const tooOld = added.filter((t) => pastHorizon(starts.get(t.id) ?? null, now, selfEdit));
  if (tooOld.length) throw ticketsTooOld(tooOld.map((t) => t.id));
}

/** The promo codes named (the seller's), as cart-totals takes them; unknown names give nothing. */
async function promoCodes(
  ex: Executor | Db,
  sellerId: string,
  names: readonly string[],
): Promise<TotalsCode[]> {
  if (!names.length) return [];
  const rows = await ex
    .select()
    .from(s.code)
    .where(and(eq(s.code.sellerId, sellerId), inArray(s.code.code, [...names])));
  const byName = new Map(rows.map((r) => [r.code, r]));
  return names.flatMap((name) => {
    const row = byName.get(name);
    return row && row.kind === "promo" ? [{ code: name, benefit: readBenefit(row.benefit) }] : [];
  });
}

/**
 * What a change to `order` costs (domain/manage/edit-price.ts): its booked tickets, the ids it
 * removes, the tickets it adds, and the codes of the order (bought with) and of the edit cart.
 */
export async function priceEdit(
  ex: Executor | Db,
  order: Pick<OrderRow, "id" | "sellerId" | "cartId" | "total">,
  removed: readonly string[],
  added: readonly (PricedTicket & { ticketGroupId: string })[],
  editCodes: readonly string[] = [],
): Promise<EditPrice> {
  const [bookedRows, [bought]] = await Promise.all([
    ex
      .select()
      .from(s.ticket)
      .where(and(eq(s.ticket.ticketOrderId, order.id), eq(s.ticket.state, "booked"))),
    ex.select({ codes: s.cart.codes }).from(s.cart).where(eq(s.cart.id, order.cartId)),
  ]);
  const names = [...new Set([...(bought?.codes ?? []), ...editCodes])];
  // A code discounts only the kinds of line it is for, so each line says what it is.
  const [codes, booked, addedLines, currency] = await Promise.all([
    promoCodes(ex, order.sellerId, names),
    withLineKinds(ex, bookedRows),
    withLineKinds(ex, added),
    sellerCurrency(ex, order.sellerId),
  ]);
  return editPrice({ booked, removed, added: addedLines, codes, orderTotal: order.total, currency });
}

/** The price of an edit cart's change (its holds added, its removals removed); null for other carts. */
export async function editCartPrice(
  ex: Executor | Db,
  cart: CartRow,
  held: readonly TicketRow[],
): Promise<EditPrice | null> {
  if (!cart.editsTicketOrderId) return null;
  const [order] = await ex.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, cart.editsTicketOrderId));
  if (!order) return null;
  return priceEdit(ex, order, cart.editRemovals, held, cart.codes);
}
