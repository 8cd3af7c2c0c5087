/** Page-level UI state shared between islands (the reserve footer opens the cart widget's modal). */
import { atom } from "nanostores";
import { extensionDeclinedKey } from "../domain/cart-timer.ts";

/** The mobile cart modal (spec 1 §2 "Mobile footers"). */
export const $mobileCartOpen = atom(false);

export function openMobileCart(): void {
  $mobileCartOpen.set(true);
}

export function closeMobileCart(): void {
  $mobileCartOpen.set(false);
}

/** What the shopper chose in the discard-cart-or-checkout modal. */
export type DiscardOrCheckoutChoice = "discarded" | "checkout" | "dismissed";

export interface DiscardOrCheckoutRequest {
  /** Defaults to the tenant's 'cart.discard.title'. */
  title?: string;
  /** Defaults to the tenant's 'cart.discard.body'. */
  message?: string;
}

interface PendingDiscardPrompt extends DiscardOrCheckoutRequest {
  resolve: (choice: DiscardOrCheckoutChoice) => void;
}

/** The open discard-cart-or-checkout modal (spec 1 §2 "Modals"), rendered by the cart widget. */
export const $discardPrompt = atom<PendingDiscardPrompt | null>(null);

/**
 * Asks the shopper to act on the current cart before going on (e.g. gifting a membership with a
 * non-empty cart). Resolves 'discarded' once the cart is deleted, 'checkout' when the shopper
 * leaves for checkout, 'dismissed' on Escape or close.
 */
export function requestDiscardOrCheckout(
  request: DiscardOrCheckoutRequest = {},
): Promise<DiscardOrCheckoutChoice> {
  $discardPrompt.get()?.resolve("dismissed");
  return new Promise((resolve) => {
    $discardPrompt.set({ ...request, resolve });
  });
}

/** Closes the discard modal with the shopper's choice. */
export function settleDiscardPrompt(choice: DiscardOrCheckoutChoice): void {
  const pending = $discardPrompt.get();
  $discardPrompt.set(null);
  pending?.resolve(choice);
}

/**
 * Spec §4 "Timer": declining the extension prompt sticks for that cart, across reloads and tabs
 * (localStorage, so other tabs see it through the storage event or on their next tick).
 */
export function isExtensionDeclined(cartId: string, storage = browserStorage()): boolean {
  try {
    return storage?.getItem(extensionDeclinedKey(cartId)) === "1";
  } catch {
    return false;
  }
}

export function declineExtension(cartId: string, storage = browserStorage()): void {
  try {
    storage?.setItem(extensionDeclinedKey(cartId), "1");
  } catch {
    // Storage disabled: the prompt stays declined in this tab only (the caller keeps its own flag).
  }
}

function browserStorage(): Storage | undefined {
  return typeof localStorage === "undefined" ? undefined : localStorage;
}
