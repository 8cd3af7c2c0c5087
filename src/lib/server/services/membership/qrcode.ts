/**
 * Who may read a membership's QR code (GET membership/{id}/qrcode, spec 2 §7): the member's own
 * identity, or whoever may read the order it came from (the order QR's rule: a guest order is
 * readable by the holder of its unguessable id, so here by the holder of the membership's id; a
 * user's order only by that user). A stranger is refused with 403, as for the order QR.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { forbidden } from "../cart/errors.ts";
import { assertCanReadOrder } from "../checkout/orders.ts";
import type { Caller } from "../identity/identity.ts";

/** The scan code (member ID) a readable membership's QR code encodes. */
export async function readableMembershipScanCode(ex: Executor, id: string, caller: Caller): Promise<string> {
  const [m] = await ex.select().from(s.membership).where(eq(s.membership.id, id));
  if (!m) throw notFound("membership", id);
  if (caller.identityId === m.identityId && caller.sellerId === m.sellerId) return m.scanCode;
  const [order] = m.ticketOrderId
    ? await ex.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, m.ticketOrderId))
    : [];
  if (!order) throw forbidden("You are not allowed to see this membership.");
  assertCanReadOrder(order, caller);
  return m.scanCode;
}
