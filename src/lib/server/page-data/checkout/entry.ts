/**
 * Server-side reads of the checkout pages (spec 2 §8 "Checkout route entry"): the visitor's cart
 * through the in-process API with the visitor's cookie (a user's cart is 403 to others), and the
 * ticket orders of the completion page through the cached API. Server only.
 */

import { authApi } from "../../../api/auth/client.ts";
import { cartApi } from "../../../api/cart/client.ts";
import type { CartEnvelope } from "../../../api/cart/schemas.ts";
import { checkoutApi, type TicketOrderEnvelope } from "../../../api/checkout/client.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { isCustomFieldKey } from "../../../domain/identity-custom-fields.ts";
import type { PurchaserIdentity } from "../../../domain/identity-form.ts";
import { SESSION_COOKIE } from "../../services/identity/identity.ts";
import { ssrApi, visitorClient } from "../client.ts";

export { SESSION_COOKIE };

function visitorClientOf(request: Request) {
  return visitorClient({ cookie: request.headers.get("cookie") });
}

export type CartEntry =
  | { kind: "cart"; envelope: CartEnvelope }
  /** A booked order that still owes instalments, read by its owner (checkout/instalment.ts). */
  | { kind: "instalment"; envelope: CartEnvelope; orderId: string }
  | { kind: "booked"; orderId: string }
  | { kind: "not_found" }
  | { kind: "forbidden" }
  | { kind: "expired" };

/** GET my/cart/{id}: 404 → not found; booked (state or 409 with its order id) → completion; 403 proceeds. */
export async function cartEntry(
  request: Request,
  cartId: string,
  seller: string,
  /** The page's language when not the tenant's default (page-language.ts): the lines' names in it. */
  language?: string,
): Promise<CartEntry> {
  try {
    // In this seller's context: a cart of another seller is not found.
    const client = visitorClient({ cookie: request.headers.get("cookie"), language });
    const envelope = await cartApi(client).get(cartId, seller);
    const cart = envelope.cart._data[0];
    if (!cart) return { kind: "not_found" };
    if (cart.state === "booked" && cart.ticket_order_id) {
      const owes = (envelope.scheduled_payment?._data ?? []).some((row) => row.status !== "Paid");
      return owes
        ? { kind: "instalment", envelope, orderId: cart.ticket_order_id }
        : { kind: "booked", orderId: cart.ticket_order_id };
    }
    if (cart.state !== "pending") return { kind: "expired" };
    return { kind: "cart", envelope };
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    const orderId = error.extra.ticket_order_id;
    if (typeof orderId === "string" && orderId) return { kind: "booked", orderId };
    if (error.status === 404) return { kind: "not_found" };
    if (error.status === 403) return { kind: "forbidden" };
    if (error.status === 410 || error.code === "cart_expired") return { kind: "expired" };
    throw error;
  }
}

/** The cart number of a cart (the pending page's reference), or null when it cannot be read. */
export async function cartNumber(request: Request, cartId: string, seller: string): Promise<string | null> {
  try {
    return (await cartApi(visitorClientOf(request)).get(cartId, seller)).cart._data[0]?.cart_number ?? null;
  } catch (error) {
    if (error instanceof ApiClientError) return null;
    throw error;
  }
}

/** Spec §2: orderIds is a comma-separated list; anything unreadable is dropped. */
export function parseOrderIds(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(",").map((id) => id.trim()))]
    .filter((id) => /^[\w-]{1,200}$/.test(id))
    .slice(0, 20);
}

/**
 * GET ticket_order with id._in; null when none of them exist, or when one is a member's order this
 * visitor may not read (403): the pages show the ordinary not-found page for both, so nothing says
 * the order exists, and no error is logged for it. A guest's orders come through the cached API;
 * a logged-in visitor's through /api with their cookie, since a member's order is readable only by
 * that member and never cached.
 */
export async function ticketOrders(
  request: Request,
  seller: string,
  ids: string[],
  /** The page's language when not the tenant's default (page-language.ts). */
  language?: string,
): Promise<TicketOrderEnvelope | null> {
  const loggedIn = request.headers.get("cookie")?.includes(`${SESSION_COOKIE}=`) ?? false;
  try {
    const client = loggedIn
      ? visitorClient({ cookie: request.headers.get("cookie"), language })
      : ssrApi(language);
    const envelope = await checkoutApi(client).ticketOrders(seller, ids);
    return envelope.ticket_order._data.length > 0 ? envelope : null;
  } catch (error) {
    if (error instanceof ApiClientError && [400, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

/**
 * The member logged in with this seller, as the checkout shows them (spec 2 §1 "a logged-in
 * member"; §5 captcha is skipped for logged-in users), read through GET my/user with the
 * visitor's cookie; null for anyone else or an identity without a full name and e-mail.
 */
export async function memberAt(
  request: Request,
  seller: string,
): Promise<(PurchaserIdentity & { additional_info: Record<string, unknown> }) | null> {
  if (!request.headers.get("cookie")?.includes(`${SESSION_COOKIE}=`)) return null;
  try {
    const me = (await authApi(visitorClientOf(request), seller).me()).identity._data[0];
    if (!me?.first_name || !me.last_name || !me.email || !me.has_real_email) return null;
    // additional_info: the custom identity fields the checkout may still ask for (a ZIP code).
    return {
      first_name: me.first_name,
      last_name: me.last_name,
      email: me.email,
      additional_info: Object.fromEntries(
        Object.entries(me.additional_info).filter(([key]) => isCustomFieldKey(key)),
      ),
    };
  } catch (error) {
    if (error instanceof ApiClientError) return null;
    throw error;
  }
}
