/**
 * The edit cart (spec 2 §4, §7): a pending cart of the seller's public identity linked
 * to the order it changes. Its held tickets are the additions (ordinary holds: the reserve rules,
 * counters and sold-out checks of services/cart); the order's tickets it removes are only listed
 * here (`edit_removals`) and are cancelled, their places given back, when the edit is checked out
 * (apply.ts). Discarding the cart (DELETE cart/{id}) releases the holds and leaves the order as it was.
 */
import { and, desc, eq } from "drizzle-orm";
import type { CartEnvelope } from "../../../../api/cart/schemas.ts";
import type { Clock } from "../../../clock.ts";
import type { Db } from "../../../db/client.ts";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { readableCart, withLockedCart } from "../../cart/access.ts";
import { buildCartEnvelope } from "../../cart/envelope.ts";
import { cartExpired } from "../../cart/errors.ts";
import { applyModify, type CartModifyInput } from "../../cart/modify.ts";
import { newPendingCart, withUnusedCartNumber } from "../../cart/new-cart.ts";
import { heldTickets, sweepBeforeAdd } from "../../cart/release.ts";
import type { CartRow } from "../../cart/types.ts";
import { type Caller, rememberedPublicIdentity } from "../../identity/identity.ts";
import { managedOrder } from "../access.ts";
import { assertSelfEdit, checkAddedHorizon, checkRemovals, ticketStateIncorrect } from "./rules.ts";

export interface EditDeps {
  db: Db;
  clock: Clock;
}

/** POST ticket_order/{id}/edit_cart: a new edit cart for the order the token opens. */
export async function createEditCart(deps: EditDeps, orderId: string, token: string): Promise<CartEnvelope> {
  const { db } = deps;
  const now = deps.clock.now();
  const order = await managedOrder(db, orderId, token, now);
  await assertSelfEdit(db, order.sellerId);
  if (order.state !== "completed") throw ticketStateIncorrect(order.id, order.state);
  const owner = {
    sellerId: order.sellerId,
    identityId: await rememberedPublicIdentity(db, order.sellerId, now),
  };
  const cart = await withUnusedCartNumber(
    () => newPendingCart(owner, now, { editsTicketOrderId: order.id }),
    async (made) => {
      await db.insert(s.cart).values(made);
      return made;
    },
  );
  return buildCartEnvelope(db, cart, now, [], { payments: [] });
}

/**
 * GET ticket_order/{id}/edit_cart: the order's newest pending edit cart (or `cartId`, when it edits
 * this order), for /manage/{orderId}/confirm; 410 cart_expired when there is none left.
 */
export async function pendingEditCart(
  deps: EditDeps,
  orderId: string,
  token: string,
  caller: Caller,
  cartId?: string,
): Promise<CartEnvelope> {
  const { db } = deps;
  const now = deps.clock.now();
  const order = await managedOrder(db, orderId, token, now);
  const [row] = await db
    .select({ id: s.cart.id })
    .from(s.cart)
    .where(
      and(
        eq(s.cart.editsTicketOrderId, order.id),
        eq(s.cart.state, "pending"),
        ...(cartId ? [eq(s.cart.id, cartId)] : []),
      ),
    )
    .orderBy(desc(s.cart.createdAt))
    .limit(1);
  if (!row) throw cartExpired(cartId ?? order.id);
  return buildCartEnvelope(db, await readableCart(db, row.id, caller, now), now);
}

async function editedOrder(tx: Tx, cart: CartRow) {
  const [order] = await tx
    .select()
    .from(s.ticketOrder)
    .where(eq(s.ticketOrder.id, cart.editsTicketOrderId ?? ""));
  if (!order) throw ticketStateIncorrect(cart.editsTicketOrderId ?? cart.id, "missing");
  return order;
}

/**
 * One change to a locked cart: ids of the cart's own held tickets are removed like any modify;
 * on an edit cart the other ids are the order's tickets to remove (checked, then listed).
 */
async function changeCart(tx: Tx, cart: CartRow, body: CartModifyInput, db: Db, now: Date, caller: Caller) {
  const ids = body.remove ?? [];
  if (!cart.editsTicketOrderId) return applyModify(tx, cart, body, { db, now, caller });
  const held = new Set((await heldTickets(tx, cart.id)).map((t) => t.id));
  const own = ids.filter((id) => held.has(id));
  const fromOrder = ids.filter((id) => !held.has(id));
  const order = await editedOrder(tx, cart);
  const selfEdit = await assertSelfEdit(tx, cart.sellerId);
  await checkRemovals(tx, order, fromOrder, now, selfEdit);
  const editRemovals = [...new Set([...cart.editRemovals, ...fromOrder])];
  if (editRemovals.length !== cart.editRemovals.length) {
    await tx.update(s.cart).set({ editRemovals }).where(eq(s.cart.id, cart.id));
  }
  const changed = await applyModify(
    tx,
    { ...cart, editRemovals },
    { ...body, remove: own },
    { db, now, caller },
  );
  const before = new Set(held);
  await checkAddedHorizon(
    tx,
    changed.tickets.filter((t) => !before.has(t.id)),
    now,
    selfEdit,
  );
  return changed;
}

/** POST cart/{id}/modify (spec 2 §7: remove ticket ids and add tickets). */
export async function modifyAnyCart(
  deps: EditDeps,
  cartId: string,
  caller: Caller,
  body: CartModifyInput,
): Promise<CartEnvelope> {
  const { db } = deps;
  const now = deps.clock.now();
  if (body.add?.length) await sweepBeforeAdd(db, now);
  const changed = await withLockedCart(db, cartId, caller, now, (tx, locked) =>
    changeCart(tx, locked, body, db, now, caller),
  );
  return buildCartEnvelope(db, changed.cart, now, changed.tickets, changed.known);
}

/** POST cart/{id}/remove: the tickets (the order's, on an edit cart; else the cart's own holds). */
export function removeTickets(
  deps: EditDeps,
  cartId: string,
  caller: Caller,
  tickets: string[],
): Promise<CartEnvelope> {
  return modifyAnyCart(deps, cartId, caller, { remove: tickets });
}
