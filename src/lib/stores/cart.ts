/**
 * The cart store (spec 1 §4 "Cart"): one cart per seller, shared by every island on the page and
 * by every tab (through localStorage and its `storage` event). It only ever holds the server's
 * answers: an action sends the call, waits, and stores what came back (no optimistic updates).
 * Calls run one at a time, so two clicks never race each other.
 *
 * The API client and the zod schemas are loaded on first need (a stored cart to check, an
 * action), so a page whose shopper has no cart ships neither (DESIGN §9 listing budget).
 */
import { atom } from "nanostores";
import { pushAnalytics } from "../analytics/data-layer.ts";
import type { CartApi } from "../api/cart-client.ts";
import type { CartEnvelope, CartModifyBody, TicketResource } from "../api/cart-schemas.ts";
import { ApiClientError } from "../api/errors.ts";
import { ticketItems } from "../domain/analytics/ecommerce.ts";
import { cartStanding } from "../domain/cart-items.ts";
import { CART_STORED_EVENT, cartStorageKey } from "../domain/cart-widget-wake.ts";
import { codesToApply, type LinkCodeMemory, linkCodesHandled } from "../domain/link-code/link-code.ts";
import { loadLinkMemory, noteLinkCodesOfPage, saveLinkMemory, tabStorage } from "./link-codes.ts";

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

interface CartTools {
  api: CartApi;
  /** The contract's check of a cart envelope; null when it does not match. */
  parseEnvelope: (value: unknown) => CartEnvelope | null;
}

