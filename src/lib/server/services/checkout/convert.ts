/**
 * Converting a locked cart into a ticket order, inside the checkout's transaction: the order with
 * its number (the cart's number, unique per seller, one order per cart), held tickets booked with
 * random scan codes, held seats booked, the cart booked. Capacity counters do not change: the held
 * tickets already own their places, so booking can never go past capacity.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, or } from "drizzle-orm";
import { feeLines } from "../../../domain/fee-lines.ts";
import { formatMoney } from "../../../domain/money.ts";
import { getTenant } from "../../../tenant/load.ts";
import { t } from "../../../tenant/strings.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { buildOrderConfirmation, type PaymentScheduleText } from "../../mail/order-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { isPublicIdentity } from "../identity/identity.ts";
import { manageLinkForMail } from "../manage/link.ts";
import { ticketMailExtrasOf } from "../ticket-cards/links.ts";
import { completeOrderFulfilment } from "./fulfil.ts";
import type { OrderIdentity } from "./identity.ts";
import { loadOrderBundle, type OrderRow, type OrderTicketRow, orderBreakdown } from "./orders.ts";

/** 12 characters of an unambiguous alphabet (no 0/O, 1/I/L): about 60 bits. */
const SCAN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newScanCode(): string {
  const bytes = randomBytes(12);
  let out = "";
  for (const b of bytes) out += SCAN_ALPHABET[b % SCAN_ALPHABET.length];
  return out;
}

/**
 * Books held tickets onto an order: each gets its scan code, and a held seat becomes booked. The
 * tickets already own their places (issue 14: an edit cart's added tickets join its order here too).
 */
export async function bookTickets(tx: Tx, tickets: readonly TicketRow[], orderId: string): Promise<void> {
  if (!tickets.length) return;
  const ids = tickets.map((t) => t.id);
  await tx
    .update(s.ticket)
    .set({ state: "booked", ticketOrderId: orderId })
    .where(and(inArray(s.ticket.id, ids), eq(s.ticket.state, "held")));
  await tx
    .insert(s.ticketScan)
    .values(tickets.map((t) => ({ ticketId: t.id, ticketOrderId: orderId, scanCode: newScanCode() })));
  const seats = tickets.flatMap((t) =>
    t.seatTemplateId && t.eventSessionId
      ? [
          and(
            eq(s.sessionSeat.eventSessionId, t.eventSessionId),
            eq(s.sessionSeat.seatTemplateId, t.seatTemplateId),
          ),
        ]
      : [],
  );
  if (seats.length) {
    await tx
      .update(s.sessionSeat)
      .set({ state: "booked" })
      .where(and(eq(s.sessionSeat.state, "held"), or(...seats)));
  }
}

export async function bookCart(
  tx: Tx,
  cart: CartRow,
  tickets: readonly TicketRow[],
  identity: OrderIdentity,
  total: number,
  state: "completed" | "pending",
  now: Date,
): Promise<OrderRow> {
  const order: OrderRow = {
    id: randomUUID(),
    sellerId: cart.sellerId,
    orderNumber: cart.cartNumber,
    identityId: identity.id,
    cartId: cart.id,
    state,
    guest: isPublicIdentity(cart.identityId, cart.sellerId),
    createdAt: now,
    total,
    gifteeIdentityId: cart.membershipOptions.gifteeIdentityId ?? null,
  };
  await tx.insert(s.ticketOrder).values(order);
  await bookTickets(tx, tickets, order.id);
  await tx
    .update(s.cart)
    .set({ state: "booked", ticketOrderId: order.id, expiresAt: null })
    .where(eq(s.cart.id, cart.id));
  if (state === "completed") {
    await completeOrderFulfilment(tx, order, now);
  }
  return order;
}

/** Issue 11: the order total's fee lines for the mail, in the tenant's fee texts (none without fees). */
function orderTotalLines(
  order: OrderRow,
  tickets: readonly OrderTicketRow[],
  seller: { slug: string; currencyCode: string },
): { label: string; amount: string }[] {
  const tenant = getTenant(seller.slug);
  return feeLines(orderBreakdown(order, tickets)).map((line) => ({
    label: t(tenant, `checkout.summary.${line.key}`),
    amount: `${line.key === "discount" ? "−" : ""}${formatMoney(line.amount, seller.currencyCode)}`,
  }));
}

/** Queues the confirmation mail of a completed order (nothing when the identity has no e-mail). */
export async function enqueueConfirmation(
  tx: Tx,
  order: OrderRow,
  identity: OrderIdentity,
  seller: { slug: string; name: string; currencyCode: string },
  now: Date,
  /** An order on a plan: its payment schedule (plan-order.ts). */
  schedule?: PaymentScheduleText | null,
): Promise<string | null> {
  if (!identity.email) return null;
  // The mail shows no membership card: the bundle without them.
  const bundle = await loadOrderBundle(tx, [order.id], { memberships: false });
  const mail = await buildOrderConfirmation({
    sellerId: order.sellerId,
    sellerName: seller.name,
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalText: formatMoney(order.total, seller.currencyCode),
    totalLines: orderTotalLines(order, bundle.tickets, seller),
    to: identity.email,
    firstName: identity.firstName,
    tickets: bundle.tickets,
    locale: getTenant(seller.slug)?.locale,
    additionalInfo: bundle.cartInfo?.get(order.cartId),
    // Issue 14: the "Manage your booking" link (services/manage/link.ts).
    manageUrl: await manageLinkForMail(tx, order, seller.slug, bundle.tickets, now),
    // Issue 15: the tickets page, wallet links and calendar attachment (services/ticket-cards/links.ts).
    // The calendar comes from the bundle's rows, not a second read of the order's tickets.
    inHand: await ticketMailExtrasOf(tx, order, seller, bundle.tickets, now),
    schedule: schedule ?? null,
  });
  return enqueueMail(tx, mail, now);
}
