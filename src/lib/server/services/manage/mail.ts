/**
 * Order mails of the manage flow: the link mailed again (POST ticket_order/manage_link,
 * 204 whether or not the order number and e-mail match, so it never tells which orders exist), and
 * POST ticket_order/{id}/email from a logged-out holder of the manage link (`order_update` after an
 * edit, `order_cancel` after a cancel). Both are the order confirmation with the manage link and a
 * first line saying why it came.
 */
import { and, eq, sql } from "drizzle-orm";
import { isSoldTicket } from "../../../domain/account/orders.ts";
import { formatMoney } from "../../../domain/money.ts";
import { t } from "../../../tenant/strings.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { mailLanguage } from "../../mail/mail-language.ts";
import type { MailWords } from "../../mail/mail-words.ts";
import { buildOrderConfirmation } from "../../mail/order-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { AuthCall } from "../auth/context.ts";
import type { SellerRow } from "../catalogue/reads.ts";
import { loadOrderBundle, type OrderRow } from "../checkout/orders.ts";
import { ticketMailExtras } from "../ticket-cards/links.ts";
import { managedOrder } from "./access.ts";
import { manageLinkForMail } from "./link.ts";

export type ManageMailKind = "manage_link" | "order_update" | "order_cancel" | "order_refund" | "resend";

/** The first line of each manage mail (none for a plain resend), in the mail's language. */
export function manageMailNotice(kind: ManageMailKind, words?: MailWords): string | null {
  return kind === "resend" ? null : t(words, `mail.manage.notice.${kind}`);
}

/** Staff sending an order's mail: another address than the buyer's, or their own first line. */
export interface ManageMailOptions {
  to?: string | undefined;
  notice?: string | undefined;
  /** The mail's "Total:" line when the order's total alone would mislead (after a refund). */
  totalText?: string | undefined;
}

/**
 * Queues the order's confirmation with its manage link; nothing when the buyer has no e-mail (and
 * no other address is given). Answers the outbox row's id, or null when nothing was queued.
 */
export async function mailManagedOrder(
  ex: Executor,
  seller: SellerRow,
  order: OrderRow,
  kind: ManageMailKind,
  origin: string,
  now: Date,
  options: ManageMailOptions = {},
): Promise<string | null> {
  const [identity] = await ex.select().from(s.identity).where(eq(s.identity.id, order.identityId));
  const to = options.to ?? identity?.email;
  if (!to) return null;
  const bundle = await loadOrderBundle(ex, [order.id]);
  const booked = bundle.tickets.filter((t) => isSoldTicket(t.ticket.state));
  // In the language the order was bought in (mail/mail-language.ts).
  const language = mailLanguage(seller.slug, order.language);
  const sellerName = language.sellerName(seller.name);
  const mail = await buildOrderConfirmation({
    sellerId: order.sellerId,
    sellerName,
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalText: options.totalText ?? formatMoney(order.total, seller.currencyCode, language.moneyLocale),
    to,
    firstName: identity?.firstName ?? null,
    tickets: booked,
    locale: language.locale,
    tenant: language.tenant,
    additionalInfo: bundle.cartInfo?.get(order.cartId),
    manageUrl: await manageLinkForMail(ex, order, seller.slug, bundle.tickets, now, origin),
    // The tickets page, wallet links and calendar attachment.
    inHand: await ticketMailExtras(ex, order, seller.slug, now, origin),
    notice: options.notice ?? manageMailNotice(kind, language.tenant),
  });
  // A refund's mail is told apart from the order's confirmations in the buyer's inbox.
  const subject =
    kind === "order_refund"
      ? t(language.tenant, "mail.order.refundSubject", { number: order.orderNumber, seller: sellerName })
      : mail.subject;
  return enqueueMail(ex, { ...mail, subject, kind, relatedId: order.id }, now);
}

/**
 * The order with this number at this seller whose buyer has this e-mail (case-insensitive), or
 * null. Pending and completed orders count; anything else reads as no match.
 */
export async function orderByNumberAndEmail(
  ex: Executor,
  sellerId: string,
  orderNumber: string,
  email: string,
): Promise<OrderRow | null> {
  const [row] = await ex
    .select({ order: s.ticketOrder })
    .from(s.ticketOrder)
    .innerJoin(s.identity, eq(s.identity.id, s.ticketOrder.identityId))
    .where(
      and(
        eq(s.ticketOrder.sellerId, sellerId),
        sql`upper(${s.ticketOrder.orderNumber}) = upper(${orderNumber.trim()})`,
        sql`lower(${s.identity.email}) = lower(${email.trim()})`,
      ),
    )
    .limit(1);
  return row?.order ?? null;
}

/**
 * POST ticket_order/{id}/email with `manage_token`: the order the token opens is mailed
 * to its buyer, `order_update` or `order_cancel` after a change, else the plain resend with the link.
 */
export async function emailByManageLink(
  call: AuthCall,
  orderId: string,
  body: { manage_token: string; log_context?: "order_update" | "order_cancel" | undefined },
): Promise<void> {
  await call.db.transaction(async (tx) => {
    const order = await managedOrder(tx, orderId, body.manage_token, call.now, call.seller.id);
    await mailManagedOrder(tx, call.seller, order, body.log_context ?? "resend", call.origin, call.now);
  });
}
