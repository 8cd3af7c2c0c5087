/**
 * The cart store (spec 1 §4 "Cart"): one cart per seller, shared by every island on the page and
 * by every tab (through localStorage and its `storage` event). It only ever holds the server's
 * answers: an action sends the call, waits, and stores what came back (no optimistic updates).
 * Calls run one at a time, so two clicks never race each other.
 */
import { atom } from "nanostores";
import { type CartApi, cartApi } from "../api/cart-client.ts";
import {
  type CartEnvelope,
  type CartModifyBody,
  cartEnvelope,
  type TicketResource,
} from "../api/cart-schemas.ts";
import { createApiClient } from "../api/client.ts";
import { ApiClientError } from "../api/errors.ts";

/** Spec §9: the timer's extension, the recreate threshold and the local expiry buffer. */
export const CART_EXTENSION_MS = 2 * 60_000;
export const RECREATE_BELOW_MS = 30_000;
export const LOCAL_EXPIRY_BUFFER_S = 5;

export interface CartSnapshot {
  seller: string;
  envelope: CartEnvelope;
  /** Epoch ms after which the cart is no longer current: answer time + expires_in - 5 s. */
  localExpiresAt: number;
}

/** The current cart, or null. */
export const $cart = atom<CartSnapshot | null>(null);
/** True while a cart call is in flight (buttons show their loading state). */
export const $cartBusy = atom(false);

interface CartContext {
  seller: string;
  api: CartApi;
  storage: Storage | undefined;
  now: () => number;
  tagManagerId: string | undefined;
}

let ctx: CartContext | undefined;
let queue: Promise<unknown> = Promise.resolve();

const storageKey = (seller: string) => `foyer.cart.${seller}`;

export interface InitCartOptions {
  seller: string;
  tagManagerId?: string;
  /** Injectable for tests. */
  api?: CartApi;
  storage?: Storage;
  now?: () => number;
}

function context(): CartContext {
  if (!ctx) throw new Error("initCart must run before a cart action.");
  return ctx;
}

/** Reads the stored snapshot of another tab (or an earlier page); anything unreadable is no cart. */
function readStored(seller: string, raw: string | null): CartSnapshot | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { seller?: unknown; envelope?: unknown; localExpiresAt?: unknown };
    const envelope = cartEnvelope.safeParse(value.envelope);
    if (value.seller !== seller || !envelope.success || typeof value.localExpiresAt !== "number") return null;
    return { seller, envelope: envelope.data, localExpiresAt: value.localExpiresAt };
  } catch {
    return null;
  }
}

function write(snapshot: CartSnapshot | null): void {
  const { storage, seller } = context();
  $cart.set(snapshot);
  try {
    if (snapshot) storage?.setItem(storageKey(seller), JSON.stringify(snapshot));
    else storage?.removeItem(storageKey(seller));
  } catch {
    // Storage full or disabled: the cart still works in this tab.
  }
}

/** Stores a server answer. Any state other than pending clears the local cart (spec §4). */
function accept(envelope: CartEnvelope): CartSnapshot | null {
  const { seller, now } = context();
  const cart = envelope.cart._data[0];
  if (cart?.state !== "pending" || cart.expires_in === null) {
    write(null);
    return null;
  }
  const snapshot = {
    seller,
    envelope,
    localExpiresAt: now() + (cart.expires_in - LOCAL_EXPIRY_BUFFER_S) * 1000,
  };
  write(snapshot);
  return snapshot;
}

/** The cart is current while it exists and its local expiry is in the future. */
export function currentCart(): CartSnapshot | null {
  const snapshot = $cart.get();
  if (!snapshot || !ctx) return null;
  return snapshot.localExpiresAt > ctx.now() ? snapshot : null;
}

/** Milliseconds left on the current cart (0 when none). */
export function msLeft(snapshot = $cart.get()): number {
  if (!snapshot || !ctx) return 0;
  return Math.max(0, snapshot.localExpiresAt - ctx.now());
}

