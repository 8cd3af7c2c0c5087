/**
 * The brand frame of every mail: a header band in
 * the tenant's primary colour with its logo (the image at `theme.logoUrl` when the tenant has one,
 * else the letter mark of its favicon and the logo text), an accent rule, and the mail's own
 * content below in a 600 px column.
 *
 * Mail clients drop <style> elements and CSS classes (Gmail, Outlook), so the layout is tables with
 * inline styles only, and the letter mark is text, not an image a client may block. Colours are the
 * tenant's hex colours or the defaults (favicon.ts), the font a sans-serif one (mailFontFamily);
 * tenant text is escaped. The plain-text part is left as each mail writes it.
 *
 * A mail in a language written right to left says so (`dir="rtl"` on the root), as the pages do.
 *
 * A relative `logoUrl` becomes absolute on the configured origin (PUBLIC_URL, else the server's own
 * loopback origin in the demo): never on a request's Host header (origins.ts).
 */

import { escapeHtml } from "../../domain/html-escape.ts";
import { type BrandColours, brandColours, iconLetter } from "../../tenant/favicon.ts";
import { FONTS } from "../../tenant/fonts.ts";
import { isRtlLanguage } from "../../tenant/languages.ts";
import { getTenant } from "../../tenant/load.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { isSafeCssValue } from "../../tenant/theme.ts";
import { configuredLinkOrigins, ownLoopbackOrigin } from "../config/origins.ts";

export interface MailBrand {
  name: string;
  logoText: string;
  /** An absolute http(s) URL of the logo image, when the tenant has one. */
  logoUrl: string | undefined;
  colours: BrandColours;
  fontFamily: string;
  lang: string;
  /** "rtl" for a language written right to left (Arabic); absent otherwise. */
  dir?: "rtl" | undefined;
}

/** The system sans-serif faces of the common mail clients' platforms (Apple, Windows, Android). */
export const MAIL_FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Helvetica, Arial, sans-serif";

/**
 * The mail's font: mail clients load no web fonts, so a mail reads in whatever its font-family
 * names that the reader's device has. The tenant's `font-body` var is kept when it is a sans-serif
 * stack; a serif one (the museum's Georgia, Times New Roman: the web page overrides it with its
 * registry font) would set the mail in a Times-like face, so the mail names the tenant's registry
 * body font, used where it is installed, then the system sans-serif stack.
 */
export function mailFontFamily(theme: Pick<Tenant["theme"], "vars" | "fonts"> | undefined): string {
  const stack = theme?.vars["font-body"]?.trim();
  if (stack && isSafeCssValue(stack) && /(^|,)\s*sans-serif\s*$/i.test(stack)) return stack;
  const body = theme?.fonts?.body;
  // The registry names its variable build ('Source Sans 3 Variable'); an installed copy has the plain name.
  const family = body ? FONTS[body].family.replace(/ Variable$/, "") : undefined;
  return family ? `'${family}', ${MAIL_FONT_STACK}` : MAIL_FONT_STACK;
}

/** The logo URL made absolute on `origin`; undefined for anything but http(s). */
export function absoluteLogoUrl(logoUrl: string | undefined, origin: string): string | undefined {
  if (!logoUrl?.trim()) return undefined;
  try {
    const url = new URL(logoUrl.trim(), origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The brand of a tenant (or just the seller's name, on neutral colours, without a tenant file). */
export function brandOf(
  tenant: Pick<Tenant, "name" | "theme" | "locale"> | undefined,
  sellerName: string,
  origin: string = configuredLinkOrigins()[0] ?? ownLoopbackOrigin(),
): MailBrand {
  return {
    name: sellerName,
    logoText: tenant?.theme.logoText || sellerName,
    logoUrl: absoluteLogoUrl(tenant?.theme.logoUrl, origin),
    colours: brandColours(tenant),
    fontFamily: mailFontFamily(tenant?.theme),
    lang: tenant?.locale ?? "en",
    ...(tenant && isRtlLanguage(tenant.locale.split("-")[0] ?? "") ? { dir: "rtl" as const } : {}),
  };
}

/** The brand of the seller a mail is written for: its tenant file is found by the seller's slug. */
export function mailBrand(sellerSlug: string, sellerName: string): MailBrand {
  let tenant: Tenant | undefined;
  try {
    tenant = getTenant(sellerSlug);
  } catch {
    tenant = undefined; // no tenant files here: the mail still goes out, on neutral colours
  }
  return brandOf(tenant, sellerName);
}

/** The header band: the logo image, or the letter mark (the favicon's, in its serif) and the logo text. */
function brandHeader(brand: MailBrand): string {
  const { primary, contrast, accent } = brand.colours;
  const font = escapeHtml(brand.fontFamily);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.logoText)}" height="40" style="display:block;height:40px;width:auto;border:0;color:${contrast};font-family:${font};font-size:20px;font-weight:bold;">`
    : `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
      `<td width="40" height="40" align="center" valign="middle" style="width:40px;height:40px;background-color:${contrast};color:${primary};border-radius:8px;font-family:Georgia,serif;font-size:24px;font-weight:bold;line-height:40px;">${escapeHtml(iconLetter(brand.logoText))}</td>` +
      `<td style="padding-left:12px;color:${contrast};font-family:${font};font-size:22px;font-weight:bold;line-height:1.2;">${escapeHtml(brand.logoText)}</td>` +
      `</tr></table>`;
  return `<tr><td data-brand-header style="background-color:${primary};padding:20px 24px;border-bottom:4px solid ${accent};">${logo}</td></tr>`;
}

/** A whole HTML mail: the brand header above `bodyHtml` (already escaped HTML). */
export function brandedMailHtml(brand: MailBrand, bodyHtml: string, title = brand.name): string {
  const font = escapeHtml(brand.fontFamily);
  return [
    `<!doctype html><html lang="${escapeHtml(brand.lang)}"${brand.dir ? ` dir="${brand.dir}"` : ""}><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f4f4f4;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f4;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse;">',
    brandHeader(brand),
    `<tr><td style="padding:24px;font-family:${font};font-size:16px;line-height:1.5;color:#1d2327;">${bodyHtml}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("");
}
