/** The checkout calls' own errors (spec 2 §8), each with its code, context and _extra. */
import { ApiError, validationFailed } from "../../http/errors.ts";

/** Spec 2 §8: "Cart with order ID {id} has been booked." (the ticket order's id). */
export const cartBooked = (cartId: string, ticketOrderId: string) =>
  new ApiError(409, "cart_booked", `Cart with order ID ${ticketOrderId} has been booked.`, {
    context: "checkout",
    extra: { cart_id: cartId, ticket_order_id: ticketOrderId },
  });

export const checkoutCartExpired = (cartId: string) =>
  new ApiError(
    410,
    "cart_expired",
    "Your cart expired before the payment was taken, so its tickets were released. You have not been charged.",
    { context: "checkout", extra: { cart_id: cartId } },
  );

export const idempotencyKeyReused = () =>
  new ApiError(
    422,
    "idempotency_key_reused",
    "This idempotency key was already used with a different request.",
    { context: "checkout" },
  );

export const cartEmpty = (cartId: string) =>
  new ApiError(400, "cart_empty", "There is nothing in this cart to check out.", {
    context: "checkout",
    extra: { cart_id: cartId },
  });

export const amountMismatch = (outstanding: string) =>
  validationFailed(
    "The amount must equal the total outstanding.",
    { field: "amount", total_outstanding: outstanding },
    "checkout",
  );

export const identityRequired = () =>
  validationFailed("The purchaser identity is required.", { field: "identity" }, "checkout");
