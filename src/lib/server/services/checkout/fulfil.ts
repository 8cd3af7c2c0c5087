/**
 * What an order's completion delivers (complete-order.ts, which every completion path runs): the
 * bought memberships, the gift-of-membership codes and the bought gift cards. Each step is
 * idempotent, so a completion run twice delivers nothing twice.
 */

import type { Tx } from "../../db/executor.ts";
import { createOrderMemberships } from "../membership/create.ts";
import { issueGiftCodes } from "../membership/gift-code.ts";
import { issueGiftCards } from "./gift-cards.ts";
import { orderTicketsByHandler } from "./order-tickets.ts";

type CompletedOrder = Parameters<typeof createOrderMemberships>[1] &
  Parameters<typeof issueGiftCodes>[1] &
  Parameters<typeof issueGiftCards>[1];

export async function completeOrderFulfilment(tx: Tx, order: CompletedOrder, now: Date): Promise<void> {
  // One read of what the order delivers: most orders hold neither kind and stop here.
  const delivered = await orderTicketsByHandler(tx, order.id, ["membership", "ledger"]);
  await createOrderMemberships(tx, order, now, delivered.membership);
  await issueGiftCodes(tx, order, now);
  await issueGiftCards(tx, order, now, delivered.ledger);
}
