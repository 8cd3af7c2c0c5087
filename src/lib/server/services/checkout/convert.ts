/**
 * Converting a locked cart into a ticket order, inside the checkout's transaction: the order with
 * its number (the cart's number, unique per seller, one order per cart), held tickets booked with
 * random scan codes, held seats booked, the cart booked, and the gift-of-membership code the
 * checkout claimed recorded on the order. Capacity counters do not change: the held tickets
 * already own their places, so booking can never go past capacity. A paid cart is booked as part
 * of its order's completion (complete-order.ts); a cart whose payment is still processing is
 * booked into a pending order, which that completion finishes once the payment succeeds.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/executor.ts";
import { boundAs, insertShaped, placeholders, placeholderValues, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { sequenced } from "../../db/sequenced.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { isPublicIdentity } from "../identity/identity.ts";
import { recordRedeemedOrder } from "../membership/redeem.ts";
import type { OrderIdentity } from "./identity.ts";
import type { OrderRow } from "./orders.ts";

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
 * tickets already own their places (an edit cart's added tickets join its order here too).
 */
export async function bookTickets(tx: Tx, tickets: readonly TicketRow[], orderId: string): Promise<void> {
  if (!tickets.length) return;
  const ids = tickets.map((t) => t.id);
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
  // Sent together, in this order, in one round trip (sequenced.ts).
  await sequenced(tx, [
    () =>
      runShaped(
        tx,
        `book_tickets:${ids.length}`,
        () =>
          tx
            .update(s.ticket)
            .set({ state: "booked", ticketOrderId: boundAs<string>("order") })
            .where(and(inArray(s.ticket.id, placeholders("id", ids.length)), eq(s.ticket.state, "held"))),
        { order: orderId, ...placeholderValues("id", ids) },
        ids.length <= 8,
      ),
    () =>
      insertShaped(
        tx,
        "ticket_scan_insert",
        s.ticketScan,
        tickets.map((t) => ({ ticketId: t.id, ticketOrderId: orderId, scanCode: newScanCode() })),
        false,
      ),
    ...(seats.length
      ? [
          () =>
            tx
              .update(s.sessionSeat)
              .set({ state: "booked" })
              .where(and(eq(s.sessionSeat.state, "held"), or(...seats))),
        ]
      : []),
  ]);
}

/** A locked cart with its held tickets, ready to become an order. */
export interface CartBooking {
  cart: CartRow;
  tickets: readonly TicketRow[];
  /** The purchaser. */
  identity: OrderIdentity;
  /** The cart total, minor units. */
  total: number;
  /** The gift-of-membership code this checkout claimed (membership/redeem.ts), if any. */
  giftCodeId: string | null;
}

export async function bookCart(
  tx: Tx,
  booking: CartBooking,
  state: "completed" | "pending",
  now: Date,
): Promise<OrderRow> {
  const { cart, tickets, identity, total } = booking;
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
    // A desk sale marks its order afterwards (services/admin/desk/sell.ts).
    channel: "web",
    language: cart.language,
  };
  // The order first (its tickets refer to it), the rest sent with it: one round trip.
  await sequenced(tx, [
    () => insertShaped(tx, "ticket_order_insert", s.ticketOrder, [order], false),
    () => bookTickets(tx, tickets, order.id),
    () =>
      runShaped(
        tx,
        "cart_booked",
        () =>
          tx
            .update(s.cart)
            .set({
              state: "booked",
              ticketOrderId: boundAs<string>("order"),
              expiresAt: null,
            })
            .where(eq(s.cart.id, sql.placeholder("cart"))),
        { order: order.id, cart: cart.id },
      ),
    // A pending order keeps the code too: cancelling it (cancel-pending.ts) releases it by the order.
    () => recordRedeemedOrder(tx, booking.giftCodeId, order.id),
  ]);
  return order;
}
