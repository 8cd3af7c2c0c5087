/**
 * The giftee's mail (spec 2 §5 "gift code + giftee e-mail"): who gave the membership,
 * the level, the 10-character code, until when it can be redeemed, and a link to the redeem page
 * with the code filled in. Kind `gift_membership`. The link is on a configured origin only
 * (PUBLIC_URL, else the server's own loopback origin in the demo), never a request's Host.
 * Customer and tenant text is escaped in the HTML part.
 */

import { indefiniteArticle } from "../../domain/article.ts";
import { escapeHtml } from "../../domain/html-escape.ts";
import { formatOrderDate } from "../../domain/order-dates.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t } from "../../tenant/strings.ts";
import { configuredLinkOrigins, ownLoopbackOrigin } from "../config/origins.ts";
import { mailOriginFor } from "../tenant-hosts/links.ts";
import { storefrontLink } from "./account-mails.ts";
import { brandedMailHtml, brandOf, mailBrand } from "./brand-layout.ts";
import { routeInLanguage } from "./mail-language.ts";
import { greetingText } from "./mail-words.ts";
import type { OutgoingMail } from "./outbox.ts";

export interface GiftMailInput {
  seller: { id: string; slug: string; name: string; timezone: string };
  to: string;
  gifteeFirstName: string | null;
  buyerName: string;
  levelName: string;
  code: string;
  validTo: Date;
  orderId: string;
  /** The origin of the link; default: the configured one. */
  origin?: string;
  /** The tenant in the order's language (mail-language.ts); absent, the English defaults. */
  tenant?: Tenant | undefined;
}

/** The configured origin mails link to (PUBLIC_URL first; the demo's own loopback origin). */
export function configuredMailOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return configuredLinkOrigins(env)[0] ?? ownLoopbackOrigin(env);
}

export function redeemLink(origin: string, sellerSlug: string, code: string, words?: Tenant): string {
  return storefrontLink(origin, sellerSlug, routeInLanguage(words, "/membership/redeem"), { code });
}

export function buildGiftMembershipMail(input: GiftMailInput): OutgoingMail {
  // The mail links' one rule (tenant-hosts/links.ts): the tenant's own host name, else the configured origin.
  const words = input.tenant;
  const link = redeemLink(
    input.origin ?? mailOriginFor(input.seller.slug),
    input.seller.slug,
    input.code,
    words,
  );
  const until = formatOrderDate(input.validTo.toISOString(), input.seller.timezone, input.tenant?.locale);
  const greeting = greetingText(words, input.gifteeFirstName);
  const names = { buyer: input.buyerName, seller: input.seller.name };
  const subject = t(words, "mail.giftMembership.subject", names);
  const level = input.levelName.trim();
  // English says 'a Dual' or 'an Individual'; the other languages' texts leave the article out.
  const article = indefiniteArticle(level);
  const gave = t(words, "mail.giftMembership.gave", { ...names, article, level });
  const redeem = t(words, "mail.giftMembership.redeem", { until });
  const choose = t(words, "mail.giftMembership.choose");
  const text = [greeting, "", gave, "", redeem, input.code, "", choose, link, "", input.seller.name].join(
    "\n",
  );
  const content = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(gave)}</p>`,
    `<p>${escapeHtml(redeem)}</p>`,
    `<p style="font-size:24px;letter-spacing:3px;font-family:monospace"><strong>${escapeHtml(input.code)}</strong></p>`,
    `<p>${escapeHtml(choose)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
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
    kind: "gift_membership",
    relatedId: input.orderId,
  };
}
