/**
 * A new, empty pending cart row: one place for a cart's defaults, for the shop's reserve, a
 * self-service edit and a waiting list's offer. It holds for the hold length unless the caller
 * gives another expiry (an offer holds until the offer ends).
 */
import { randomInt, randomUUID } from "node:crypto";
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
