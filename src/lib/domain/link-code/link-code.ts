/**
 * The `?code=` link parameter (spec 1 §6 "On the login path the promo code is not carried; on other
 * routes a 'code' query parameter is kept"; §9 "promo 2 to 35"). A shopper who opens a storefront
 * page with `?code=XYZ` gets the code on their cart: preloaded on the cart the next add creates
 * (applied when it can be, skipped quietly otherwise, as the tenant's default code is), or applied
 * to the cart they already hold. The browser remembers the code (sessionStorage) until a cart has
 * taken it, and a page that still carries the same code (a reload, the back button) does not apply
 * it again. Pure and free of zod: the cart store runs it on every page.
 */
import { PROMO_CODE_MAX, promoCodeLengthOk, splitPromoCodes } from "../promo-input.ts";

export const LINK_CODE_PARAM = "code";
/** At most this many codes from one link (several may be comma separated, spec 1 §5). */
export const LINK_CODES_MAX = 5;
/** A longer query value is not read at all (five codes of 35 characters and their commas). */
const RAW_MAX = LINK_CODES_MAX * (PROMO_CODE_MAX + 1);
/** Letters and digits, with `-`, `_` and `.` inside: what a printed promo code is made of. */
const CODE_SHAPE = /^[\p{L}\p{N}](?:[\p{L}\p{N}._-]*[\p{L}\p{N}])?$/u;

/**
 * Routes where `code` means something else or is not carried: the login path (spec 1 §6) and
 * the gift-of-membership redemption, whose `?code=` is the gift's own code.
 */
const NOT_CARRIED = [/(^|\/)login(\/|$)/, /(^|\/)membership\/redeem(\/|$)/];

export function linkCodeCarriedOn(pathname: string): boolean {
  return !NOT_CARRIED.some((route) => route.test(pathname));
}

/**
 * The codes of a raw `code` value: trimmed, comma separated, empties dropped, upper-cased (codes
 * compare case-insensitively) and without repeats. Anything doubtful gives no code at all: a value
 * over the length cap, more than five codes, a code outside 2 to 35 characters, or one holding
 * anything but letters, digits, `-`, `_` and `.` (NUL, control characters, spaces, lone
 * surrogates, markup).
 */
export function parseLinkCodes(raw: string | null | undefined): string[] {
  if (!raw || raw.length > RAW_MAX) return [];
  const codes = splitPromoCodes(raw);
  if (codes.length > LINK_CODES_MAX) return [];
  if (!codes.every((code) => promoCodeLengthOk(code) && CODE_SHAPE.test(code))) return [];
  return [...new Set(codes.map((code) => code.toUpperCase()))];
}

/** The promo codes a page's address carries: none on the routes that do not carry them. */
export function linkCodesOf(location: { pathname: string; search: string }): string[] {
  if (!linkCodeCarriedOn(location.pathname)) return [];
  let raw: string | null;
  try {
    raw = new URLSearchParams(location.search).get(LINK_CODE_PARAM);
  } catch {
    return [];
  }
  return parseLinkCodes(raw);
}

/** What the browser remembers per seller: the codes waiting for a cart, the codes already handled. */
export interface LinkCodeMemory {
  pending: string[];
  handled: string[];
}

export const EMPTY_LINK_CODE_MEMORY: LinkCodeMemory = { pending: [], handled: [] };

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code, i) => code === b[i]);

/**
 * The memory after a page with `fromUrl` opened: a new code waits for the cart; the code a cart
 * already took (the same link again) is not applied again.
 */
export function noteLinkCodes(memory: LinkCodeMemory, fromUrl: readonly string[]): LinkCodeMemory {
  if (fromUrl.length === 0 || sameCodes(fromUrl, memory.pending) || sameCodes(fromUrl, memory.handled)) {
    return memory;
  }
  return { pending: [...fromUrl], handled: [] };
}

/** The memory once a cart took the pending codes (or refused them: they are not tried again). */
export function linkCodesHandled(memory: LinkCodeMemory): LinkCodeMemory {
  return memory.pending.length ? { pending: [], handled: memory.pending } : memory;
}

/** The pending codes the cart does not hold yet (codes compare upper-cased). */
export function codesToApply(memory: LinkCodeMemory, onCart: readonly string[]): string[] {
  const held = new Set(onCart.map((code) => code.toUpperCase()));
  return memory.pending.filter((code) => !held.has(code));
}

/** A stored memory, or the empty one when it is missing or unreadable. */
export function readLinkCodeMemory(raw: string | null): LinkCodeMemory {
  if (!raw) return EMPTY_LINK_CODE_MEMORY;
  try {
    const value = JSON.parse(raw) as { pending?: unknown; handled?: unknown };
    const list = (v: unknown) =>
      Array.isArray(v) ? parseLinkCodes(v.filter((c) => typeof c === "string").join(",")) : [];
    return { pending: list(value.pending), handled: list(value.handled) };
  } catch {
    return EMPTY_LINK_CODE_MEMORY;
  }
}
