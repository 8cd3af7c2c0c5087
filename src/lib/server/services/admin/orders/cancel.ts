/**
 * A staff cancel without a refund (a comp, a no-show the venue keeps the money of): the order's
 * booked tickets, or the ones asked, are cancelled and their places go back on sale, a membership
 * left without its ticket ends, the buyer gets the order_cancel mail, and the audit log says who
 * and why; all in one transaction, with the order and its tickets locked first (access.ts).
 */

import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import { fail } from "../../../errors/api-error.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import { mailManagedOrder } from "../../manage/mail.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { lockSellerOrder } from "./access.ts";
import { type CancelOrderInput, type CancelResult, cancelOrderInput } from "./schemas.ts";
import {
  cancelOrderTickets,
  endUnbookedMemberships,
  orderTickets,
  ticketsToCancel,
} from "./ticket-changes.ts";

export async function cancelOrder(
  db: Executor,
  actor: StaffActor,
  input: CancelOrderInput,
  now: Date,
): Promise<CancelResult> {
  assertAllowed(actor, "orders.change");
  const { orderId, ticketIds, reason } = parseInput(cancelOrderInput, input);
  return db.transaction(async (tx) => {
    const order = await lockSellerOrder(tx, actor, orderId);
    if (order.state !== "completed") throw fail("order_not_completed");
    const cancelling = ticketsToCancel(await orderTickets(tx, order), ticketIds);
    if (!cancelling.length) throw fail("refund_nothing_left");
    const releasePlaces = await cancelOrderTickets(tx, cancelling);
    const ended = await endUnbookedMemberships(tx, order, now);
    await recordAudit(
      tx,
      actor,
      {
        action: "cancel",
        resource: "ticket_order",
        resourceId: order.id,
        reason,
        details: { tickets: cancelling.map((t) => t.id), memberships: ended, refunded: false },
      },
      now,
    );
    const seller = await actorSeller(tx, actor);
    const mailId = await mailManagedOrder(tx, seller, order, "order_cancel", mailOriginFor(seller.slug), now);
    await releasePlaces();
    return {
      orderId: order.id,
      cancelledTicketIds: cancelling.map((t) => t.id),
      endedMembershipIds: ended,
      mailId,
    };
  });
}
