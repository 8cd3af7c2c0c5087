/**
 * GET cart/{id}?embed=ticket_order (spec 2 §7): the order an edit cart changes, embedded
 * next to the cart as `ticket_order` (with its fee lines, as the order reads show it).
 */
import type { CartEnvelope } from "../../../../api/cart/schemas.ts";
import type { Db } from "../../../db/client.ts";
import { bundleCurrency, loadOrderBundle, orderFeesOf, serializeOrder } from "../../checkout/orders.ts";

/** Whether an `embed` / `_embed` query value asks for the ticket order. */
export function wantsTicketOrder(...values: (string | undefined)[]): boolean {
  return values.some((v) => (v ?? "").split(",").some((part) => part.trim() === "ticket_order"));
}

export async function withEditedOrder(db: Db, envelope: CartEnvelope): Promise<CartEnvelope> {
  const orderId = envelope.cart._data[0]?.edits_ticket_order_id ?? envelope.cart._data[0]?.ticket_order_id;
  if (!orderId) return { ...envelope, ticket_order: { _count: 0, _data: [] } };
  const bundle = await loadOrderBundle(db, [orderId]);
  const orders = bundle.orders.map((o) => ({
    ...serializeOrder(o, bundleCurrency(bundle, o.sellerId)),
    ticket_order_fees: orderFeesOf(o, bundle.tickets, bundleCurrency(bundle, o.sellerId)),
  }));
  return { ...envelope, ticket_order: { _count: orders.length, _data: orders } };
}
