/**
 * The cart store's core: the stores the islands read, the seller's context, the lazy API tools,
 * the call queue, and how a server answer is kept (in the store, in localStorage for the other
 * tabs, and announced to a sleeping cart widget). Only the cart store's own modules import this;
 * the islands use src/lib/stores/cart.ts.
 */
import { atom } from "nanostores";
import { pushAnalytics } from "../../analytics/data-layer.ts";
import type { CartApi } from "../../api/cart/client.ts";
import type { CartEnvelope, TicketResource } from "../../api/cart/schemas.ts";
import { ApiClientError } from "../../api/errors.ts";
import { ticketItems } from "../../domain/analytics/ecommerce.ts";
import { cartStanding } from "../../domain/cart-items.ts";
import { CART_STORED_EVENT, cartStorageKey } from "../../domain/cart-widget-wake.ts";
import type { LinkCodeMemory } from "../../domain/link-code/link-code.ts";
import { loadLinkMemory, saveLinkMemory } from "../link-codes.ts";

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
/**
 * True once the stored cart has been checked with the server after initCart (or there was none),
 * so a decision that leaves the page (the upsell listing's redirect) never acts on a stale cart.
 */
export const $cartChecked = atom(false);

export interface CartTools {
  api: CartApi;
  /** The contract's check of a cart envelope; null when it does not match. */
  parseEnvelope: (value: unknown) => CartEnvelope | null;
}

export interface CartContext {
  seller: string;
  /** Loaded on first use, then shared. */
  tools: () => Promise<CartTools>;
  storage: Storage | undefined;
  /** Where the `?code=` link parameter waits for a cart (sessionStorage: this tab only). */
  session: Storage | undefined;
  now: () => number;
  tagManagerId: string | undefined;
}

let ctx: CartContext | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Binds the store to a seller's context (initCart), or to none (the tests' reset). */
export function bindContext(next: CartContext | undefined): void {
  ctx = next;
  queue = Promise.resolve();
}

/** Whether initCart has bound the store to a seller. */
export const hasContext = (): boolean => ctx !== undefined;

export function context(): CartContext {
  if (!ctx) throw new Error("initCart must run before a cart action.");
  return ctx;
}

/** The API client and schemas, imported on first need; `api` replaces the client in tests. */
export function lazyTools(injected: CartApi | undefined): () => Promise<CartTools> {
  let loading: Promise<CartTools> | undefined;
  return () => {
    loading ??= Promise.all([
      import("../../api/cart/client.ts"),
      import("../../api/browser.ts"),
      import("../../api/cart/schemas.ts"),
    ]).then(([{ cartApi }, { browserClient }, { cartEnvelope }]) => ({
      api: injected ?? cartApi(browserClient()),
      parseEnvelope: (value: unknown) => {
        const parsed = cartEnvelope.safeParse(value);
        return parsed.success ? parsed.data : null;
      },
    }));
    return loading;
  };
}

export const api = async () => (await context().tools()).api;

/** Reads the stored snapshot of another tab (or an earlier page); anything unreadable is no cart. */
export async function readStored(seller: string, raw: string | null): Promise<CartSnapshot | null> {
  if (!raw) return null;
  let value: { seller?: unknown; envelope?: unknown; localExpiresAt?: unknown };
  try {
    value = JSON.parse(raw) as typeof value;
  } catch {
    return null;
  }
  if (value.seller !== seller || typeof value.localExpiresAt !== "number") return null;
  const envelope = (await context().tools()).parseEnvelope(value.envelope);
  return envelope ? { seller, envelope, localExpiresAt: value.localExpiresAt } : null;
}

export function write(snapshot: CartSnapshot | null): void {
  const { storage, seller } = context();
  $cart.set(snapshot);
  try {
    if (snapshot) storage?.setItem(cartStorageKey(seller), JSON.stringify(snapshot));
    else storage?.removeItem(cartStorageKey(seller));
  } catch {
    // Storage full or disabled: the cart still works in this tab.
  }
  // A cart widget still asleep (no cart when its page opened) wakes to show it.
  if (snapshot && typeof window !== "undefined" && typeof window.dispatchEvent === "function")
    window.dispatchEvent(new Event(CART_STORED_EVENT));
}

/** A cart with no expiry (a part-paid payment plan) stays current; JSON keeps this, not Infinity. */
export const NO_LOCAL_EXPIRY = Number.MAX_SAFE_INTEGER;

/** Stores a server answer; what is kept follows spec §4 (domain/cart-items.ts cartStanding). */
export function accept(envelope: CartEnvelope): CartSnapshot | null {
  const { seller, now } = context();
  const cart = envelope.cart._data[0];
  const standing = cartStanding(envelope);
  if (!cart || standing === "done") {
    write(null);
    return null;
  }
  const snapshot = {
    seller,
    envelope,
    localExpiresAt:
      standing === "open" || cart.expires_in === null
        ? NO_LOCAL_EXPIRY
        : now() + (cart.expires_in - LOCAL_EXPIRY_BUFFER_S) * 1000,
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
export function serial<T>(work: () => Promise<T>): Promise<T> {
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

/** The API's answer to a failed call, or null for anything else (a bug). */
export const apiFailure = (error: unknown): ApiClientError | null =>
  error instanceof ApiClientError ? error : null;

export const isGone = (error: unknown) => {
  const failure = apiFailure(error);
  return (
    failure !== null && (failure.code === "cart_expired" || failure.status === 404 || failure.status === 410)
  );
};

/** Spec §7: analytics events are pushed only when the tenant has a tag-manager id. */
export function report(event: "add_to_cart" | "remove_from_cart", tickets: TicketResource[]): void {
  if (tickets.length === 0) return;
  pushAnalytics(context().tagManagerId, { event, ecommerce: { items: ticketItems(tickets) } });
}

export const ticketIds = (envelope: CartEnvelope | undefined) =>
  new Set(envelope?.ticket._data.map((t) => t.id) ?? []);

export const linkMemory = () => loadLinkMemory(context().session, context().seller);
export const writeLinkMemory = (memory: LinkCodeMemory) =>
  saveLinkMemory(context().session, context().seller, memory);
