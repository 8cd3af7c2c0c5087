/**
 * Transfer cart (spec 2 §2 "/transfer-cart/{cartId}: Loads a cart, then goes to the path in the
 * next query parameter or to /checkout", §6 "A cart not owned by the public identity cannot be
 * transferred", §8 "Transfer cart: 'This cart belongs to another member'; 403 'Access denied to
 * cart'; 404 'Cart not found'"). Pure rules: where the shopper goes, and which text a refused
 * transfer shows (message ids; the tenant's strings word them).
 *
 * The API lets anyone read a cart of the public identity, and a logged-in identity's cart only to
 * that identity (403 to everyone else). So a refused read is the §8 403 for a visitor who is not
 * logged in, and "belongs to another member" for one logged in as someone else. A logged-in
 * visitor's own cart is theirs already, so it loads like a public one.
 */

/** The outcome of reading the cart with the visitor's session (server/page-data/checkout/entry.ts's CartEntry kinds). */
export type TransferRead = "cart" | "booked" | "not_found" | "forbidden" | "expired";

export type TransferProblem =
  | "transfer.notFound"
  | "transfer.accessDenied"
  | "transfer.otherMember"
  | "transfer.expired"
  | "transfer.booked";

/** The HTTP status of the page for each problem (the §8 codes: 403 and 404). */
export const TRANSFER_PROBLEM_STATUS: Record<TransferProblem, number> = {
  "transfer.notFound": 404,
  "transfer.accessDenied": 403,
  "transfer.otherMember": 403,
  "transfer.expired": 410,
  "transfer.booked": 409,
};

/** The text a transfer shows instead of loading the cart; null when the cart loads. */
export function transferProblem(read: TransferRead, loggedIn: boolean): TransferProblem | null {
  switch (read) {
    case "cart":
      return null;
    case "not_found":
      return "transfer.notFound";
    case "forbidden":
      return loggedIn ? "transfer.otherMember" : "transfer.accessDenied";
    case "expired":
      return "transfer.expired";
    case "booked":
      return "transfer.booked";
  }
}

const DUMMY_ORIGIN = "https://transfer.invalid";
/** Control characters, white space and backslashes: browsers drop or reinterpret them in a URL. */
function unsafe(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === "\\" || /\s/.test(char)) return true;
  }
  return false;
}

/** `text` percent-decoded until it no longer changes (at most 3 rounds), or null when it will not decode. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** The path of `text` resolved against the dummy origin (dot segments gone), or null when it leaves it. */
function resolvedOnSite(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  // "//host" after dot segments are resolved is a link to another host once it is in a page.
  if (url.origin !== DUMMY_ORIGIN || url.pathname.startsWith("//")) return null;
  return url;
}

function underBase(pathname: string, base: string): boolean {
  return base === "" || pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The `next` query parameter as a path of this storefront, else its checkout (`{base}/checkout`).
 * `base` is the page's router base ("" on the tenant's own host, `/{seller}` on the shared host).
 * `next` counts only when it is a path ("/..."), its fully percent-decoded form has no control
 * character, white space or backslash, and both it and that decoded form, once dot segments are
 * resolved, stay on the same origin and under `base`: so "/{seller}/..//evil.example",
 * "%2e%2e", "%2F%2F", "/\\evil" and absolute URLs all fall back, and a transfer link can only send
 * the shopper elsewhere in this storefront. The answer is the raw form resolved (its query keeps
 * its encoding); the script and the no-JavaScript link both use it.
 */
export function transferNext(next: string | null, base: string): string {
  const fallback = `${base}/checkout`;
  if (!next || next.length > 2000 || !next.startsWith("/") || unsafe(next)) return fallback;
  const decoded = fullyDecoded(next);
  if (decoded === null || unsafe(decoded)) return fallback;
  const raw = resolvedOnSite(next);
  const plain = resolvedOnSite(decoded);
  if (!raw || !plain || !underBase(raw.pathname, base) || !underBase(plain.pathname, base)) return fallback;
  return `${raw.pathname}${raw.search}${raw.hash}`;
}
