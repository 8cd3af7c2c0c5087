/**
 * The pages' Content-Security-Policy (DESIGN §5), in one place. Astro's own CSP support
 * (`security.csp` in astro.config.mjs, fed from PAGE_CSP) writes it into every rendered page's
 * `Content-Security-Policy` header, with the hashes of the scripts Astro renders (island
 * hydration) added per page. security-headers.ts then adds `frame-ancestors` per tenant, which no
 * <meta> policy could carry.
 *
 * - Scripts: our own files, the hashed inline scripts, Stripe.js (js.stripe.com) and hCaptcha
 *   (hcaptcha.com). No 'unsafe-inline', no 'unsafe-eval': an injected <script> does not run.
 * - Styles: 'unsafe-inline' on purpose. The tenant theme is a per-tenant <style> (values sanitized
 *   in tenant/theme.ts), React islands render style attributes and insert <style> elements, and
 *   Stripe.js and hCaptcha style their own elements. Scripts are what a CSP must stop; styles
 *   are never executable.
 * - Frames: Stripe (Elements, 3-D Secure on hooks.stripe.com) and hCaptcha only. Connections:
 *   our API, Stripe's API and hCaptcha's.
 * - Images: any https source (tenant content blocks point at image hosts), data: (QR codes) and
 *   blob:. Fonts are self-hosted.
 */
import { createHash } from "node:crypto";
import {
  CATEGORY_WRAP_SCRIPT,
  EXPRESS_CHECKOUT_SCRIPT,
  GLOBAL_ERROR_SCRIPT,
  INTL_WARMUP_SCRIPT,
  ISLAND_GUARD_SCRIPT,
} from "../../pages/inline-scripts.ts";

/** Stripe's documented CSP sources for Stripe.js, Elements and 3-D Secure. */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/** hCaptcha's documented CSP sources (script, frame, style and connect alike). */
export const HCAPTCHA_SOURCES = ["https://hcaptcha.com", "https://*.hcaptcha.com"] as const;

/** `sha256-...` of an inline script or style, as CSP lists it. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** Every inline script the components render as is (`is:inline`): listed by hash. */
export const INLINE_SCRIPTS: readonly string[] = [
  CATEGORY_WRAP_SCRIPT,
  EXPRESS_CHECKOUT_SCRIPT,
  GLOBAL_ERROR_SCRIPT,
  INTL_WARMUP_SCRIPT,
  ISLAND_GUARD_SCRIPT,
];

export const PAGE_CSP = {
  scriptResources: ["'self'", ...STRIPE_SOURCES.script, ...HCAPTCHA_SOURCES],
  scriptHashes: INLINE_SCRIPTS.map(cspHash),
  styleResources: ["'self'", "'unsafe-inline'", ...HCAPTCHA_SOURCES],
  /** Everything but script-src and style-src (Astro writes those) and frame-ancestors (per tenant). */
  directives: [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...STRIPE_SOURCES.connect, ...HCAPTCHA_SOURCES].join(" ")}`,
    `frame-src ${[...STRIPE_SOURCES.frame, ...HCAPTCHA_SOURCES].join(" ")}`,
  ],
} as const;

/** Astro's `security.csp` setting for astro.config.mjs. */
export function astroCspConfig() {
  return {
    algorithm: "SHA-256" as const,
    directives: [...PAGE_CSP.directives],
    scriptDirective: { resources: [...PAGE_CSP.scriptResources], hashes: [...PAGE_CSP.scriptHashes] },
    styleDirective: { resources: [...PAGE_CSP.styleResources] },
  };
}

/** The policy of answers that are no page (JSON, images, plain text): they may load and frame nothing. */
export const NON_PAGE_POLICY = "default-src 'none'";

/** `policy` with its `name` directive replaced by (or, when absent, extended with) `name value`. */
export function withDirective(policy: string, name: string, value: string): string {
  const kept = policy
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d !== "" && d.split(/\s+/)[0]?.toLowerCase() !== name);
  return [...kept, `${name} ${value}`].join("; ");
}
