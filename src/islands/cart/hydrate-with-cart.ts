/**
 * `client:cart={seller}`: the cart widget's hydration directive (registered in astro.config.mjs;
 * the rule: lib/domain/cart-widget-wake.ts). Like `client:idle` when the page opens with a cart
 * stored for the seller or a `?code=` link. Otherwise the widget stays as the server rendered it
 * (empty, nothing to operate), marked `data-cart-asleep`, until a cart is stored: by this tab (the
 * cart store's event) or by another (`storage`); then it hydrates at once. A first visit to the
 * listing so starts no React at all.
 */
import type { ClientDirective } from "astro";
import {
  CART_STORED_EVENT,
  cartStorageKey,
  cartWidgetWakesAtLoad,
  cartWidgetWakesOnStorage,
} from "../../lib/domain/cart-widget-wake.ts";

const ASLEEP = "data-cart-asleep";

function storedCart(seller: string): string | null {
  try {
    return localStorage.getItem(cartStorageKey(seller));
  } catch {
    return null;
  }
}

const hydrateWithCart: ClientDirective = (load, options, el) => {
  const seller = String(options.value);
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(CART_STORED_EVENT, start);
    window.removeEventListener("storage", onStorage);
    el.removeAttribute(ASLEEP);
    const hydrate = await load();
    await hydrate();
  };
  const onStorage = (event: StorageEvent) => {
    if (cartWidgetWakesOnStorage(event, seller)) void start();
  };
  if (cartWidgetWakesAtLoad(storedCart(seller), location.search)) {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
    return;
  }
  el.setAttribute(ASLEEP, "");
  window.addEventListener(CART_STORED_EVENT, start);
  window.addEventListener("storage", onStorage);
};

export default hydrateWithCart;
