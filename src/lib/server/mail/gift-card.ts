/**
 * A bought gift card's mail to its recipient (kind `gift_card`): who sent it, the card's number,
 * its balance (formatted in the seller's currency and the tenant's locale), the buyer's message,
 * and how to spend it (the number at checkout, under 'Gift card'), with a link to the shop on the
 * configured origin (tenant-hosts/links.ts), never a request's Host. The number goes to the
 * recipient only; the buyer's confirmation says to whom it went. Customer and tenant text is
 * escaped in the HTML part.
 */
import { escapeHtml } from "../../domain/html-escape.ts";
import { formatMoney } from "../../domain/money.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t } from "../../tenant/strings.ts";
import { mailOriginFor, storefrontUrl } from "../tenant-hosts/links.ts";
import { brandedMailHtml, brandOf, mailBrand } from "./brand-layout.ts";
import { routeInLanguage } from "./mail-language.ts";
import { greetingText } from "./mail-words.ts";
import type { OutgoingMail } from "./outbox.ts";

export interface GiftCardMailInput {
  seller: { id: string; slug: string; name: string; currencyCode: string };
  to: string;
  /** The recipient's name as the buyer gave it; null when the card goes to the buyer. */
  recipientName: string | null;
  /** The buyer's name, or null when unknown (a guest without one). */
  buyerName: string | null;
  number: string;
  /** Minor units. */
  balance: number;
  message: string | null;
  orderId: string;
  locale?: string | undefined;
  /** The origin of the link; default: the configured one. */
  origin?: string;
  /** The tenant in the order's language (mail-language.ts); absent, the English defaults. */
  tenant?: Tenant | undefined;
}

export function buildGiftCardMail(input: GiftCardMailInput): OutgoingMail {
  const words = input.tenant;
  const balance = formatMoney(input.balance, input.seller.currencyCode, input.locale);
  const link = storefrontUrl(
    input.origin ?? mailOriginFor(input.seller.slug),
    input.seller.slug,
    routeInLanguage(words, "/events"),
  );
  const greeting = greetingText(words, input.recipientName);
  const from = input.buyerName ?? t(words, "mail.giftCard.someone");
  const seller = input.seller.name;
  const subject = t(words, "mail.giftCard.subject", { from, balance, seller });
  const sent = t(words, "mail.giftCard.sent", { from, balance, seller });
  const spend = t(words, "mail.giftCard.spend");
  const messageFrom = t(words, "mail.giftCard.messageFrom", { from });
  const numberLabel = t(words, "mail.giftCard.number");
  const balanceLabel = t(words, "mail.giftCard.balance");
  const text = [
    greeting,
    "",
    sent,
    ...(input.message ? ["", messageFrom, input.message] : []),
    "",
    `${numberLabel}: ${input.number}`,
    `${balanceLabel}: ${balance}`,
    "",
    spend,
    link,
    "",
    input.seller.name,
  ].join("\n");
  const content = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(sent)}</p>`,
    input.message ? `<p>${escapeHtml(messageFrom)}<br><em>${escapeHtml(input.message)}</em></p>` : "",
    `<p>${escapeHtml(numberLabel)}:</p>`,
    `<p style="font-size:22px;letter-spacing:2px;font-family:monospace"><strong>${escapeHtml(input.number)}</strong></p>`,
    `<p>${escapeHtml(balanceLabel)}: <strong>${escapeHtml(balance)}</strong></p>`,
    `<p>${escapeHtml(spend)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(input.seller.name)}</p>`,
  ].join("");
  return {
    sellerId: input.seller.id,
    to: input.to,
    subject,
    text,
    html: brandedMailHtml(
      words ? brandOf(words, input.seller.name) : mailBrand(input.seller.slug, input.seller.name),
      content,
      subject,
    ),
    kind: "gift_card",
    relatedId: input.orderId,
  };
}
