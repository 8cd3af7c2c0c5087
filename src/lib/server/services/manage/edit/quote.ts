/**
 * The reschedule preview's price (GET ticket_order/{id}/reschedule_quote): what moving
 * some of the order's tickets to another session would cost, without holding anything. The new
 * tickets are priced by the reserve path itself (resolveAdds, plannedTickets: the session's price
 * tier, the type's outside fees), and the change by the edit-price rule the edit cart's envelope
 * and its checkout use, so the preview is the amount the confirm page then charges.
 */
import type { RescheduleQuote } from "../../../../api/manage/edit-schemas.ts";
import { toMoneyString } from "../../../../domain/money.ts";
import { plannedTickets, resolveAdds } from "../../cart/reserve.ts";
import { sellerCurrency } from "../../money/seller-currency.ts";
import { managedOrder } from "../access.ts";
import type { EditDeps } from "./cart.ts";
import { assertSelfEdit, checkRemovals, priceEdit } from "./rules.ts";

export async function rescheduleQuote(
  deps: EditDeps,
  request: {
    orderId: string;
    token: string;
    sellerId: string;
    ticketIds: readonly string[];
    sessionId: string;
  },
): Promise<RescheduleQuote> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await managedOrder(tx, request.orderId, request.token, now, request.sellerId);
    const selfEdit = await assertSelfEdit(tx, order.sellerId);
    const moving = await checkRemovals(tx, order, request.ticketIds, now, selfEdit);
    // The same types at the new session, one line per type, as the reschedule page adds them.
    const perType = new Map<string, number>();
    for (const t of moving) perType.set(t.ticketTypeId, (perType.get(t.ticketTypeId) ?? 0) + 1);
    const { resolved } = await resolveAdds(
      tx,
      order.sellerId,
      [...perType].map(([ticket_type_id, quantity]) => ({
        ticket_type_id,
        event_session_id: request.sessionId,
        quantity,
      })),
      now,
    );
    const added = plannedTickets("quote", order.sellerId, resolved, now).map(({ row, line }) => ({
      id: row.id ?? "",
      ticketTypeId: line.type.id,
      ticketGroupId: line.group.id,
      faceValue: line.faceValue,
      feeFixedOutside: line.type.feeFixedOutside,
      feePercentOutside: line.type.feePercentOutside,
    }));
    const price = await priceEdit(
      tx,
      order,
      moving.map((t) => t.id),
      added,
    );
    const currency = await sellerCurrency(tx, order.sellerId);
    const money = (minor: number) => toMoneyString(minor, currency);
    return {
      event_session_id: request.sessionId,
      difference: money(price.difference),
      face_value: money(price.added.faceValue),
      fees: money(price.added.fees),
      discount: money(price.added.discount),
      total: money(price.added.total),
      credit: money(price.credit),
    };
  });
}
