/**
 * Resending the membership e-mail: the mail a member gets today when they ask for their member IDs
 * (mail/account-mails.ts membershipIdsMail, kind `membership_ids`), with the IDs of the cards
 * bought together with this membership, to the account's address (a gift's recipient address for a
 * giftee). Queued in the same transaction as its audit entry (membership.resend).
 */

import { eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound } from "../../../errors/api-error.ts";
import { membershipIdsMail } from "../../../mail/account-mails.ts";
import { mailLanguage } from "../../../mail/mail-language.ts";
import { enqueueMail } from "../../../mail/outbox.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { cardsOf, memberEmail, membershipOfActor } from "./detail.ts";
import { type MembershipRefInput, membershipRefInput } from "./schemas.ts";

export interface MembershipMailSent {
  membershipId: string;
  mailId: string;
  /** The cards the mail lists. */
  memberIds: string[];
}

/** Queues the membership e-mail again. Roles: members.change. 409 member_without_email. */
export async function resendMembershipEmail(
  db: Executor,
  actor: StaffActor,
  input: MembershipRefInput,
  now: Date,
): Promise<MembershipMailSent> {
  assertAllowed(actor, "members.change");
  const { membershipId } = parseInput(membershipRefInput, input);
  const seller = await actorSeller(db, actor);
  return db.transaction(async (tx) => {
    const membership = await membershipOfActor(tx, actor, membershipId);
    const [identity] = await tx.select().from(s.identity).where(eq(s.identity.id, membership.identityId));
    if (!identity) throw notFound("membership", membershipId);
    const to = memberEmail(identity);
    if (!to) throw fail("member_without_email", { extra: { membership_id: membership.id } });
    const cards = await cardsOf(tx, membership);
    // In the language the membership was bought in (its order's), else the default language.
    const [order] = membership.ticketOrderId
      ? await tx
          .select({ language: s.ticketOrder.language })
          .from(s.ticketOrder)
          .where(eq(s.ticketOrder.id, membership.ticketOrderId))
      : [];
    const language = mailLanguage(seller.slug, order?.language);
    const mailSeller = { ...seller, name: language.sellerName(seller.name), words: language.tenant };
    const mail = membershipIdsMail(mailSeller, to, cards, mailOriginFor(seller.slug));
    const mailId = await enqueueMail(tx, { ...mail, relatedId: identity.id }, now);
    await recordAudit(
      tx,
      actor,
      {
        action: "membership.resend",
        resource: "membership",
        resourceId: membership.id,
        details: { mail_id: mailId, member_ids: cards.map((c) => c.scanCode) },
      },
      now,
    );
    return { membershipId: membership.id, mailId, memberIds: cards.map((c) => c.scanCode) };
  });
}
