/**
 * What an order's completion delivers (complete-order.ts, which every completion path runs): the
 * bought memberships, the gift-of-membership codes and the bought gift cards. Each step is
 * idempotent, so a completion run twice delivers nothing twice.
 */

import type { Tx } from "../../db/executor.ts";
import { createOrderMemberships } from "../membership/create.ts";
import { issueGiftCodes } from "../membership/gift-code.ts";
import { issueGiftCards } from "./gift-cards.ts";
import { orderTicketsByHandler, ticketsByHandler } from "./order-tickets.ts";
import type { OrderTicketRow } from "./orders.ts";

type CompletedOrder = Parameters<typeof createOrderMemberships>[1] &
  Parameters<typeof issueGiftCodes>[1] &
  Parameters<typeof issueGiftCards>[1];

const DELIVERING = ["membership", "ledger"] as const;

/**
 * Delivers what the order holds; answers whether it delivered anything now. `tickets`: the
 * order's tickets when already read (its mail's), else they are read here.
 */
export async function completeOrderFulfilment(
  tx: Tx,
  order: CompletedOrder,
  now: Date,
  tickets?: readonly OrderTicketRow[],
): Promise<boolean> {
  // One read of what the order delivers: most orders hold neither kind and stop here.
  const delivered = tickets
    ? ticketsByHandler(
        tickets.map(({ ticket, group }) => ({ ticket, handler: group.handler })),
        DELIVERING,
      )
    : await orderTicketsByHandler(tx, order.id, DELIVERING);
  const memberships = await createOrderMemberships(tx, order, now, delivered.membership);
  const codes = await issueGiftCodes(tx, order, now);
  const giftCards = await issueGiftCards(tx, order, now, delivered.ledger);
  return memberships.length + codes.length + giftCards.length > 0;
}
