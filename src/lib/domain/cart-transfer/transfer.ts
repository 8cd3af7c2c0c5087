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

/** The outcome of reading the cart with the visitor's session (checkout/_entry.ts's CartEntry kinds). */
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

/**
 * The `next` query parameter as a path on this site, else `fallback` (the checkout). Only a path
 * that starts with one "/" counts: "//host", "/\\host", a scheme or anything that leaves the
 * origin is refused, so a transfer link cannot send the shopper elsewhere.
 */
export function transferNext(next: string | null, fallback: string): string {
  if (!next || next.length > 2000 || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\"))
    return fallback;
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  const origin = "https://transfer.invalid";
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
