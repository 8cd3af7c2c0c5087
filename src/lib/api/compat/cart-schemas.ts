/**
 * The cart and guest calls existing clients of the API family send (besides the
 * storefront's own modify calls in cart-schemas.ts):
 *
 * | Call | Body | Answer |
 * |---|---|---|
 * | POST my/cart | cartCreateBody `{channel_id, seller_id}` | 200 createdCartAnswer: the cartEnvelope of an empty cart, and the cart's own fields at the top level |
 * | POST my/cart/{id}/reserve | cartReserveBody `{tickets:[{ticket_type_id, event_session_id, …}]}` | 200 cartEnvelope |
 * | POST user without `password` | guestUserBody | 201 userAnswer, a guest identity (no session) |
 *
 * A reserve row is one ticket: the row of cart-schemas.ts `reserveTicket` without a quantity
 * other than 1. The same holds, limits and errors apply as on POST my/cart/{id}/modify.
 */
import { z } from "zod";
import { cartEnvelope, cartResource, reserveTicket } from "../cart/schemas.ts";

const id = z.string().min(1).max(200);

/** POST my/cart: the seller (slug or id; `_seller` in the query also works) and the sales channel. */
export const cartCreateBody = z.strictObject({
  /** The sales channel; `web` is the only one Foyer sells through, any value is accepted. */
  channel_id: z.string().trim().min(1).max(50).optional(),
  /** The seller's id or slug; when absent, `_seller` names it. */
  seller_id: id.optional(),
});

/** One ticket per row: `quantity`, when sent, must be 1. */
export const reserveRow = reserveTicket.omit({ quantity: true }).extend({
  quantity: z.literal(1).optional(),
});

/** POST my/cart/{id}/reserve. */
export const cartReserveBody = z.strictObject({
  tickets: z.array(reserveRow).min(1).max(100),
  /** Survey answers keyed by ticket group id, as in the modify call's additionalInfo. */
  additional_info: z.record(id, z.record(z.string().max(200), z.unknown())).optional(),
});

/**
 * The cart's own fields that clients of the API family read at the top level of POST my/cart's
 * answer (the new cart's `id` and `expires_at` first), besides the envelope the storefront reads.
 */
export const CREATED_CART_TOP_FIELDS = [
  "id",
  "seller_id",
  "cart_number",
  "state",
  "expires_at",
  "expires_in",
  "identity_id",
] as const;

/** POST my/cart: the cart envelope, plus the new cart's own fields at the top level. */
export const createdCartAnswer = cartEnvelope.extend(
  cartResource.pick({
    id: true,
    seller_id: true,
    cart_number: true,
    state: true,
    expires_at: true,
    expires_in: true,
    identity_id: true,
  }).shape,
);

/** The envelope with the cart's own fields copied to the top level (the envelope's keys unchanged). */
export function withCartAtTop<E extends z.infer<typeof cartEnvelope>>(envelope: E) {
  const cart = envelope.cart._data[0];
  if (!cart) throw new Error("a cart envelope without its cart");
  const top = Object.fromEntries(CREATED_CART_TOP_FIELDS.map((key) => [key, cart[key]])) as Pick<
    typeof cart,
    (typeof CREATED_CART_TOP_FIELDS)[number]
  >;
  return { ...envelope, ...top };
}

export type CartCreateBody = z.input<typeof cartCreateBody>;
export type CartReserveBody = z.input<typeof cartReserveBody>;
