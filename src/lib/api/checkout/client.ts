/**
 * The checkout calls of spec 2 §7 over the typed client (client.ts): guest checkout, partial
 * payments (gift cards), the gift-card ledger look-up and the ticket orders of the completion
 * page. Writes are never retried; an idempotency key makes a repeated submit give the same order.
 */
import { z } from "zod";
import { inStore } from "../cart/client.ts";
import { ticketSeatResource } from "../cart/schemas.ts";
import type { ApiClient } from "../client.ts";
import {
  collection,
  eventSessionResource,
  eventTemplateResource,
  metaResource,
  ticketGroupResource,
  ticketTypeResource,
} from "../schemas.ts";
import {
  type CheckoutBody,
  checkoutAnswer,
  ledgerAnswer,
  orderMembershipResource,
  orderTicketResource,
  type PayBody,
  ticketOrderResource,
} from "./schemas.ts";

/** GET ticket_order: the orders with their tickets and what names them (embeds are optional). */
export const ticketOrderEnvelope = z.object({
  ticket_order: collection(ticketOrderResource),
  ticket: collection(orderTicketResource).optional(),
  ticket_type: collection(ticketTypeResource).optional(),
  /** The groups name a seat's section; `seat` names the seats. */
  ticket_group: collection(ticketGroupResource).optional(),
  seat: collection(ticketSeatResource).optional(),
  event_template: collection(eventTemplateResource).optional(),
  event_session: collection(eventSessionResource).optional(),
  meta: collection(metaResource).optional(),
  /** The memberships the orders created. */
  membership: collection(orderMembershipResource).optional(),
});
export type TicketOrderEnvelope = z.infer<typeof ticketOrderEnvelope>;

/** The completion page's embeds (spec §7 'GET ticket_order (cached) | query id._in with embeds'). */
export const TICKET_ORDER_EMBEDS = [
  "ticket",
  "ticket_type",
  "ticket_group",
  "seat",
  "event_template",
  "event_session",
  "meta",
  "membership",
];

/** Gift cards are ledgers of this type (GET ledger/{type}/{number}). */
export const GIFT_CARD_LEDGER = "gift_card";

const cartPath = (id: string) => `cart/${encodeURIComponent(id)}`;

export function checkoutApi(client: ApiClient) {
  return {
    /** POST cart/{id}/guest_checkout. */
    guestCheckout(cartId: string, body: CheckoutBody, seller?: string) {
      return client.send("POST", `${cartPath(cartId)}/guest_checkout`, inStore(seller), body, checkoutAnswer);
    },
    /** POST cart/{id}/pay: a partial payment (a gift card, which goes first). */
    pay(cartId: string, body: PayBody, seller?: string) {
      return client.send("POST", `${cartPath(cartId)}/pay`, inStore(seller), body, checkoutAnswer);
    },
    /** POST my/cart/{id}/checkout: a logged-in member's checkout (the order is theirs; no identity form). */
    memberCheckout(cartId: string, body: CheckoutBody, seller?: string) {
      return client.send("POST", `my/${cartPath(cartId)}/checkout`, inStore(seller), body, checkoutAnswer);
    },
    /** POST my/cart/{id}/gift_checkout: a logged-in buyer's gift of membership. */
    giftCheckout(cartId: string, body: CheckoutBody, seller?: string) {
      return client.send(
        "POST",
        `my/${cartPath(cartId)}/gift_checkout`,
        inStore(seller),
        body,
        checkoutAnswer,
      );
    },
    /** POST my/cart/{id}/pay: a logged-in member's partial payment. */
    memberPay(cartId: string, body: PayBody, seller?: string) {
      return client.send("POST", `my/${cartPath(cartId)}/pay`, inStore(seller), body, checkoutAnswer);
    },
    /** GET ledger/{type}/{number}: a gift card's state and balance; unknown is a 404. */
    ledger(seller: string, number: string, type = GIFT_CARD_LEDGER) {
      return client.get(
        `ledger/${encodeURIComponent(type)}/${encodeURIComponent(number)}`,
        { _seller: seller },
        ledgerAnswer,
      );
    },
    /** GET ticket_order with id._in (the completion page). */
    ticketOrders(seller: string, ids: readonly string[], embed: readonly string[] = TICKET_ORDER_EMBEDS) {
      return client.get(
        "ticket_order",
        { _seller: seller, "id._in": ids, _embed: embed },
        ticketOrderEnvelope,
      );
    },
  };
}

export type CheckoutApi = ReturnType<typeof checkoutApi>;

/** Spec §7 image link of an order's QR code. */
export const orderQrCodeUrl = (orderId: string) =>
  `/cached_api/ticket_order/${encodeURIComponent(orderId)}/qrcode?margin=4`;

/** Spec 2 §7 image link of a membership's QR code (the member ID). */
export const membershipQrCodeUrl = (membershipId: string) =>
  `/api/membership/${encodeURIComponent(membershipId)}/qrcode?margin=2`;
