/**
 * A desk sale: the box office sells a walk-in visitor tickets for one session, paid on the desk's
 * card terminal or in cash. It goes through the shop's own door, so places, holds, the cart's
 * rules, the tickets and their scan codes, the order and its confirmation mail are the shop's code:
 * 1. the tickets are reserved in a new cart of the seller's public identity (cart/service.ts
 *    createCart: the capacity counters, group limits, closed sessions and members-only rules);
 * 2. the cart is checked out in checkout's frame (guard.ts: locked, not expired, not blocked): the
 *    desk payment is recorded as succeeded (payments/desk.ts, no gateway is called) and the paid
 *    cart completes into an order (complete-order.ts: tickets booked with scan codes, what the order
 *    delivers, and the confirmation mail when asked for and an e-mail is given);
 * 3. the order is marked as sold at the desk, and the audit log records who sold and how it was
 *    paid, in the same transaction.
 * A checkout that fails (cash short, a rule) releases the cart's holds, so nothing stays taken.
 *
 * The buyer is optional: with an e-mail the order is the guest's (or the account's that has the
 * e-mail) as at a guest checkout; with a name only, a guest without an e-mail; with neither, the
 * seller's public identity, like an anonymous shop cart. The desk asks no custom identity fields
 * and takes no promo codes; members-only tickets are not sold here (day.ts).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { parseMoneyString, toMoneyString } from "../../../../domain/money.ts";
import type { Clock } from "../../../clock.ts";
import type { Db } from "../../../db/client.ts";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../../errors/api-error.ts";
import { deskGatewayId } from "../../../payments/desk.ts";
import { heldTickets } from "../../cart/release.ts";
import { createCart, deleteCart } from "../../cart/service.ts";
import type { CartRow } from "../../cart/types.ts";
import { checkoutAnswerOf } from "../../checkout/answer.ts";
import { cartPayments, cartTotal, type PaymentRow } from "../../checkout/cart-state.ts";
import { completeOrder } from "../../checkout/complete-order.ts";
import { guardedCheckout } from "../../checkout/guard.ts";
import { identityById, type OrderIdentity, storeGuestIdentity } from "../../checkout/identity.ts";
import { ANONYMOUS, publicIdentityId } from "../../identity/identity.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput, type SellerRow } from "../permit.ts";
import { sessionOfActor } from "../sessions/lookup.ts";
import { deskSells } from "./day.ts";
import { type DeskSale, type DeskSaleInput, deskSaleInput } from "./schemas.ts";

type SaleInput = ReturnType<typeof deskSaleInput.parse>;

/** Each line's ticket type is one the desk sells for this session's event (day.ts deskSells). */
async function assertSellable(db: Db, sellerId: string, eventId: string, sale: SaleInput): Promise<void> {
  const ids = sale.lines.map((l) => l.ticketTypeId);
  const rows = await db
    .select({ type: s.ticketType, group: s.ticketGroup })
    .from(s.ticketType)
    .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticketType.ticketGroupId))
    .where(and(inArray(s.ticketType.id, ids), eq(s.ticketType.sellerId, sellerId)));
  for (const id of ids) {
    const row = rows.find((r) => r.type.id === id);
    if (!row || row.group.eventTemplateId !== eventId) throw notFound("ticket_type", id);
    if (row.group.handler === "seated")
      throw fail("desk_seats_not_chosen", { extra: { ticket_type_id: id } });
    if (!deskSells(row.group)) throw fail("desk_type_not_sold", { extra: { ticket_type_id: id } });
  }
}

/** The purchaser (see the file comment). */
async function buyerIdentity(tx: Tx, cart: CartRow, sale: SaleInput, now: Date): Promise<OrderIdentity> {
  const { firstName, lastName, email } = sale.buyer ?? {};
  if (email) {
    if (!firstName && !lastName) {
      // A known guest or account keeps the names it has.
      const [known] = await tx
        .select({ id: s.identity.id })
        .from(s.identity)
        .where(
          and(eq(s.identity.sellerId, cart.sellerId), sql`lower(${s.identity.email}) = lower(${email})`),
        );
      if (known) return identityById(tx, known.id);
    }
    const person = { first_name: firstName ?? "", last_name: lastName ?? "", email };
    return storeGuestIdentity(tx, cart.sellerId, person, now);
  }
  if (firstName || lastName) {
    const id = randomUUID();
    await tx.insert(s.identity).values({
      id,
      sellerId: cart.sellerId,
      kind: "guest",
      email: null,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      createdAt: now,
    });
    return { id, email: null, firstName: firstName ?? null };
  }
  return identityById(tx, publicIdentityId(cart.sellerId));
}

/** Cash as staff type it ("50", "50.5", "50.00"), in the currency's places; more places are refused. */
function tenderedMinor(value: string, currency: string): number {
  try {
    return parseMoneyString(value, currency);
  } catch {
    throw validationFailed(`The cash tendered is an amount in ${currency}.`, { field: "payment.tendered" });
  }
}