interface CartContext {
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

export interface InitCartOptions {
  seller: string;
  tagManagerId?: string;
  /** Injectable for tests. */
  api?: CartApi;
  storage?: Storage;
  /** Injectable for tests: the tab's storage of a `?code=` link's codes, and the page's address. */
  session?: Storage;
  location?: { pathname: string; search: string };
  now?: () => number;
}

function context(): CartContext {
  if (!ctx) throw new Error("initCart must run before a cart action.");
  return ctx;
}

/** The API client and schemas, imported on first need; `api` replaces the client in tests. */
function lazyTools(injected: CartApi | undefined): () => Promise<CartTools> {
  let loading: Promise<CartTools> | undefined;
  return () => {
    loading ??= Promise.all([
      import("../api/cart-client.ts"),
      import("../api/browser.ts"),
      import("../api/cart-schemas.ts"),
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

const api = async () => (await context().tools()).api;

/** Reads the stored snapshot of another tab (or an earlier page); anything unreadable is no cart. */
async function readStored(seller: string, raw: string | null): Promise<CartSnapshot | null> {
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

function write(snapshot: CartSnapshot | null): void {
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
function accept(envelope: CartEnvelope): CartSnapshot | null {
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

/** The API's answer to a failed call, or null for anything else (a bug). */
const apiFailure = (error: unknown): ApiClientError | null =>
  error instanceof ApiClientError ? error : null;

const isGone = (error: unknown) => {
  const failure = apiFailure(error);
  return (
    failure !== null && (failure.code === "cart_expired" || failure.status === 404 || failure.status === 410)
  );
};

/** Spec §7: analytics events are pushed only when the tenant has a tag-manager id. */
function report(event: "add_to_cart" | "remove_from_cart", tickets: TicketResource[]): void {
  if (tickets.length === 0) return;
  pushAnalytics(context().tagManagerId, { event, ecommerce: { items: ticketItems(tickets) } });
}

const ticketIds = (envelope: CartEnvelope | undefined) =>
  new Set(envelope?.ticket._data.map((t) => t.id) ?? []);

const linkMemory = () => loadLinkMemory(context().session, context().seller);
const writeLinkMemory = (memory: LinkCodeMemory) =>
  saveLinkMemory(context().session, context().seller, memory);

/**
 * Spec 1 §6, §9: the link's codes go onto the cart already held, quietly: a code the cart cannot
 * take is dropped, as the default promo code is (apply_code_default, ignore_errors, no benefit
 * required). Runs in the queue after the stored cart was checked.
 */
function applyLinkCodes(): Promise<CartSnapshot | null> {
  return serial(async () => {
    const memory = linkMemory();
    const cart = currentCart()?.envelope.cart._data[0];
    if (!cart || memory.pending.length === 0) return $cart.get();
    const codes = codesToApply(
      memory,
      cart.codes.map((c) => c.code),
    );
    if (codes.length === 0) {
      writeLinkMemory(linkCodesHandled(memory));
      return $cart.get();
    }
    try {
      const snapshot = accept(
        await (await api()).applyCode(
          cart.id,
          { code: codes.join(","), require_benefit: false },
          context().seller,
        ),
      );
      writeLinkMemory(linkCodesHandled(memory));
      return snapshot;
    } catch (error) {
      // Refused (unknown, used up, not for this cart): not tried again. A network failure keeps it.
      if (apiFailure(error)) writeLinkMemory(linkCodesHandled(memory));
      return $cart.get();
    }
  });
}

/**
 * Wires the store to a seller: loads the stored cart, follows other tabs, and checks the cart
 * with the server once (an expired or booked cart is cleared). Safe to call from every island.
 */
export function initCart(options: InitCartOptions): void {
  if (ctx?.seller === options.seller) return;
  const storage = options.storage ?? (typeof localStorage === "undefined" ? undefined : localStorage);
  const session = options.session ?? tabStorage();
  ctx = {
    seller: options.seller,
    tools: lazyTools(options.api),
    storage,
    session,
    now: options.now ?? Date.now,
    tagManagerId: options.tagManagerId,
  };
  // A `?code=` link: its codes wait (this tab) until a cart takes them.
  const address = options.location ?? (typeof location === "undefined" ? undefined : location);
  const noted = noteLinkCodesOfPage(session, options.seller, address);
  let raw: string | null = null;
  try {
    raw = storage?.getItem(cartStorageKey(options.seller)) ?? null;
  } catch {
    raw = null;
  }
  $cart.set(null);
  if (typeof window !== "undefined" && !options.storage) {
    // Another tab's answer: applied in arrival order (each parse waits for the one before).
    let applied: Promise<unknown> = Promise.resolve();
    window.addEventListener("storage", (event) => {
      if (event.key !== cartStorageKey(options.seller)) return;
      const next = event.newValue;
      applied = applied
        .then(() => readStored(options.seller, next))
        .then((snapshot) => $cart.set(snapshot))
        .catch(() => undefined);
    });
  }
  $cartChecked.set(!raw);
  if (!raw) return;
  // Load the stored cart first (in the queue, so an early action waits for it), then check it.
  void serial(async () => {
    const stored = await readStored(options.seller, raw);
    if (!$cart.get()) $cart.set(stored);
  })
    .then(() => refreshCart())
    .then(() => (noted.pending.length ? applyLinkCodes() : null))
    .catch(() => undefined)
    .finally(() => $cartChecked.set(true));
}

/** GET my/cart/{id}: brings the store in step with the server. Returns the current cart or null. */
export function refreshCart(): Promise<CartSnapshot | null> {
  return serial(async () => {
    const snapshot = $cart.get();
    if (!snapshot) return null;
    try {
      return accept(await (await api()).get(snapshot.envelope.cart._data[0]?.id ?? "", context().seller));
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
  if (ctx) write(null);
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

/** DELETE my/cart/{id}/code/{code}: takes an applied promo code off the cart (issue 11). */
export function removeCode(code: string): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    return accept(await (await api()).removeCode(cartId, code, context().seller));
  });
}

/**
 * DELETE my/cart/{id}/payment/{paymentId}: takes an applied gift card off before paying the rest;
 * the server credits the card with what the payment took (issue 11).
 */
export function removePayment(paymentId: string): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    return accept(await (await api()).removePayment(cartId, paymentId, context().seller));
  });
}

/**
 * Makes a cart the server just answered the current one (the checkout page of /checkout/{cartId},
 * whose cart was read on the server): stored like any answer, so a booked or expired one clears.
 */
export function adoptCart(envelope: CartEnvelope): Promise<CartSnapshot | null> {
  return serial(async () => accept(envelope));
}

/** Spec 1 §4 codes of a cart that cannot be paid for here (cleared locally after login). */
const NO_GATEWAY = new Set(["gateway_not_configured", "payment_gateway_not_configured"]);

/**
 * Spec 1 §4 "On login with a cart the cart is refreshed: no tickets deletes it; 404 or
 * payment-gateway-not-configured clears it locally; scope error deletes it". `keptCartId`: the
 * login answer's cart_id (now the user's), else the local cart. A refused delete (403, 404) is
 * expected for a scope error or a cart already gone; other failures are thrown.
 */
export function refreshAfterLogin(keptCartId?: string | null): Promise<CartSnapshot | null> {
  return serial(async () => {
    const cartId = keptCartId ?? $cart.get()?.envelope.cart._data[0]?.id;
    if (!cartId) return null;
    const client = await api();
    const drop = async () => {
      await client.remove(cartId, context().seller).catch((error: unknown) => {
        if (!apiFailure(error)) throw error;
      });
      write(null);
      return null;
    };
    let envelope: CartEnvelope;
    try {
      envelope = await client.get(cartId, context().seller);
    } catch (error) {
      const failure = apiFailure(error);
      if (failure?.status === 403) return drop();
      if (!isGone(error) && !(failure && NO_GATEWAY.has(failure.code))) throw error;
      write(null);
      return null;
    }
    return envelope.ticket._data.length === 0 ? drop() : accept(envelope);
  });
}

/** Test hook: forgets the seller binding and the queue. */
export function resetCartStoreForTests(): void {
  ctx = undefined;
  queue = Promise.resolve();
  $cart.set(null);
  $cartBusy.set(false);
  $cartChecked.set(false);
}
