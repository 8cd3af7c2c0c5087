/**
 * The giftee's mail (spec 2 §5 "gift code + giftee e-mail"): who gave the membership,
 * the level, the 10-character code, until when it can be redeemed, and a link to the redeem page
 * with the code filled in. Kind `gift_membership`. The link is on a configured origin only
 * (PUBLIC_URL, else the server's own loopback origin in the demo), never a request's Host.
 * Customer and tenant text is escaped in the HTML part.
 */

import { withArticle } from "../../domain/article.ts";
import { escapeHtml } from "../../domain/html-escape.ts";
import { formatOrderDate } from "../../domain/order-dates.ts";
import { configuredLinkOrigins, ownLoopbackOrigin } from "../config/origins.ts";
import { mailOriginFor } from "../tenant-hosts/links.ts";
import { storefrontLink } from "./account-mails.ts";
import { brandedMailHtml, mailBrand } from "./brand-layout.ts";
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
}

/** The configured origin mails link to (PUBLIC_URL first; the demo's own loopback origin). */
export function configuredMailOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return configuredLinkOrigins(env)[0] ?? ownLoopbackOrigin(env);
}

export function redeemLink(origin: string, sellerSlug: string, code: string): string {
  return storefrontLink(origin, sellerSlug, "/membership/redeem", { code });
}

export function buildGiftMembershipMail(input: GiftMailInput): OutgoingMail {
  // The mail links' one rule (tenant-hosts/links.ts): the tenant's own host name, else the configured origin.
  const link = redeemLink(input.origin ?? mailOriginFor(input.seller.slug), input.seller.slug, input.code);
  const until = formatOrderDate(input.validTo.toISOString(), input.seller.timezone);
  const greeting = input.gifteeFirstName ? `Hi ${input.gifteeFirstName},` : "Hello,";
  const subject = `${input.buyerName} has given you a ${input.seller.name} membership`;
  const gave = `${input.buyerName} has given you ${withArticle(input.levelName)} membership at ${input.seller.name}.`;
  const redeem = `Redeem it by ${until} with your gift code:`;
  const text = [
    greeting,
    "",
    gave,
    "",
    redeem,
    input.code,
    "",
    "Choose your membership and fill in the member details here:",
    link,
    "",
    input.seller.name,
  ].join("\n");
  const content = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(gave)}</p>`,
    `<p>${escapeHtml(redeem)}</p>`,
    `<p style="font-size:24px;letter-spacing:3px;font-family:monospace"><strong>${escapeHtml(input.code)}</strong></p>`,
    `<p>Choose your membership and fill in the member details here:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(input.seller.name)}</p>`,
  ].join("");
  return {
    sellerId: input.seller.id,
    to: input.to,
    subject,
    text,
    html: brandedMailHtml(mailBrand(input.seller.slug, input.seller.name), content, subject),
    kind: "gift_membership",
    relatedId: input.orderId,
  };
}
