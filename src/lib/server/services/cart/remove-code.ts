/**
 * DELETE my/cart/{id}/code/{code}: takes an applied promo code off the cart ("An applied
 * promo code can't be removed"). Spec 1 §7 applies codes with apply_code and the modify's code
 * lists but names no call to take one back, so this is the narrow counterpart of apply_code: the
 * cart locked, owner, state and expiry checked like every cart call (access.ts), the code dropped
 * from cart.codes, and the cart answered as apply_code answers it.
 *
 * A code that held tickets still depend on stays: a voucher a ticket was reserved with (its use is
 * given back only with the ticket, release.ts), or a code that unlocked the group of a held ticket.
 */

import { eq } from "drizzle-orm";
import type { CartEnvelope } from "../../../api/cart/schemas.ts";
import { msg } from "../../../domain/messages.ts";
import { normalizeCode, readBenefit } from "../../../domain/promo-codes.ts";
import * as s from "../../db/schema.ts";
import { fail, notFound } from "../../errors/api-error.ts";
import type { Caller } from "../identity/identity.ts";
import { withLockedCart } from "./access.ts";
import { loadCodes } from "./codes.ts";
import { buildCartEnvelope } from "./envelope.ts";
import { heldTickets } from "./release.ts";
import type { CartDeps } from "./service.ts";

export const codeStillNeeded = (code: string) =>
  fail("code_needed_by_tickets", {
    message: msg("apiError.code_needed_by_tickets.named", { code }),
    extra: { code },
  });

export async function removeCode(
  deps: CartDeps,
  cartId: string,
  rawCode: string,
  caller: Caller,
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  const code = normalizeCode(rawCode);
  const cart = await withLockedCart(db, cartId, caller, now, async (tx, locked) => {
    if (!locked.codes.includes(code)) throw notFound("code", code);
    const tickets = await heldTickets(tx, locked.id);
    const row = (await loadCodes(tx, locked.sellerId, [code])).get(code);
    const unlocks = new Set(readBenefit(row?.benefit).unlocks_ticket_group_ids ?? []);
    if (tickets.some((t) => t.code === code || unlocks.has(t.ticketGroupId))) throw codeStillNeeded(code);
    const codes = locked.codes.filter((c) => c !== code);
    await tx.update(s.cart).set({ codes }).where(eq(s.cart.id, locked.id));
    return { ...locked, codes };
  });
  return buildCartEnvelope(db, cart, now);
}