/** Runs cart calls one after another and flags the store busy meanwhile. */
function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    $cartBusy.set(true);
    try {
      return await work();
    } finally {
      $cartBusy.set(false);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

const isGone = (error: unknown) =>
  error instanceof ApiClientError &&
  (error.code === "cart_expired" || error.status === 404 || error.status === 410);

interface DataLayerWindow {
  dataLayer?: unknown[];
}

/** Spec §7: analytics events are pushed only when the tenant has a tag-manager id. */
function report(event: "add_to_cart" | "remove_from_cart", tickets: TicketResource[]): void {
  const { tagManagerId } = context();
  if (!tagManagerId || tickets.length === 0 || typeof window === "undefined") return;
  const w = window as unknown as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({
    event,
    ecommerce: {
      items: tickets.map((t) => ({
        ticket_id: t.id,
        ticket_type_id: t.ticket_type_id,
        event_template_id: t.event_template_id,
        ticket_group_id: t.ticket_group_id,
        face_value: t.face_value,
        fee: t.fee_fixed_outside,
      })),
    },
  });
}

const ticketIds = (envelope: CartEnvelope | undefined) =>
  new Set(envelope?.ticket._data.map((t) => t.id) ?? []);

/**
 * Wires the store to a seller: loads the stored cart, follows other tabs, and checks the cart
 * with the server once (an expired or booked cart is cleared). Safe to call from every island.
 */
export function initCart(options: InitCartOptions): void {
  if (ctx?.seller === options.seller) return;
  const storage = options.storage ?? (typeof localStorage === "undefined" ? undefined : localStorage);
  const api =
    options.api ??
    cartApi(
      createApiClient({ fetch: (request) => fetch(request), baseUrl: globalThis.location?.origin ?? "" }),
    );
  ctx = {
    seller: options.seller,
    api,
    storage,
    now: options.now ?? Date.now,
    tagManagerId: options.tagManagerId,
  };
  let stored: CartSnapshot | null = null;
  try {
    stored = readStored(options.seller, storage?.getItem(storageKey(options.seller)) ?? null);
  } catch {
    stored = null;
  }
  $cart.set(stored);
  if (typeof window !== "undefined" && !options.storage) {
    window.addEventListener("storage", (event) => {
      if (event.key === storageKey(options.seller)) $cart.set(readStored(options.seller, event.newValue));
    });
  }
  if (stored) void refreshCart().catch(() => undefined);
}

/** GET my/cart/{id}: brings the store in step with the server. Returns the current cart or null. */
export function refreshCart(): Promise<CartSnapshot | null> {
  return serial(async () => {
    const snapshot = $cart.get();
    if (!snapshot) return null;
    try {
      return accept(await context().api.get(snapshot.envelope.cart._data[0]?.id ?? ""));
    } catch (error) {
      if (isGone(error)) {
        write(null);
        return null;
      }
      throw error;
    }
  });
}

/**
 * Adds tickets (and codes, survey answers, campaign) with POST my/cart[/{id}]/modify. With no
 * current cart it creates one; a cart with under 30 s left is deleted and recreated (spec §4).
 * Failures are ApiClientErrors with the spec's codes; the store is left as it was.
 */
export function addToCart(body: CartModifyBody): Promise<CartSnapshot | null> {
  return serial(async () => {
    const { api, seller, now } = context();
    let current = currentCart();
    if (current && current.localExpiresAt - now() < RECREATE_BELOW_MS) {
      await deleteOnServer(current);
      write(null);
      current = null;
    }
    const before = ticketIds(current?.envelope);
    let envelope: CartEnvelope;
    try {
      envelope = await api.modify(seller, current?.envelope.cart._data[0]?.id ?? null, body);
    } catch (error) {
      if (!current || !isGone(error)) throw error;
      // The cart ended on the server (another tab checked out, or it expired): start a new one.
      write(null);
      envelope = await api.modify(seller, null, body);
    }
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
    const snapshot = accept(await context().api.modify(context().seller, cartId, { remove: ids }));
    report("remove_from_cart", removed);
    return snapshot;
  });
}

async function deleteOnServer(snapshot: CartSnapshot): Promise<void> {
  const cartId = snapshot.envelope.cart._data[0]?.id;
  if (!cartId) return;
  try {
    await context().api.remove(cartId);
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
  if (ctx) write(null);
  else $cart.set(null);
}

/** PATCH my/cart/{id}: adds 2 minutes to the server's expiry (spec §4 "Timer"). */
export function extendCart(): Promise<CartSnapshot | null> {
  return serial(async () => {
    const current = $cart.get();
    const cart = current?.envelope.cart._data[0];
    if (!current || !cart?.expires_at) return null;
    const answer = await context().api.extend(
      cart.id,
      new Date(Date.parse(cart.expires_at) + CART_EXTENSION_MS),
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
    return accept(await context().api.applyCode(cartId, { code }));
  });
}

/** Test hook: forgets the seller binding and the queue. */
export function resetCartStoreForTests(): void {
  ctx = undefined;
  queue = Promise.resolve();
  $cart.set(null);
  $cartBusy.set(false);
}
