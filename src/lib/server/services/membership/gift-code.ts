/**
 * A completed gift of membership (an order with a giftee; spec 2 §5): one gift code per
 * gifted level (kind gift_membership, exactly 10 characters of an unambiguous alphabet, single use,
 * valid for GIFT_CODE_VALID_DAYS from completion, its benefit the level and the value paid for it,
 * `source_order_id` the order), and the giftee's mail with the code, queued in the same
 * transaction. The buyer gets the normal receipt. Idempotent: an order that already has its codes
 * gets none (a late webhook, a retried completion). Called wherever an order completes, next to
 * createOrderMemberships (which creates no memberships for a gift order).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, ne } from "drizzle-orm";
import { GIFT_CODE_VALID_DAYS, giftCodeFromBytes } from "../../../domain/membership/redeem.ts";
import { t } from "../../../tenant/strings.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { buildGiftMembershipMail } from "../../mail/gift-membership.ts";
import { mailLanguage } from "../../mail/mail-language.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { gifteeEmail } from "./giftee.ts";

type OrderLike = {
  id: string;
  sellerId: string;
  identityId: string;
  gifteeIdentityId: string | null;
  /** The language the order was bought in: the giftee's mail is written in it. */
  language?: string | null;
};
type CodeRow = typeof s.code.$inferSelect;

const DAY_MS = 86_400_000;

/** Inserts a code under a fresh random value, drawing again on the rare collision. */
async function insertUniqueCode(tx: Tx, row: Omit<CodeRow, "code">): Promise<CodeRow> {
  for (;;) {
    const [created] = await tx
      .insert(s.code)
      .values({ ...row, code: giftCodeFromBytes(randomBytes(10)) })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
}

/** The gifted levels of an order: each membership level once, with the most paid for one ticket. */
async function giftedLevels(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ ticket: s.ticket, type: s.ticketType })
    .from(s.ticket)
    .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
    .innerJoin(s.ticketType, eq(s.ticketType.id, s.ticket.ticketTypeId))
    .where(
      and(
        eq(s.ticket.ticketOrderId, orderId),
        eq(s.ticketGroup.handler, "membership"),
        ne(s.ticket.state, "cancelled"),
      ),
    )
    .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id));
  const levels = new Map<string, { id: string; name: string; value: number }>();
  for (const { ticket, type } of rows) {
    const level = levels.get(type.id) ?? { id: type.id, name: type.name, value: 0 };
    level.value = Math.max(level.value, ticket.faceValue);
    levels.set(type.id, level);
  }
  return [...levels.values()];
}

/** Creates the order's gift codes and mails them to the giftee; answers the codes created. */
export async function issueGiftCodes(tx: Tx, order: OrderLike, now: Date): Promise<CodeRow[]> {
  if (!order.gifteeIdentityId) return [];
  const existing = await tx
    .select({ id: s.code.id })
    .from(s.code)
    .where(and(eq(s.code.sellerId, order.sellerId), eq(s.code.sourceOrderId, order.id)))
    .limit(1);
  if (existing.length) return [];
  const [giftee] = await tx.select().from(s.identity).where(eq(s.identity.id, order.gifteeIdentityId));
  const [buyer] = await tx.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, order.sellerId));
  if (!giftee || !seller) return [];
  const language = mailLanguage(seller.slug, order.language);
  const buyerName =
    [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ").trim() ||
    t(language.tenant, "mail.giftCard.someone");
  const validTo = new Date(now.getTime() + GIFT_CODE_VALID_DAYS * DAY_MS);
  const created: CodeRow[] = [];
  for (const level of await giftedLevels(tx, order.id)) {
    const code = await insertUniqueCode(tx, {
      id: randomUUID(),
      sellerId: order.sellerId,
      kind: "gift_membership",
      description: `Gift of a ${level.name} membership`,
      advertise: false,
      validFrom: now,
      validTo,
      maxUses: 1,
      uses: 0,
      benefit: { ticket_type_ids: [level.id], amount_off: level.value },
      sourceOrderId: order.id,
      redeemedCartId: null,
      redeemedOrderId: null,
    });
    created.push(code);
    const to = gifteeEmail(giftee);
    if (to) {
      const mail = buildGiftMembershipMail({
        seller: { ...seller, name: language.sellerName(seller.name) },
        tenant: language.tenant,
        to,
        gifteeFirstName: giftee.firstName,
        buyerName,
        levelName: level.name,
        code: code.code,
        validTo,
        orderId: order.id,
      });
      await enqueueMail(tx, mail, now);
    }
  }
  return created;
}
