/**
 * What the membership form remembers for the tab (sessionStorage): the visitor chose to go on as a
 * guest for this seller, or logged in from the form and the reloaded page should go on with it.
 */
export const GUEST_KEY = "foyer.membership.guest";
export const CONTINUE_KEY = "foyer.membership.continue";

export function readFlag(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeFlag(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Without storage the visitor chooses again.
  }
}
