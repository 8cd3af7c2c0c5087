/**
 * The tenant theme as CSS custom properties. Names are validated by the tenant schema; values
 * come from content files edited by marketing teams, so anything that could end the declaration or
 * the <style> element (`;`, braces, angle brackets, backslashes, comments, url()/expression()) is
 * refused rather than escaped.
 */
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

/** A `:root { ... }` rule for a <style> element. */
export function themeCss(tenant: Pick<Tenant, "theme"> | undefined): string {
  if (!tenant) return "";
  return `:root{${themeDeclarations(tenant.theme.vars).join("")}}`;
}
