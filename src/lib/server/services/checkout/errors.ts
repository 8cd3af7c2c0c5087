/** The checkout calls' own errors (spec 2 §8), each with its code, context and _extra. */
import { fail, validationFailed } from "../../errors/api-error.ts";

/** Spec 2 §8: "Cart with order ID {id} has been booked." (the ticket order's id). */
export const cartBooked = (cartId: string, ticketOrderId: string) =>
  fail("cart_booked", {
    description: `Cart with order ID ${ticketOrderId} has been booked.`,
    extra: { cart_id: cartId, ticket_order_id: ticketOrderId },
  });

export const checkoutCartExpired = (cartId: string) =>
  fail("cart_expired", {
    description:
      "Your cart expired before the payment was taken, so its tickets were released. You have not been charged.",
    context: "checkout",
    extra: { cart_id: cartId },
  });

export const idempotencyKeyReused = () => fail("idempotency_key_reused");

export const cartEmpty = (cartId: string) => fail("cart_empty", { extra: { cart_id: cartId } });

export const amountMismatch = (outstanding: string) =>
  validationFailed(
    "The amount must equal the total outstanding.",
    { field: "amount", total_outstanding: outstanding },
    "checkout",
  );

export const identityRequired = () =>
  validationFailed("The purchaser identity is required.", { field: "identity" }, "checkout");
