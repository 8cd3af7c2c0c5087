/**
 * Bought gift cards (ticket groups with handler ledger) become real gift cards when their order
 * completes: one `gift_card` ledger per ticket, with the ticket's face value as its balance and an
 * unguessable number (domain/gift-card-number.ts), spendable at checkout through the ledger gateway like
 * any other card. Each card is mailed, in the same transaction, to the recipient the buyer named
 * (the gift card group's survey, domain/gift-recipient.ts), or to the buyer when no recipient
 * e-mail was given, so someone always receives a usable card. Idempotent: the ledger's id is the
 * ticket's, so a completion run twice (a retried call, a late webhook) issues and mails nothing
 * more. Called from completeOrderFulfilment (fulfil.ts), a step of every order's completion.
 */
import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { giftCardNumber } from "../../../domain/gift-card-number.ts";
import { giftRecipientOf } from "../../../domain/gift-recipient.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { buildGiftCardMail } from "../../mail/gift-card.ts";
import { mailLanguage } from "../../mail/mail-language.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { GIFT_CARD_TYPE } from "../../payments/ledger-gateway.ts";
import { type OrderTicket, orderTicketsByHandler } from "./order-tickets.ts";

type OrderLike = {
  id: string;
  sellerId: string;
  identityId: string;
  cartId: string;
  /** The language the order was bought in: the card's mail is written in it. */
  language?: string | null;
};
type LedgerRow = typeof s.ledger.$inferSelect;

/** The ledger id of the card a ticket bought: one card per ticket, whatever runs the completion. */
export const giftCardLedgerId = (ticketId: string) => `gift-card-${ticketId}`;

/** Inserts the card under a fresh number, drawing again on the rare collision. */
async function insertCard(tx: Tx, row: Omit<LedgerRow, "number">): Promise<LedgerRow> {
  for (;;) {
    const [created] = await tx
      .insert(s.ledger)
      .values({ ...row, number: giftCardNumber(randomInt) })
      // Only a number taken by another card draws again; the same ticket's card twice is an error.
      .onConflictDoNothing({ target: [s.ledger.sellerId, s.ledger.type, s.ledger.number] })
      .returning();
    if (created) return created;
  }
}

/** Issues the order's bought gift cards and queues their mails; answers the cards issued now. */
export async function issueGiftCards(
  tx: Tx,
  order: OrderLike,
  now: Date,
  /** The order's live gift card (ledger) tickets (order-tickets.ts); read here when not given. */
  given?: readonly OrderTicket[],
): Promise<LedgerRow[]> {
  const bought = given ?? (await orderTicketsByHandler(tx, order.id, ["ledger"])).ledger;
  if (!bought.length) return [];
  const issued = new Set(
    (
      await tx
        .select({ id: s.ledger.id })
        .from(s.ledger)
        .where(
          inArray(
            s.ledger.id,
            bought.map(({ ticket }) => giftCardLedgerId(ticket.id)),
          ),
        )
    ).map((r) => r.id),
  );
  const toIssue = bought.filter(({ ticket }) => !issued.has(giftCardLedgerId(ticket.id)));
  if (!toIssue.length) return [];
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, order.sellerId));
  if (!seller) throw new Error(`seller ${order.sellerId} missing`);
  const [buyer] = await tx.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const [cart] = await tx
    .select({ additionalInfo: s.cart.additionalInfo })
    .from(s.cart)
    .where(eq(s.cart.id, order.cartId));
  const buyerName = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ").trim() || null;
  const language = mailLanguage(seller.slug, order.language);
  const locale = language.locale;
  const cards: LedgerRow[] = [];
  for (const { ticket } of toIssue) {
    const card = await insertCard(tx, {
      id: giftCardLedgerId(ticket.id),
      sellerId: order.sellerId,
      type: GIFT_CARD_TYPE,
      balance: ticket.faceValue,
      state: "active",
    });
    cards.push(card);
    const recipient = giftRecipientOf(cart?.additionalInfo, ticket.ticketGroupId);
    const to = recipient?.email ?? buyer?.email ?? null;
    if (!to) continue;
    const mail = buildGiftCardMail({
      seller: { ...seller, name: language.sellerName(seller.name) },
      tenant: language.tenant,
      to,
      recipientName: recipient?.email ? recipient.name : (buyer?.firstName ?? null),
      buyerName,
      number: card.number,
      balance: card.balance,
      message: recipient?.email ? recipient.message : null,
      orderId: order.id,
      locale,
    });
    await enqueueMail(tx, mail, now);
  }
  return cards;
}
