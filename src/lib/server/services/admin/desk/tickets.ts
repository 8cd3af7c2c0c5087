/**
 * An order's tickets as cards to print at the desk: the same card inputs the confirmation mail
 * builds from the order's rows (ticket-cards/rows.ts), so the printed ticket says what the mail and
 * the shop's tickets page say, with the same scan code in its QR code. Roles: orders.read (a
 * reprint of any order of the seller, not only a desk sale's).
 */
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { TicketCardInput } from "../../../../domain/tickets/ticket-cards.ts";
import type { Executor } from "../../../db/executor.ts";
import { loadOrderBundle } from "../../checkout/orders.ts";
import { cardInputFromRow } from "../../ticket-cards/rows.ts";
import { sellerOrder } from "../orders/access.ts";
import { orderDetailInput } from "../orders/schemas.ts";
import { assertAllowed, parseInput } from "../permit.ts";

export interface DeskTickets {
  orderId: string;
  orderNumber: string;
  cards: TicketCardInput[];
}

export async function deskTickets(
  db: Executor,
  actor: StaffActor,
  input: { orderId: string },
): Promise<DeskTickets> {
  assertAllowed(actor, "orders.read");
  const { orderId } = parseInput(orderDetailInput, input);
  const order = await sellerOrder(db, actor, orderId);
  const bundle = await loadOrderBundle(db, [order.id], { memberships: false });
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    cards: bundle.tickets
      .filter((row) => row.ticket.ticketOrderId === order.id)
      .map((row) => cardInputFromRow(order, row)),
  };
}