interface Settled {
  orderId: string;
  orderNumber: string;
  total: number;
  tendered: number | null;
  tickets: number;
  identity: OrderIdentity;
  emailed: boolean;
}

async function checkOutAtDesk(
  tx: Tx,
  cart: CartRow,
  context: { actor: StaffActor; seller: SellerRow; sale: SaleInput; sessionId: string; now: Date },
): Promise<Settled> {
  const { actor, seller, sale, now } = context;
  const currency = seller.currencyCode;
  const tickets = await heldTickets(tx, cart.id);
  const total = await cartTotal(tx, cart, tickets, currency);
  const pay = sale.payment;
  const tendered =
    pay.method === "cash" && pay.tendered !== undefined ? tenderedMinor(pay.tendered, currency) : null;
  if (tendered !== null && tendered < total) {
    throw fail("desk_cash_short", {
      extra: { field: "payment.tendered", total: toMoneyString(total, currency) },
    });
  }
  const identity = await buyerIdentity(tx, cart, sale, now);
  if (total > 0) {
    const payment: PaymentRow = {
      id: randomUUID(),
      sellerId: cart.sellerId,
      cartId: cart.id,
      gatewayId: deskGatewayId(pay.method),
      state: "succeeded",
      amount: total,
      occurredAt: now,
      cardNumber: null,
      remainingBalance: null,
      providerReference: pay.method === "card" ? (pay.reference ?? null) : null,
      cardLast4: pay.method === "card" ? (pay.last4 ?? null) : null,
      idempotencyKey: null,
      refundOfPaymentId: null,
    };
    await tx.insert(s.payment).values(payment);
  }
  const emailed = Boolean(sale.emailTickets && identity.email);
  const booking = { cart, tickets, identity, total, giftCodeId: null, seller };
  const order = await completeOrder(tx, booking, { sendEmail: emailed, now });
  await tx.update(s.ticketOrder).set({ channel: "desk" }).where(eq(s.ticketOrder.id, order.id));
  await recordAudit(
    tx,
    actor,
    {
      action: "desk.sell",
      resource: "ticket_order",
      resourceId: order.id,
      details: {
        method: pay.method,
        amount: toMoneyString(total, currency),
        tickets: tickets.length,
        event_session_id: context.sessionId,
        ...(tendered !== null ? { tendered: toMoneyString(tendered, currency) } : {}),
        ...(pay.method === "card" && pay.last4 ? { card_last4: pay.last4 } : {}),
        ...(pay.method === "card" && pay.reference ? { terminal_reference: pay.reference } : {}),
        emailed,
      },
    },
    now,
  );
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    total,
    tendered,
    tickets: tickets.length,
    identity,
    emailed,
  };
}

/** Sells at the desk (see the file comment). Roles: desk.sell. */
export async function sellAtDesk(
  db: Db,
  actor: StaffActor,
  input: DeskSaleInput,
  now: Date,
): Promise<DeskSale> {
  assertAllowed(actor, "desk.sell");
  const sale = parseInput(deskSaleInput, input);
  const seller = await actorSeller(db, actor);
  const session = await sessionOfActor(db, actor, sale.sessionId);
  if (session.retiredAt) throw notFound("event_session", session.id);
  await assertSellable(db, seller.id, session.eventTemplateId, sale);
  const deps: { db: Db; clock: Clock } = { db, clock: { now: () => now } };
  const add = sale.lines.map((l) => ({
    ticket_type_id: l.ticketTypeId,
    event_session_id: session.id,
    quantity: l.quantity,
  }));
  const cartId = (await createCart(deps, seller.slug, { ...ANONYMOUS, staffSale: true }, { add })).cart
    ._data[0]?.id;
  if (!cartId) throw new Error("the desk's cart was not made");
  let settled: Settled | undefined;
  const guard = { db, cartId, caller: ANONYMOUS, now, key: null, hash: "" };
  try {
    await guardedCheckout(guard, async (tx, cart) => {
      settled = await checkOutAtDesk(tx, cart, { actor, seller, sale, sessionId: session.id, now });
      return checkoutAnswerOf({
        cartId,
        status: "completed",
        orders: [],
        payments: await cartPayments(tx, cartId),
        amountPaid: settled.total,
        outstanding: 0,
        reference: null,
        currency: seller.currencyCode,
      });
    });
  } catch (error) {
    // Nothing was sold: the places the cart holds go back on sale now, not when it expires.
    await deleteCart(deps, cartId, ANONYMOUS).catch(() => undefined);
    throw error;
  }
  if (!settled) throw new Error("the desk sale did not settle");
  const currency = seller.currencyCode;
  const { tendered, total } = settled;
  return {
    orderId: settled.orderId,
    orderNumber: settled.orderNumber,
    total: toMoneyString(total, currency),
    currency,
    method: sale.payment.method,
    tendered: tendered === null ? null : toMoneyString(tendered, currency),
    change: tendered === null ? null : toMoneyString(tendered - total, currency),
    tickets: settled.tickets,
    buyerEmail: settled.identity.email,
    emailed: settled.emailed,
  };
}
