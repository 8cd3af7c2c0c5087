/**
 * The e-mail typed on the login screen, kept for this tab so the forgot-password form opens with it.
 * It lives in sessionStorage rather than the link's query, so it never reaches an address bar, a Referer or
 * a request log; it is forgotten after a login.
 */
import { LOGIN_EMAIL_MAX } from "../../lib/domain/login-input.ts";

const key = (seller: string) => `foyer.login.email.${seller}`;

export function rememberLoginEmail(seller: string, email: string): void {
  try {
    sessionStorage.setItem(key(seller), email.slice(0, LOGIN_EMAIL_MAX));
  } catch {
    // Storage disabled: the forgot-password form simply starts empty.
  }
}

export function rememberedLoginEmail(seller: string): string {
  try {
    return sessionStorage.getItem(key(seller))?.slice(0, LOGIN_EMAIL_MAX) ?? "";
  } catch {
    return "";
  }
}

export function forgetLoginEmail(seller: string): void {
  try {
    sessionStorage.removeItem(key(seller));
  } catch {
    // Nothing stored.
  }
}
