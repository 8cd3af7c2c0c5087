/**
 * Staff send an order's confirmation again (services/manage/mail.ts, kind resend, with the manage
 * link and the tickets still booked) to its buyer or to another address the visitor gives at the
 * desk; the audit log records it in the same transaction as the queued mail.
 */
import { eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { validationFailed } from "../../../errors/api-error.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import { mailManagedOrder } from "../../manage/mail.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { sellerOrder } from "./access.ts";
import { type ResendOrderInput, type ResendResult, resendOrderInput } from "./schemas.ts";

export async function resendOrder(
  db: Executor,
  actor: StaffActor,
  input: ResendOrderInput,
  now: Date,
): Promise<ResendResult> {
  assertAllowed(actor, "orders.change");
  const { orderId, to } = parseInput(resendOrderInput, input);
  return db.transaction(async (tx) => {
    const order = await sellerOrder(tx, actor, orderId);
    const seller = await actorSeller(tx, actor);
    const mailId = await mailManagedOrder(tx, seller, order, "resend", mailOriginFor(seller.slug), now, {
      to,
    });
    // A guest order bought without an e-mail, and no address given: nothing to send to.
    if (!mailId) throw validationFailed("The buyer has no e-mail: give an address.", { field: "to" });
    const [row] = await tx.select({ to: s.outbox.toAddress }).from(s.outbox).where(eq(s.outbox.id, mailId));
    await recordAudit(
      tx,
      actor,
      {
        action: "resend",
        resource: "ticket_order",
        resourceId: order.id,
        details: { mail_id: mailId, to: to ? "other" : "buyer" },
      },
      now,
    );
    return { orderId: order.id, mailId, to: row?.to ?? to ?? "" };
  });
}
