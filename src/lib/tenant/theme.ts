/**
 * The tenant theme as CSS custom properties. Names are validated by the tenant schema; values
 * come from content files edited by marketing teams, so anything that could end the declaration or
 * the <style> element (`;`, braces, angle brackets, backslashes, comments, url()/expression()) is
 * refused rather than escaped.
 */
import { type FontKey, fontFaceCss, fontStack, type ThemeFonts, usedFonts } from "./fonts.ts";
import type { Tenant } from "./schema.ts";

const SAFE_NAME = /^[a-z0-9-]+$/;
const SAFE_VALUE = /^[#a-zA-Z0-9 .,%'"()+\-/]*$/;
const UNSAFE_FUNCTIONS = /(url|expression|image-set|src)\s*\(|\/\*|\*\//i;

export function isSafeCssValue(value: string): boolean {
  return value.length <= 200 && SAFE_VALUE.test(value) && !UNSAFE_FUNCTIONS.test(value);
}

function themeDeclarations(vars: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(vars)) {
    if (!SAFE_NAME.test(name) || !isSafeCssValue(value.trim())) continue;
    out.push(`--${name}: ${value.trim()};`);
  }
  return out;
}

/** `--font-heading` and `--font-body` from the theme's registry fonts (fonts.ts), if it names them. */
function fontDeclarations(fonts: ThemeFonts | undefined): string[] {
  if (!fonts) return [];
  return [`--font-heading: ${fontStack(fonts.heading)};`, `--font-body: ${fontStack(fonts.body)};`];
}

/**
 * A `:root { ... }` rule for a <style> element: the vars, then the fonts (which win over a
 * `font-heading`/`font-body` var: a later declaration of the same property wins).
 */
export function themeCss(tenant: Pick<Tenant, "theme"> | undefined): string {
  if (!tenant) return "";
  return `:root{${[...themeDeclarations(tenant.theme.vars), ...fontDeclarations(tenant.theme.fonts)].join("")}}`;
}

/** The @font-face rules of the theme's fonts (none without `theme.fonts`); `urls` from font-files.ts. */
export function themeFontFaces(
  tenant: Pick<Tenant, "theme"> | undefined,
  urls: Readonly<Record<FontKey, string>>,
): string {
  const fonts = tenant?.theme.fonts;
  return fonts ? fontFaceCss(fonts, urls) : "";
}

/**
 * The font files to preload: the heading and the body font (at most two, once each when the theme
 * uses one font for both). Every page shows both above the fold (the logo, the h1 and body text).
 */
export function themeFontPreloads(
  tenant: Pick<Tenant, "theme"> | undefined,
  urls: Readonly<Record<FontKey, string>>,
): string[] {
  const fonts = tenant?.theme.fonts;
  return fonts ? usedFonts(fonts).map((key) => urls[key]) : [];
}
