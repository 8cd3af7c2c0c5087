/**
 * The buyer's confirmation mail of a completed order, the last step of the order's completion
 * (complete-order.ts): its tickets, fee lines, manage link, tickets page and wallet links, and the
 * payment schedule of an order on a plan.
 */
import { feeLines } from "../../../domain/fee-lines.ts";
import { formatMoney } from "../../../domain/money.ts";
import { t } from "../../../tenant/strings.ts";
import type { Tx } from "../../db/executor.ts";
import { type MailLanguage, mailLanguage } from "../../mail/mail-language.ts";
import { buildOrderConfirmation, type PaymentScheduleText } from "../../mail/order-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { manageLinkForMail } from "../manage/link.ts";
import { ticketMailExtrasOf } from "../ticket-cards/links.ts";
import type { OrderIdentity } from "./identity.ts";
import {
  loadOrderBundle,
  type OrderBundle,
  type OrderRow,
  type OrderTicketRow,
  orderBreakdown,
} from "./orders.ts";

/** The order total's fee lines for the mail, in the tenant's fee texts (none without fees). */
function orderTotalLines(
  order: OrderRow,
  tickets: readonly OrderTicketRow[],
  seller: { slug: string; currencyCode: string },
  language: MailLanguage,
): { label: string; amount: string }[] {
  return feeLines(orderBreakdown(order, tickets, seller.currencyCode)).map((line) => ({
    label: t(language.tenant, `checkout.summary.${line.key}`),
    amount: `${line.key === "discount" ? "−" : ""}${formatMoney(line.amount, seller.currencyCode, language.moneyLocale)}`,
  }));
}

/** Queues the confirmation mail of a completed order (nothing when the identity has no e-mail). */
export async function enqueueConfirmation(
  tx: Tx,
  order: OrderRow,
  identity: OrderIdentity,
  seller: { slug: string; name: string; currencyCode: string },
  now: Date,
  options: {
    /** An order on a plan: its payment schedule (plan-order.ts). */
    schedule?: PaymentScheduleText | null | undefined;
    /** The order's bundle without memberships, when already read (read here otherwise). */
    bundle?: OrderBundle;
  } = {},
): Promise<string | null> {
  if (!identity.email) return null;
  const { schedule } = options;
  // The mail shows no membership card: the bundle without them.
  const bundle = options.bundle ?? (await loadOrderBundle(tx, [order.id], { memberships: false }));
  // In the language the order was bought in (mail/mail-language.ts).
  const language = mailLanguage(seller.slug, order.language);
  const mail = await buildOrderConfirmation({
    sellerId: order.sellerId,
    sellerName: language.sellerName(seller.name),
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalText: formatMoney(order.total, seller.currencyCode, language.moneyLocale),
    totalLines: orderTotalLines(order, bundle.tickets, seller, language),
    to: identity.email,
    firstName: identity.firstName,
    tickets: bundle.tickets,
    locale: language.locale,
    tenant: language.tenant,
    additionalInfo: bundle.cartInfo?.get(order.cartId),
    // The "Manage your booking" link (services/manage/link.ts).
    manageUrl: await manageLinkForMail(tx, order, seller.slug, bundle.tickets, now),
    // The tickets page, wallet links and calendar attachment (services/ticket-cards/links.ts).
    // The calendar comes from the bundle's rows, not a second read of the order's tickets.
    inHand: await ticketMailExtrasOf(tx, order, seller, bundle.tickets, now),
    schedule: schedule ?? null,
  });
  return enqueueMail(tx, mail, now);
}
