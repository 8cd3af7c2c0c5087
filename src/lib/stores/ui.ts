/** Page-level UI state shared between islands (the reserve footer opens the cart widget's modal). */
import { atom } from "nanostores";

/** The mobile cart modal (spec 1 §2 "Mobile footers"). */
export const $mobileCartOpen = atom(false);

export function openMobileCart(): void {
  $mobileCartOpen.set(true);
}

export function closeMobileCart(): void {
  $mobileCartOpen.set(false);
}
