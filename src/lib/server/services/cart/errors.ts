/** The cart calls' errors (spec 1 §8): helpers over the error catalogue (errors/catalogue.ts). */
import { msg } from "../../../domain/messages.ts";
import { fail } from "../../errors/api-error.ts";
import type { CodeIn } from "../../errors/catalogue.ts";

export const cartExpired = (cartId: string) => fail("cart_expired", { extra: { cart_id: cartId } });

export const cartNotModifiable = (cartId: string, state: string, orderId: string | null) =>
  fail("cart_not_modifiable", {
    description: state === "booked" && orderId ? `Cart with order ID ${orderId} has been booked.` : undefined,
    extra: { cart_id: cartId, state },
  });

export const forbidden = (description = "You are not allowed to use this cart.") =>
  fail("forbidden", { description, context: "cart" });

/** A refusal to hold tickets (409, context reserve), with a text that names what is short. */
export const reserveError = (
  code: CodeIn<"reserve">,
  description: string,
  extra: Record<string, unknown> = {},
) => fail(code, { description, extra });

export type BlockReason =
  | "code_required"
  | "login_required"
  | "anchor_required"
  | "tickets_must_match_anchor_tickets";

export const ruleBlocksReserve = (
  blockReason: BlockReason,
  description: string,
  extra: Record<string, unknown> = {},
) => fail("rule_blocks_reserve", { description, extra: { block_reason: blockReason, ...extra } });

/** A refusal of a code the shopper entered (context code), with a text that names the code. */
export const codeError = (code: CodeIn<"code">, description: string, extra: Record<string, unknown> = {}) =>
  fail(code, { description, extra });

/** A refusal of the code the shopper typed, in words the API answers in the call's language. */
type NamedCodeRow = Exclude<CodeIn<"code">, "invalid_citypass">;
export const namedCodeError = (code: NamedCodeRow, typed: string, extra: Record<string, unknown> = {}) =>
  fail(code, { message: msg(`apiError.${code}.named`, { code: typed }), extra: { code: typed, ...extra } });

export const CODE_REQUIRED_TEXT = "A code is required for these tickets.";

export const ANCHOR_REQUIRED_TEXT = "Add an admission event to your cart first.";
