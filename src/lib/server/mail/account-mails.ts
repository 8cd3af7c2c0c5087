/**
 * The account mails: the login passcode with a login link, the password reset and
 * password setup links, the member IDs (forgot-membership), and the account-change mails: the code
 * that confirms an e-mail or password change, the notice to the old address with its undo link, and
 * the password-changed notice. Kinds: `passcode`, `password_reset`, `password_setup`,
 * `membership_ids`, `change_code`, `email_changed`, `password_changed`; re-sent order confirmations use the order
 * confirmation builder with kind `resend`. Links are absolute, on the storefront's origin, under the
 * seller slug. Customer and tenant text is escaped in the HTML part.
 */

import { maskEmail } from "../../domain/email-mask.ts";
import { escapeHtml } from "../../domain/html-escape.ts";
import { PASSCODE_LIFETIME_S } from "../../domain/login-input.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t } from "../../tenant/strings.ts";
import { storefrontUrl } from "../tenant-hosts/links.ts";
import { brandedMailHtml, brandOf, mailBrand } from "./brand-layout.ts";
import { routeInLanguage } from "./mail-language.ts";
import type { OutgoingMail } from "./outbox.ts";

export interface MailSeller {
  id: string;
  slug: string;
  name: string;
  /**
   * The tenant in the mail's language (the API call's, mail-language.ts): the mail's words, brand
   * and links; absent, the English defaults and the default language's links.
   */
  words?: MailTenant | undefined;
}

/** What a mail takes of the tenant in its language: its words, brand and address. */
export type MailTenant = Pick<Tenant, "strings" | "locale" | "name" | "theme" | "languages"> & {
  language?: string;
};

/**
 * An absolute storefront link with the query: `{origin}/{seller}{path}`, or `{origin}{path}` when
 * `origin` is the tenant's own host name (tenant-hosts/links.ts).
 */
