/**
 * The renewal job's mails, queued in the renewal's own transaction: the member hears
 * that the membership was renewed (new term, amount, card) or that the renewal failed (the card was
 * declined; the membership ends at its term end). Kinds `membership_renewed` and
 * `membership_renewal_failed`. Tenant and customer text is escaped in the HTML part.
 */

import { escapeHtml } from "../../../domain/html-escape.ts";
import { formatMoney } from "../../../domain/money.ts";
import { formatOrderDate } from "../../../domain/order-dates.ts";
import { brandedMailHtml, mailBrand } from "../../mail/brand-layout.ts";
import type { OutgoingMail } from "../../mail/outbox.ts";

export interface RenewalMailInput {
  seller: { id: string; slug: string; name: string; currencyCode: string; timezone: string };
  to: string;
  firstName: string | null;
  /** The level's name ("Dual"), or null. */
  level: string | null;
  memberIds: readonly string[];
  /** The card shown as "Visa ending 4242". */
  card: string | null;
}

function build(input: RenewalMailInput, kind: string, subject: string, paragraphs: string[]): OutgoingMail {
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hello,";
  const lines = [greeting, ...paragraphs];
  const text = [...lines.flatMap((p) => [p, ""]), input.seller.name].join("\n");
  const content = [...lines, input.seller.name].map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const html = brandedMailHtml(mailBrand(input.seller.slug, input.seller.name), content, subject);
  return { sellerId: input.seller.id, to: input.to, subject, text, html, kind };
}

const membershipName = (input: RenewalMailInput) =>
  input.level ? `${input.level} membership` : "membership";

export function renewedMail(
  input: RenewalMailInput & { orderNumber: string; amount: number; validTo: Date },
): OutgoingMail {
  const until = formatOrderDate(input.validTo.toISOString(), input.seller.timezone);
  const paid = formatMoney(input.amount, input.seller.currencyCode);
  return build(input, "membership_renewed", `Your ${membershipName(input)} has been renewed`, [
    `Your ${membershipName(input)} has been renewed automatically. It is now valid until ${until}.`,
    `Member ID: ${input.memberIds.join(", ")}. Your member ID stays the same.`,
    `We charged ${paid}${input.card ? ` to your ${input.card}` : ""}. Your order number is ${input.orderNumber}.`,
    "You can cancel automatic renewal at any time from your account.",
  ]);
}

export function renewalFailedMail(input: RenewalMailInput & { validTo: Date }): OutgoingMail {
  const ended = formatOrderDate(input.validTo.toISOString(), input.seller.timezone);
  return build(input, "membership_renewal_failed", `We could not renew your ${membershipName(input)}`, [
    `We tried to renew your ${membershipName(input)} automatically, but ${input.card ? `your ${input.card}` : "your card"} was declined. You have not been charged.`,
    `Your membership (member ID ${input.memberIds.join(", ")}) ended on ${ended} and is no longer enrolled in automatic renewal.`,
    "To keep your membership, please renew it on our website.",
  ]);
}
