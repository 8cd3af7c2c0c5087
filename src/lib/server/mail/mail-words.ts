/**
 * The words of a mail: `t()` on the tenant in the mail's language (mail-language.ts), or the
 * English defaults without one. Helpers for what every mail says the same way.
 */
import { escapeHtml } from "../../domain/html-escape.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { type StringKey, t } from "../../tenant/strings.ts";

/** A tenant in the mail's language, or undefined for the English defaults. */
export type MailWords = (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined;

/** 'Hi Ada,' or 'Hello,'. */
export function greetingText(words: MailWords, firstName: string | null | undefined): string {
  return firstName ? t(words, "mail.greeting.named", { name: firstName }) : t(words, "mail.greeting");
}

/**
 * A text as HTML: escaped, with the placeholders `html` names filled with markup already escaped
 * (`<strong>` around the order number). The text's own words never become markup.
 */
export function htmlText(words: MailWords, key: StringKey, html: Record<string, string>): string {
  const marks = Object.fromEntries(Object.keys(html).map((name) => [name, `\u0000${name}\u0000`]));
  let out = escapeHtml(t(words, key, marks));
  for (const [name, markup] of Object.entries(html)) out = out.split(`\u0000${name}\u0000`).join(markup);
  return out;
}
