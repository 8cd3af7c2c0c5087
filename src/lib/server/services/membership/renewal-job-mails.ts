/**
 * The renewal job's mails, queued in the renewal's own transaction: the member hears
 * that the membership was renewed (new term, amount, card) or that the renewal failed (the card was
 * declined; the membership ends at its term end). Kinds `membership_renewed` and
 * `membership_renewal_failed`. Written in the language the membership's order was bought in.
 * Tenant and customer text is escaped in the HTML part.
 */

import { escapeHtml } from "../../../domain/html-escape.ts";
import { formatMoney } from "../../../domain/money.ts";
import { formatOrderDate } from "../../../domain/order-dates.ts";
import { t } from "../../../tenant/strings.ts";
import { brandedMailHtml, brandOf, mailBrand } from "../../mail/brand-layout.ts";
import { type MailLanguage, mailLanguage } from "../../mail/mail-language.ts";
import { greetingText } from "../../mail/mail-words.ts";
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
  /** The language of the membership's order (null: the tenant's default). */
  language?: string | null;
}

function build(
  input: RenewalMailInput,
  language: MailLanguage,
  kind: string,
  subject: string,
  paragraphs: string[],
): OutgoingMail {
  const words = language.tenant;
  const sellerName = language.sellerName(input.seller.name);
  const lines = [greetingText(words, input.firstName), ...paragraphs];
  const text = [...lines.flatMap((p) => [p, ""]), sellerName].join("\n");
  const content = [...lines, sellerName].map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const brand = words ? brandOf(words, sellerName) : mailBrand(input.seller.slug, sellerName);
  const html = brandedMailHtml(brand, content, subject);
  return { sellerId: input.seller.id, to: input.to, subject, text, html, kind };
}

const membershipName = (input: RenewalMailInput, language: MailLanguage) =>
  input.level
    ? t(language.tenant, "mail.renewal.levelMembership", { level: input.level })
    : t(language.tenant, "mail.renewal.membership");

/** What both renewal mails say: in the order's language, the membership, its end and the member IDs. */
function renewalMailParts(input: RenewalMailInput & { validTo: Date }) {
  const language = mailLanguage(input.seller.slug, input.language);
  return {
    language,
    words: language.tenant,
    until: formatOrderDate(input.validTo.toISOString(), input.seller.timezone, language.tenant?.locale),
    membership: membershipName(input, language),
    ids: input.memberIds.join(", "),
  };
}

export function renewedMail(
  input: RenewalMailInput & { orderNumber: string; amount: number; validTo: Date },
): OutgoingMail {
  const { language, words, until, membership, ids } = renewalMailParts(input);
  const amount = formatMoney(input.amount, input.seller.currencyCode, language.moneyLocale);
  return build(
    input,
    language,
    "membership_renewed",
    t(words, "mail.renewal.renewed.subject", { membership }),
    [
      t(words, "mail.renewal.renewed.body", { membership, until }),
      t(words, "mail.renewal.renewed.memberIds", { ids }),
      input.card
        ? t(words, "mail.renewal.renewed.chargedCard", {
            amount,
            card: input.card,
            number: input.orderNumber,
          })
        : t(words, "mail.renewal.renewed.charged", { amount, number: input.orderNumber }),
      t(words, "mail.renewal.renewed.cancel"),
    ],
  );
}

export function renewalFailedMail(input: RenewalMailInput & { validTo: Date }): OutgoingMail {
  const { language, words, until: ended, membership, ids } = renewalMailParts(input);
  return build(
    input,
    language,
    "membership_renewal_failed",
    t(words, "mail.renewal.failed.subject", { membership }),
    [
      input.card
        ? t(words, "mail.renewal.failed.bodyCard", { membership, card: input.card })
        : t(words, "mail.renewal.failed.body", { membership }),
      t(words, "mail.renewal.failed.ended", { ids, ended }),
      t(words, "mail.renewal.failed.renew"),
    ],
  );
}
