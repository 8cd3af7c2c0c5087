/**
 * Resending tickets (spec 2 §7 ticket_order/resend, my/ticket_order/resend). The completed orders
 * of the e-mail's identity at this seller are mailed again with the order confirmation builder
 * (kind `resend`), newest first, at most RESEND_MAX_ORDERS. None: 404 `no_orders` (spec 2 §8).
 * `memberships_only` (forgot-membership) mails the member IDs when there are any and always
 * answers 204, so it never tells whether the e-mail is registered.
 */
import { and, desc, eq } from "drizzle-orm";
import { formatMoney } from "../../../domain/money.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { membershipIdsMail } from "../../mail/account-mails.ts";
import { mailLanguage } from "../../mail/mail-language.ts";
import { buildOrderConfirmation } from "../../mail/order-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { loadOrderBundle } from "../checkout/orders.ts";
import { manageLinkForMail } from "../manage/link.ts";
import { ticketMailExtras } from "../ticket-cards/links.ts";
import { type AuthCall, mailSellerOf } from "./context.ts";
import { noOrders } from "./errors.ts";
import { type IdentityRow, identityByEmail, membershipsOf } from "./users.ts";

export const RESEND_MAX_ORDERS = 20;

async function mailMemberships(ex: Executor, call: AuthCall, identity: IdentityRow): Promise<void> {
  if (!identity.email) return;
  const members = await membershipsOf(ex, identity.id);
  if (!members.length) return;
  await enqueueMail(
    ex,
    {
      ...membershipIdsMail(mailSellerOf(call), identity.email, members, call.origin),
      relatedId: identity.id,
    },
    call.now,
  );
}

/** Queues one confirmation per completed order; answers how many. */
async function mailOrders(ex: Executor, call: AuthCall, identity: IdentityRow): Promise<number> {
  if (!identity.email) return 0;
  const orders = await ex
    .select({ id: s.ticketOrder.id })
    .from(s.ticketOrder)
    .where(and(eq(s.ticketOrder.identityId, identity.id), eq(s.ticketOrder.state, "completed")))
    .orderBy(desc(s.ticketOrder.createdAt), desc(s.ticketOrder.id))
    .limit(RESEND_MAX_ORDERS);
  if (!orders.length) return 0;
  const bundle = await loadOrderBundle(
    ex,
    orders.map((o) => o.id),
  );
  for (const order of bundle.orders) {
    const tickets = bundle.tickets.filter((t) => t.ticket.ticketOrderId === order.id);
    // Each order in the language it was bought in (mail/mail-language.ts).
    const language = mailLanguage(call.seller.slug, order.language);
    const mail = await buildOrderConfirmation({
      sellerId: order.sellerId,
      sellerName: language.sellerName(call.seller.name),
      orderId: order.id,
      orderNumber: order.orderNumber,
      totalText: formatMoney(order.total, call.seller.currencyCode, language.moneyLocale),
      to: identity.email,
      firstName: identity.firstName,
      tickets,
      locale: language.locale,
      tenant: language.tenant,
      additionalInfo: bundle.cartInfo?.get(order.cartId),
      manageUrl: await manageLinkForMail(ex, order, call.seller.slug, tickets, call.now, call.origin),
      // The tickets page, wallet links and calendar attachment.
      inHand: await ticketMailExtras(ex, order, call.seller.slug, call.now, call.origin),
    });
    await enqueueMail(ex, { ...mail, kind: "resend" }, call.now);
  }
  return bundle.orders.length;
}

/** ticket_order/resend by e-mail. */
export async function resendByEmail(call: AuthCall, email: string, membershipsOnly: boolean): Promise<void> {
  const sent = await call.db.transaction(async (tx) => {
    const identity = await identityByEmail(tx, call.seller.id, email);
    if (membershipsOnly) {
      if (identity) await mailMemberships(tx, call, identity);
      return true;
    }
    return identity ? (await mailOrders(tx, call, identity)) > 0 : false;
  });
  if (!sent) throw noOrders(call.tenant);
}

/** my/ticket_order/resend for the logged-in identity: 204 whether or not there was anything to send. */
export async function resendMine(
  call: AuthCall,
  identityId: string,
  membershipsOnly: boolean,
): Promise<void> {
  await call.db.transaction(async (tx) => {
    const [identity] = await tx.select().from(s.identity).where(eq(s.identity.id, identityId));
    if (!identity) return;
    if (membershipsOnly) await mailMemberships(tx, call, identity);
    else await mailOrders(tx, call, identity);
  });
}
