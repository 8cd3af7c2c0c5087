/**
 * The `ledger` gateway: gift cards (ledger type gift_card) as partial payments. It takes what the
 * card can pay, up to the amount asked, with a conditional UPDATE (balance >= taken), so two
 * payments racing on one card never overdraw it. A refund credits the card (the payment's reference
 * is the ledger row) with what the payment took.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { getTenant } from "../../tenant/load.ts";
import type { Tx } from "../db/executor.ts";
import * as s from "../db/schema.ts";
import { notFound } from "../errors/api-error.ts";
import { ledgerEmpty, ledgerInactive, type WordsOf } from "./errors.ts";
import { dataString, type Gateway } from "./gateway.ts";

export const GIFT_CARD_TYPE = "gift_card";

export async function findGiftCard(tx: Tx, sellerId: string, number: string) {
  const [row] = await tx
    .select()
    .from(s.ledger)
    .where(
      and(eq(s.ledger.sellerId, sellerId), eq(s.ledger.type, GIFT_CARD_TYPE), eq(s.ledger.number, number)),
    )
    .for("update");
  return row;
}

/** The seller's tenant, for the words of a refusal (read only when refusing). */
async function wordsOf(tx: Tx, sellerId: string): Promise<WordsOf> {
  const [row] = await tx.select({ slug: s.seller.slug }).from(s.seller).where(eq(s.seller.id, sellerId));
  return row ? getTenant(row.slug) : undefined;
}

export const ledgerGateway: Gateway = {
  id: "ledger",
  cardLimits: false,
  async charge(tx, request) {
    const number = dataString(request.data, "number") ?? "";
    const card = number ? await findGiftCard(tx, request.sellerId, number) : undefined;
    if (!card) throw notFound("ledger", number || undefined);
    if (card.state !== "active") throw ledgerInactive(await wordsOf(tx, request.sellerId));
    if (card.balance <= 0) throw ledgerEmpty(request.currency, await wordsOf(tx, request.sellerId));
    const taken = Math.min(card.balance, request.amount);
    const [after] = await tx
      .update(s.ledger)
      .set({ balance: sql`${s.ledger.balance} - ${taken}` })
      .where(and(eq(s.ledger.id, card.id), gte(s.ledger.balance, taken)))
      .returning({ balance: s.ledger.balance });
    if (!after) throw ledgerEmpty(request.currency, await wordsOf(tx, request.sellerId));
    return {
      status: "succeeded",
      amount: taken,
      reference: card.id,
      cardNumber: card.number,
      remainingBalance: after.balance,
    };
  },
  async refund(tx, request) {
    if (!request.reference) throw new Error(`gift card payment ${request.paymentId} has no ledger`);
    const [credited] = await tx
      .update(s.ledger)
      .set({ balance: sql`${s.ledger.balance} + ${request.amount}` })
      .where(eq(s.ledger.id, request.reference))
      .returning({ id: s.ledger.id });
    if (!credited) throw new Error(`gift card of payment ${request.paymentId} is missing`);
    return credited.id;
  },
};
