/**
 * The analytics events' payloads (spec 1 §7: "Analytics events, sent only with a tag-manager
 * container id: add_to_cart, remove_from_cart, begin_checkout, purchase, view_item (ticket id,
 * ticket_type_id, event_template_id, ticket_group_id, handler, face_value, adjusted_value, fee;
 * order number; coupon name and tickets_affected)"). Pure: the caller pushes them to the
 * tag manager's dataLayer, and only when the tenant has a container id.
 */
import { parseMoneyString, toMoneyString } from "../money.ts";
import { feeTotal, outsideFeesOf } from "../price-display.ts";

export type AnalyticsEventName =
  | "add_to_cart"
  | "remove_from_cart"
  | "begin_checkout"
  | "purchase"
  | "view_item";

export interface AnalyticsEvent {
  event: AnalyticsEventName;
  ecommerce: Record<string, unknown>;
}

/** A held ticket as the cart answers it (TicketResource). */
export interface AnalyticsTicket {
  id: string;
  ticket_type_id: string;
  event_template_id: string;
  ticket_group_id: string;
  face_value: string;
  fee_fixed_outside: string;
}

/** add_to_cart and remove_from_cart: one item per ticket. */
export function ticketItems(tickets: readonly AnalyticsTicket[]) {
  return tickets.map((t) => ({
    ticket_id: t.id,
    ticket_type_id: t.ticket_type_id,
    event_template_id: t.event_template_id,
    ticket_group_id: t.ticket_group_id,
    face_value: t.face_value,
    fee: t.fee_fixed_outside,
  }));
}

/** What view_item needs of the event page: the event and the ticket types a visitor may buy. */
export interface ViewItemInput {
  eventId: string;
  eventName: string;
  currency: string;
  groups: readonly { id: string; handler: string }[];
  types: readonly {
    id: string;
    ticket_group_id: string;
    currency_amount: string;
    outside_fees: { type: string; fee: string }[];
  }[];
}

/**
 * view_item on the event page: the items shaped as the cart events' (ticket_type_id,
 * event_template_id, ticket_group_id, face_value, fee), plus the group's handler; no ticket id yet.
 * Only the types of the groups shown are listed, in their order.
 */
export function viewItemEvent(input: ViewItemInput): AnalyticsEvent {
  const items = input.groups.flatMap((group) =>
    input.types
      .filter((type) => type.ticket_group_id === group.id)
      .map((type) => {
        // The API's strings are read in the seller's currency ("2.500" KWD is 2500 fils); the
        // values go out in its own decimals, as the ecommerce currency field says.
        const amount = parseMoneyString(type.currency_amount, input.currency);
        const fees = outsideFeesOf(type);
        return {
          ticket_type_id: type.id,
          event_template_id: input.eventId,
          ticket_group_id: group.id,
          handler: group.handler,
          face_value: toMoneyString(amount, input.currency),
          fee: toMoneyString(feeTotal([{ amount, fees }]), input.currency),
        };
      }),
  );
  return {
    event: "view_item",
    ecommerce: {
      currency: input.currency,
      event_template_id: input.eventId,
      item_name: input.eventName,
      items,
    },
  };
}
