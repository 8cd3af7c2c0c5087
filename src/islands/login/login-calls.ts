/**
 * The browser side of the login calls: the typed account client (loaded on first need), the
 * passcode token kept in sessionStorage at request time (so a login link opened in another browser
 * is told apart, spec 1 §2 'otp unavailable'), the local cart id handed over at login, and the
 * cart refresh after it (spec 1 §4).
 */
import type { LoginAnswer } from "../../lib/api/auth/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import { cartStorageKey } from "../../lib/domain/cart-widget-wake.ts";
import { forgetLoginEmail } from "./remembered-email.ts";

let loading: Promise<import("../../lib/api/auth/client.ts").AuthApi> | undefined;

/** The account calls for one seller, over the browser's fetch (same-origin cookies). */
export function loginApi(seller: string) {
  loading ??= Promise.all([import("../../lib/api/auth/client.ts"), import("../../lib/api/browser.ts")]).then(
    ([{ authApi }, { browserClient }]) => authApi(browserClient(), seller),
  );
  return loading;
}

interface StoredPasscode {
  token: string;
  email: string;
}

const passcodeKey = (seller: string) => `foyer.otp.${seller}`;

export function storePasscodeToken(seller: string, value: StoredPasscode): void {
  try {
    sessionStorage.setItem(passcodeKey(seller), JSON.stringify(value));
  } catch {
    // Storage disabled: a link opened later shows the otp-unavailable step instead.
  }
}

export function storedPasscodeToken(seller: string): StoredPasscode | null {
  try {
    const raw = sessionStorage.getItem(passcodeKey(seller));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredPasscode>;
    return typeof value.token === "string" && typeof value.email === "string"
      ? { token: value.token, email: value.email }
      : null;
  } catch {
    return null;
  }
}

export function forgetPasscodeToken(seller: string): void {
  try {
    sessionStorage.removeItem(passcodeKey(seller));
  } catch {
    // Nothing stored.
  }
}

/** The id of the cart this browser holds for the seller (the cart store's key), sent as cart_id. */
export function localCartId(seller: string): string | undefined {
  try {
    const raw = localStorage.getItem(cartStorageKey(seller));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { envelope?: { cart?: { _data?: Array<{ id?: unknown }> } } };
    const id = value.envelope?.cart?._data?.[0]?.id;
    return typeof id === "string" && id.length <= 100 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a login: the cart store is refreshed as spec 1 §4 says. A failure here must not undo the
 * login, so it is reported (without personal data) and the visitor goes on.
 */
export async function afterLogin(seller: string, answer: LoginAnswer): Promise<void> {
  forgetPasscodeToken(seller);
  forgetLoginEmail(seller);
  if (!localCartId(seller) && !answer.cart_id) return;
  const { initCart, refreshAfterLogin } = await import("../../lib/stores/cart.ts");
  initCart({ seller });
  try {
    await refreshAfterLogin(answer.cart_id);
  } catch (error) {
    console.warn("login.cart_refresh_failed", { code: failureOf(error).code });
  }
}
