/**
 * POST ticket_order/{id}/cancel (spec 2 §5, §7, §8): the holder of the manage link cancels
 * tickets of the order. The rules are domain/manage/rules.ts: a free order's active, future tickets
 * (self-edit off), or in self-edit the tickets inside the horizon of an order whose tickets all have
 * face value 0. So nothing paid is ever cancelled here, and there is nothing to refund: a paid order
 * gets "You must contact us to cancel this order.".
 *
 * One transaction: the order row, then its tickets, are locked (FOR UPDATE, in id order), the rules
 * are checked on what is read under the lock, the tickets become cancelled (seats and voucher uses
 * freed) and their places go back to the session and group counters last (cart/counters.ts). A
 * double submit waits for the first and then finds the tickets already cancelled: it changes
 * nothing and answers the same order, so a place is given back exactly once.
 */
import { cancelRefusal } from "../../../domain/manage/rules.ts";
import type { Tx } from "../../db/executor.ts";
import { fail } from "../../errors/api-error.ts";
import { applyCapacityDeltas, releaseDeltas } from "../cart/counters.ts";
import { cancelTickets } from "../cart/release.ts";
import type { SellerRow } from "../catalogue/reads.ts";
import { lockOrderAndTickets, type OrderRow } from "../checkout/orders.ts";
import { managedOrder, orderNotFound } from "./access.ts";
import { type ManageView, manageView } from "./read.ts";

const CONTEXT = "cancel";

/** The spec answers every refused ticket with 400 and one text; the code says why. */
type NoValidTickets = "cancel_ticket_not_found" | "cancel_tickets_too_old" | "cancel_ticket_state_incorrect";

const noValidTickets = (code: NoValidTickets, ids: readonly string[]) =>
  fail(code, { extra: { tickets: ids } });

export const contactUsToCancel = () => fail("cancel_not_allowed");

/** Locks the order row, then its ticket rows (id order), and answers the order read under the lock. */
async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const order = await lockOrderAndTickets(tx, orderId);
  if (!order) throw orderNotFound(CONTEXT);
  return order;
}

export interface CancelInput {
  orderId: string;
  token: string;
  ticketIds: readonly string[];
}

/** Cancels the asked tickets of the order and answers the order as /manage shows it afterwards. */
export async function cancelOrderTickets(
  tx: Tx,
  seller: SellerRow,
  input: CancelInput,
  now: Date,
): Promise<ManageView> {
  await managedOrder(tx, input.orderId, input.token, now, seller.id);
  const order = await lockOrder(tx, input.orderId);
  const view = await manageView(tx, order, seller.slug, now);
  const asked = [...new Set(input.ticketIds)];
  const index = new Map(view.rows.map((row, i) => [row.ticket.id, i]));
  const strangers = asked.filter((id) => !index.has(id));
  if (strangers.length) throw noValidTickets("cancel_ticket_not_found", strangers);
  if (cancelRefusal(view.mode, view.ruleTickets)) throw contactUsToCancel();
  const positions = asked.map((id) => index.get(id) ?? -1);
  // Already cancelled (a double submit): nothing more to do for those.
  const open = positions.filter((i) => view.rows[i]?.ticket.state !== "cancelled");
  const refused = open.filter((i) => !view.permissions[i]?.canCancel);
  if (refused.length) {
    const tooOld = refused.some((i) => view.rows[i]?.ticket.state === "booked");
    throw noValidTickets(
      tooOld ? "cancel_tickets_too_old" : "cancel_ticket_state_incorrect",
      refused.map((i) => view.rows[i]?.ticket.id ?? ""),
    );
  }
  const tickets = open.flatMap((i) => (view.rows[i] ? [view.rows[i].ticket] : []));
  if (!tickets.length) return view;
  const { sessions, groups } = releaseDeltas(tickets);
  await cancelTickets(tx, tickets, "booked");
  await applyCapacityDeltas(tx, sessions, groups);
  return manageView(tx, order, seller.slug, now);
}
