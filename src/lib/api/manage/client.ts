/**
 * The manage calls (spec 2 §7): read the order a manage link opens, cancel tickets, mail
 * the link again, the order mail after a change, and the edit-cart calls the manage page's edit UI
 * makes (the edit helper's server side: edit_cart, modify, DELETE, guest_checkout with the free
 * gateway). Used by the manage page (SSR, in process) and its islands (over HTTP).
 */
import { z } from "zod";
import { cartEnvelope } from "../cart/schemas.ts";
import { checkoutAnswer } from "../checkout/schemas.ts";
import type { ApiClient } from "../client.ts";
import { rescheduleQuoteAnswer } from "./edit-schemas.ts";
import { manageAnswer } from "./schemas.ts";

const order = (orderId: string) => `ticket_order/${encodeURIComponent(orderId)}`;
const cart = (cartId: string) => `cart/${encodeURIComponent(cartId)}`;
const nothing = z.undefined();

export interface EditAdd {
  event_session_id: string;
  ticket_type_id: string;
  quantity?: number;
  /** A seated group's chosen seat (quantity 1). */
  seat_template_id?: string;
}

export function manageApi(client: ApiClient, seller: string) {
  const q = { _seller: seller };
  return {
    read(orderId: string, token: string) {
      return client.get(`${order(orderId)}/manage`, { ...q, token }, manageAnswer);
    },
    cancel(orderId: string, token: string, tickets: readonly string[]) {
      return client.send(
        "POST",
        `${order(orderId)}/cancel`,
        q,
        { manage_token: token, tickets, gateway_data: {} },
        manageAnswer,
      );
    },
    mailLink(orderNumber: string, email: string) {
      return client.send(
        "POST",
        "ticket_order/manage_link",
        q,
        { order_number: orderNumber, email },
        nothing,
      );
    },
    mailOrder(orderId: string, token: string, logContext: "order_update" | "order_cancel") {
      return client.send(
        "POST",
        `${order(orderId)}/email`,
        q,
        { manage_token: token, log_context: logContext },
        nothing,
      );
    },
    /** What moving `tickets` to `sessionId` costs (the reschedule preview), priced as the confirm charges it. */
    rescheduleQuote(orderId: string, token: string, tickets: readonly string[], sessionId: string) {
      return client
        .get(
          `${order(orderId)}/reschedule_quote`,
          { ...q, token, event_session_id: sessionId, tickets: tickets.join(",") },
          rescheduleQuoteAnswer,
        )
        .then((answer) => answer.reschedule_quote._data[0]);
    },
    editCart(orderId: string, token: string) {
      return client.send("POST", `${order(orderId)}/edit_cart`, q, { manage_token: token }, cartEnvelope);
    },
    modify(cartId: string, change: { remove?: readonly string[]; add?: readonly EditAdd[] }) {
      return client.send("POST", `${cart(cartId)}/modify`, q, change, cartEnvelope);
    },
    discard(cartId: string) {
      return client.send("DELETE", cart(cartId), q, undefined, nothing);
    },
    confirmFree(cartId: string) {
      return client.send(
        "POST",
        `${cart(cartId)}/guest_checkout`,
        q,
        { gateway_id: "free", gateway_data: {}, send_email: false },
        checkoutAnswer,
      );
    },
  };
}

export type ManageApi = ReturnType<typeof manageApi>;
