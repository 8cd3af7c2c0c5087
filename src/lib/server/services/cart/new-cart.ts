/**
 * A new, empty pending cart row: one place for a cart's defaults, for the shop's reserve, a
 * self-service edit and a waiting list's offer. It holds for the hold length unless the caller
 * gives another expiry (an offer holds until the offer ends).
 */
import { randomInt, randomUUID } from "node:crypto";
import { postgresError } from "../../db/pg-error.ts";
import { holdSeconds } from "./config.ts";
import type { CartRow } from "./types.ts";

export function newPendingCart(
  owner: { sellerId: string; identityId: string },
  now: Date,
  extra: Partial<Pick<CartRow, "expiresAt" | "campaign" | "editsTicketOrderId" | "language">> = {},
): CartRow {
  return {
    id: randomUUID(),
    sellerId: owner.sellerId,
    cartNumber: String(randomInt(100_000_000, 999_999_999)),
    state: "pending",
    identityId: owner.identityId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + holdSeconds() * 1000),
    campaign: {},
    additionalInfo: {},
    codes: [],
    ticketOrderId: null,
    membershipOptions: {},
    editsTicketOrderId: null,
    editRemovals: [],
    language: null,
    ...extra,
  };
}

/**
 * PostgreSQL refused the cart's number: another cart of the seller has it. Numbers are random (nine
 * digits, the order's number too): among a million carts a few hundred pairs meet, and the bench's
 * three servers met one.
 */
function isCartNumberTaken(error: unknown): boolean {
  return postgresError(error, "23505")?.message.includes("cart_seller_number_idx") === true;
}

/** How often a new cart is tried with another number before the refusal stands. */
const NUMBER_ATTEMPTS = 3;

/**
 * Runs `store` (a whole transaction that inserts the cart) with a new cart from `make`, and again
 * with a fresh one, so another number, when the number was taken.
 */
export async function withUnusedCartNumber<T>(
  make: () => CartRow,
  store: (cart: CartRow) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store(make());
    } catch (error) {
      if (attempt < NUMBER_ATTEMPTS && isCartNumberTaken(error)) continue;
      throw error;
    }
  }
}
