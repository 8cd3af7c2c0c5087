/**
 * Keeping the cart store in step with the server: binding it to a seller (the stored cart loaded,
 * other tabs followed, the cart checked once), refreshing it, adopting a cart the page read, the
 * refresh after a login, and a `?code=` link's codes put on the cart already held.
 */
import type { CartApi } from "../../api/cart/client.ts";
import type { CartEnvelope } from "../../api/cart/schemas.ts";
import { cartStorageKey } from "../../domain/cart-widget-wake.ts";
import { codesToApply, linkCodesHandled } from "../../domain/link-code/link-code.ts";
import { noteLinkCodesOfPage, tabStorage } from "../link-codes.ts";
import {
  $cart,
  $cartChecked,
  accept,
  api,
  apiFailure,
  bindContext,
  type CartSnapshot,
  context,
  currentCart,
  hasContext,
  isGone,
  lazyTools,
  linkMemory,
  readStored,
  serial,
  write,
  writeLinkMemory,
} from "./core.ts";

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
  if (hasContext() && context().seller === options.seller) return;
  const storage = options.storage ?? (typeof localStorage === "undefined" ? undefined : localStorage);
  const session = options.session ?? tabStorage();
  bindContext({
    seller: options.seller,
    tools: lazyTools(options.api),
    storage,
    session,
    now: options.now ?? Date.now,
    tagManagerId: options.tagManagerId,
  });
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
