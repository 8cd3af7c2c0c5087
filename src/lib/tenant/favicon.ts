/**
 * The tenant's icon: an SVG drawn from the tenant
 * theme, a rounded square in the primary colour with the first letter of the logo text in the
 * contrast colour and an accent bar. Served at /{seller}/favicon.svg and linked from every page's
 * head; /favicon.ico and /favicon.svg in public/ are Foyer's own (scripts/make-favicons.ts).
 *
 * Colours come from content files edited by marketing: only hex colours are used, anything else
 * falls back to the defaults, so nothing but a colour reaches the SVG.
 */

import { escapeHtml } from "../domain/html-escape.ts";
import type { Tenant } from "./schema.ts";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const ICON_DEFAULTS = { primary: "#1d2327", contrast: "#ffffff", accent: "#c8553d" } as const;

export interface BrandColours {
  primary: string;
  contrast: string;
  accent: string;
}

function hexOr(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? "";
  return HEX.test(trimmed) ? trimmed : fallback;
}

/** The theme's primary, contrast and accent colours, each a hex colour (the defaults otherwise). */
export function brandColours(tenant: Pick<Tenant, "theme"> | undefined): BrandColours {
  const vars = tenant?.theme.vars ?? {};
  return {
    primary: hexOr(vars["color-primary"], ICON_DEFAULTS.primary),
    contrast: hexOr(vars["color-primary-contrast"], ICON_DEFAULTS.contrast),
    accent: hexOr(vars["color-accent"], ICON_DEFAULTS.accent),
  };
}

/** The letter on the icon: the first letter or digit of the logo text, upper-cased ("F" without one). */
export function iconLetter(logoText: string): string {
  const match = logoText.match(/[\p{L}\p{N}]/u);
  return match ? match[0].toLocaleUpperCase() : "F";
}

/** A 64x64 SVG icon with `letter` on the brand colours; `title` names it (the tenant's name). */
export function iconSvg(letter: string, colours: BrandColours, title = "Foyer"): string {
  const safeLetter = /^[\p{L}\p{N}]$/u.test(letter) ? letter : "F";
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    `<title>${escapeHtml(title)}</title>`,
    `<rect width="64" height="64" rx="14" fill="${colours.primary}"/>`,
    `<rect x="14" y="50" width="36" height="5" rx="2.5" fill="${colours.accent}"/>`,
    `<text x="32" y="44" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="38" font-weight="700" fill="${colours.contrast}">${safeLetter}</text>`,
    "</svg>",
  ].join("");
}

/** The tenant's icon. */
export function tenantIconSvg(tenant: Pick<Tenant, "theme" | "name">): string {
  return iconSvg(iconLetter(tenant.theme.logoText), brandColours(tenant), tenant.name);
}

/**
 * Where a page links its icon: the tenant's own, or Foyer's. On the tenant's own host name too: there
 * `/favicon.svg` is Foyer's static file, so the icon stays at `/{seller}/favicon.svg` (served there,
 * never moved by http/tenant-host.ts).
 */
export function iconHref(tenant: Pick<Tenant, "slug"> | undefined): string {
  return tenant ? `/${tenant.slug}/favicon.svg` : "/favicon.svg";
}