export function storefrontLink(
  origin: string,
  sellerSlug: string,
  path: string,
  query: Record<string, string>,
): string {
  const url = new URL(storefrontUrl(origin, sellerSlug, path));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** A plain mail of paragraphs, each with an optional link, signed with the seller's name, in its brand. */
export function paragraphMail(
  seller: MailSeller,
  to: string,
  kind: string,
  subject: string,
  paragraphs: { text: string; link?: string }[],
): OutgoingMail {
  const text = [
    ...paragraphs.flatMap((p) => [p.link ? `${p.text}\n${p.link}` : p.text, ""]),
    seller.name,
  ].join("\n");
  const content = [
    ...paragraphs.map((p) =>
      p.link
        ? `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
    ),
    `<p>${escapeHtml(seller.name)}</p>`,
  ].join("");
  // The brand header and frame (brand-layout.ts) around the mail's own content.
  const brand = seller.words ? brandOf(seller.words, seller.name) : mailBrand(seller.slug, seller.name);
  const html = brandedMailHtml(brand, content, subject);
  return { sellerId: seller.id, to, subject, text, html, kind };
}

/** The passcode mail: the 6-character code and a link that logs in with it (`/{seller}/login?otp=`). */
export function passcodeMail(
  seller: MailSeller,
  to: string,
  code: string,
  origin: string,
  redirectPath?: string,
): OutgoingMail {
  const w = seller.words;
  const link = storefrontLink(origin, seller.slug, routeInLanguage(w, "/login"), {
    otp: code,
    ...(redirectPath ? { redirect: redirectPath } : {}),
  });
  const minutes = Math.round(PASSCODE_LIFETIME_S / 60);
  return paragraphMail(seller, to, "passcode", t(w, "mail.passcode.subject", { seller: seller.name, code }), [
    { text: t(w, "mail.passcode.body", { code, minutes }) },
    { text: t(w, "mail.passcode.link"), link },
    { text: t(w, "mail.passcode.ignore") },
  ]);
}

/** The code that confirms a change of the account's e-mail or password, mailed to its current address. */
export function changeCodeMail(seller: MailSeller, to: string, code: string): OutgoingMail {
  const w = seller.words;
  const minutes = Math.round(PASSCODE_LIFETIME_S / 60);
  return paragraphMail(
    seller,
    to,
    "change_code",
    t(w, "mail.changeCode.subject", { seller: seller.name, code }),
    [{ text: t(w, "mail.changeCode.body", { code, minutes }) }, { text: t(w, "mail.changeCode.warning") }],
  );
}

/**
 * The notice to the old address after the account's e-mail changed: the new address, masked, and
 * the link that undoes the change (`/{seller}/user/undo-email-change?token=`).
 */
export function emailChangedMail(
  seller: MailSeller,
  to: string,
  newEmail: string,
  token: string,
  origin: string,
  validDays: number,
): OutgoingMail {
  const w = seller.words;
  const link = storefrontLink(origin, seller.slug, routeInLanguage(w, "/user/undo-email-change"), { token });
  return paragraphMail(
    seller,
    to,
    "email_changed",
    t(w, "mail.emailChanged.subject", { seller: seller.name }),
    [
      { text: t(w, "mail.emailChanged.body", { email: maskEmail(newEmail) }) },
      { text: t(w, "mail.emailChanged.undo", { days: validDays }), link },
      { text: t(w, "mail.changed.ignore") },
    ],
  );
}

/** The notice after the account's password changed, with the way back if it was not the owner. */
export function passwordChangedMail(seller: MailSeller, to: string, origin: string): OutgoingMail {
  const w = seller.words;
  const link = storefrontLink(origin, seller.slug, routeInLanguage(w, "/user/forgot-password"), {});
  return paragraphMail(
    seller,
    to,
    "password_changed",
    t(w, "mail.passwordChanged.subject", { seller: seller.name }),
    [
      { text: t(w, "mail.passwordChanged.body") },
      { text: t(w, "mail.passwordChanged.reset"), link },
      { text: t(w, "mail.changed.ignore") },
    ],
  );
}

/** The reset link (purpose reset) or the first-password link of a guest account (purpose setup). */
export function passwordLinkMail(
  seller: MailSeller,
  to: string,
  token: string,
  purpose: "reset" | "setup",
  origin: string,
  validHours: number,
): OutgoingMail {
  const w = seller.words;
  const link = storefrontLink(origin, seller.slug, routeInLanguage(w, "/user/reset-password"), { token });
  const within =
    validHours === 1
      ? t(w, "mail.passwordLink.withinHour")
      : t(w, "mail.passwordLink.within", { hours: validHours });
  // A first password and a reset say the same things in their own words.
  const words = purpose === "setup" ? "passwordSetup" : "passwordReset";
  return paragraphMail(
    seller,
    to,
    purpose === "setup" ? "password_setup" : "password_reset",
    t(w, `mail.${words}.subject`, { seller: seller.name }),
    [{ text: t(w, `mail.${words}.body`), link }, { text: within }, { text: t(w, `mail.${words}.ignore`) }],
  );
}

/** A new staff member's setup link: choose a password for the back office. Kind `staff_setup`. */
export function staffSetupMail(
  seller: MailSeller,
  to: string,
  name: string,
  role: string,
  token: string,
  origin: string,
  validHours: number,
): OutgoingMail & { link: string } {
  const link = storefrontLink(origin, seller.slug, "/admin/setup", { token });
  const days = validHours % 24 === 0 ? `${validHours / 24} days` : `${validHours} hours`;
  return {
    ...paragraphMail(seller, to, "staff_setup", `Your ${seller.name} back office account`, [
      { text: `Hello ${name}, you have a ${role} account in the ${seller.name} back office.` },
      { text: "Choose your password here:", link },
      { text: `The link can be used once, within ${days}.` },
      { text: "If you did not expect this, you can ignore this email." },
    ]),
    link,
  };
}

/** Forgot-membership: the member IDs (scan codes) of the account's memberships. */
export function membershipIdsMail(
  seller: MailSeller,
  to: string,
  members: readonly { scanCode: string; name: string; role: string }[],
  origin: string,
): OutgoingMail {
  const w = seller.words;
  const link = storefrontLink(origin, seller.slug, routeInLanguage(w, "/login"), {});
  return paragraphMail(
    seller,
    to,
    "membership_ids",
    t(w, "mail.memberIds.subject", { seller: seller.name }),
    [
      { text: t(w, "mail.memberIds.body") },
      ...members.map((m) => ({ text: `${m.name} (${m.role}): ${m.scanCode}` })),
      { text: t(w, "mail.memberIds.login"), link },
    ],
  );
}
