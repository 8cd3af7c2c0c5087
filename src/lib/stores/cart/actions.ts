/**
 * The shopper's cart actions: add tickets, remove them, delete the cart, extend its timer, apply
 * and remove codes, take off a gift card's payment. Each sends its call in the queue and stores
 * the server's answer; a failure leaves the store as it was.
 */
import type { CartEnvelope, CartModifyBody } from "../../api/cart/schemas.ts";
import { linkCodesHandled } from "../../domain/link-code/link-code.ts";
import {
  $cart,
  accept,
  api,
  CART_EXTENSION_MS,
  type CartSnapshot,
  context,
  currentCart,
  hasContext,
  isGone,
  linkMemory,
  RECREATE_BELOW_MS,
  report,
  serial,
  ticketIds,
  write,
  writeLinkMemory,
} from "./core.ts";

/**
 * Adds tickets (and codes, survey answers, campaign) with POST my/cart[/{id}]/modify. With no
 * current cart it creates one; a cart with under 30 s left is deleted and recreated (spec §4).
 * Failures are ApiClientErrors with the spec's codes; the store is left as it was.
 */
export function addToCart(body: CartModifyBody): Promise<CartSnapshot | null> {
  return serial(async () => {
    const { seller, now } = context();
    const client = await api();
    let current = currentCart();
    if (current && current.localExpiresAt - now() < RECREATE_BELOW_MS) {
      await deleteOnServer(current);
      write(null);
      current = null;
    }
    const before = ticketIds(current?.envelope);
    // Spec 1 §6, §9: a new cart preloads the codes of a `?code=` link (skipped quietly if unusable).
    const links = linkMemory();
    const created = links.pending.length
      ? { ...body, preloadedPromoCodes: [...(body.preloadedPromoCodes ?? []), ...links.pending] }
      : body;
    let envelope: CartEnvelope;
    let isNew = !current;
    try {
      envelope = await client.modify(
        seller,
        current?.envelope.cart._data[0]?.id ?? null,
        current ? body : created,
      );
    } catch (error) {
      if (!current || !isGone(error)) throw error;
      // The cart ended on the server (another tab checked out, or it expired): start a new one.
      write(null);
      isNew = true;
      envelope = await client.modify(seller, null, created);
    }
    if (isNew && links.pending.length) writeLinkMemory(linkCodesHandled(links));
    const snapshot = accept(envelope);
    report(
      "add_to_cart",
      envelope.ticket._data.filter((t) => !before.has(t.id)),
    );
    return snapshot;
  });
}

/** Removes tickets (POST modify with `remove`). */
export function removeTickets(ids: string[]): Promise<CartSnapshot | null> {
  return serial(async () => {
    const current = $cart.get();
    const cartId = current?.envelope.cart._data[0]?.id;
    if (!current || !cartId) return null;
    const removed = current.envelope.ticket._data.filter((t) => ids.includes(t.id));
    const snapshot = accept(await (await api()).modify(context().seller, cartId, { remove: ids }));
    report("remove_from_cart", removed);
    return snapshot;
  });
}

async function deleteOnServer(snapshot: CartSnapshot): Promise<void> {
  const cartId = snapshot.envelope.cart._data[0]?.id;
  if (!cartId) return;
  try {
    await (await api()).remove(cartId, context().seller);
  } catch (error) {
    // Spec §7: a not_found code is ignored.
    if (!isGone(error)) throw error;
  }
}

/** DELETE my/cart/{id} and clear the local cart. */
export function deleteCart(): Promise<void> {
  return serial(async () => {
    const current = $cart.get();
    if (!current) return;
    await deleteOnServer(current);
    report("remove_from_cart", current.envelope.ticket._data);
    write(null);
  });
}

/** Clears the local cart without a call (the expiry modal; a cart the server no longer has). */
export function clearCart(): void {
  if (hasContext()) write(null);
  else $cart.set(null);
}

/** PATCH my/cart/{id}: adds 2 minutes to the server's expiry (spec §4 "Timer"). */
export function extendCart(): Promise<CartSnapshot | null> {
  return serial(async () => {
    const current = $cart.get();
    const cart = current?.envelope.cart._data[0];
    if (!current || !cart?.expires_at) return null;
    const answer = await (await api()).extend(
      cart.id,
      new Date(Date.parse(cart.expires_at) + CART_EXTENSION_MS),
      context().seller,
    );
    const updated = answer.cart._data[0];
    if (!updated) return null;
    return accept({
      ...current.envelope,
      cart: { ...current.envelope.cart, _data: [{ ...cart, ...updated }] },
    });
  });
}

/** POST my/cart/{id}/apply_code with one code or a comma-separated list. */
export function applyCode(code: string): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    return accept(await (await api()).applyCode(cartId, { code }, context().seller));
  });
}

/** DELETE my/cart/{id}/code/{code}: takes an applied promo code off the cart. */
export function removeCode(code: string): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    return accept(await (await api()).removeCode(cartId, code, context().seller));
  });
}

/**
 * DELETE my/cart/{id}/payment/{paymentId}: takes an applied gift card off before paying the rest;
 * the server credits the card with what the payment took.
 */
export function removePayment(paymentId: string): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    return accept(await (await api()).removePayment(cartId, paymentId, context().seller));
  });
}
