/** The cart calls' errors (spec 1 §8), each with the contract's code, context and _extra. */
import { ApiError } from "../../http/errors.ts";

export const cartExpired = (cartId: string) =>
  new ApiError(410, "cart_expired", "Your cart has expired.", {
    context: "cart",
    extra: { cart_id: cartId },
  });

export const cartNotModifiable = (cartId: string, state: string, orderId: string | null) =>
  new ApiError(
    409,
    "cart_not_modifiable",
    state === "booked" && orderId
      ? `Cart with order ID ${orderId} has been booked.`
      : "This cart can no longer be changed.",
    { context: "cart", extra: { cart_id: cartId, state } },
  );

export const forbidden = (description = "You are not allowed to use this cart.") =>
  new ApiError(403, "forbidden", description, { context: "cart" });

export const reserveError = (code: string, description: string, extra: Record<string, unknown> = {}) =>
  new ApiError(409, code, description, { context: "reserve", extra });

export type BlockReason =
  | "code_required"
  | "login_required"
  | "anchor_required"
  | "tickets_must_match_anchor_tickets";

export const ruleBlocksReserve = (
  blockReason: BlockReason,
  description: string,
  extra: Record<string, unknown> = {},
) =>
  new ApiError(409, "rule_blocks_reserve", description, {
    context: "checkout_rules",
    extra: { block_reason: blockReason, ...extra },
  });

export const codeError = (code: string, description: string, extra: Record<string, unknown> = {}) =>
  new ApiError(422, code, description, { context: "code", extra });

export const CODE_REQUIRED_TEXT = "A code is required for these tickets.";

export const ANCHOR_REQUIRED_TEXT = "Add an admission event to your cart first.";
