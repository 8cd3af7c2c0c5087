/**
 * Browser security headers on every answer Astro serves: pages, redirects, the API (DESIGN §5:
 * "Every page sends a CSP with frame-ancestors, nosniff, a Referrer-Policy, and HSTS over https").
 *
 * - Content-Security-Policy: a page keeps the policy Astro wrote (content-security-policy.ts) and
 *   gets `frame-ancestors`: 'none', or the origins its tenant lists in `web.frame_ancestors`.
 *   Anything else (JSON, images, text) gets `default-src 'none'; frame-ancestors 'none'`. An HTML
 *   answer without Astro's policy (the dev server, where Astro writes none) gets frame-ancestors
 *   only, so it still cannot be framed.
 * - X-Frame-Options: DENY with frame-ancestors 'none', for browsers without CSP level 2.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin (a reset
 *   link's token never leaves in a Referer).
 * - Permissions-Policy: the Payment Request API for us and Stripe's frames (wallets); no camera,
 *   microphone or geolocation.
 * - Cross-Origin-Opener-Policy: same-origin-allow-popups (3-D Secure and wallets may open popups).
 * - Strict-Transport-Security when the request came over https (request/scheme.ts).
 *
 * Static files (/_astro/*, /fonts, public/) are served by scripts/serve.mjs before Astro's
 * middleware runs and carry none of these; they are scripts, styles, fonts and images, which the
 * pages' policy governs (DESIGN §10 puts a CDN in front of them, which may add headers).
 */
import type { MiddlewareHandler } from "astro";
import { getTenant } from "../../tenant/load.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { cameOverHttps } from "../request/scheme.ts";
import { NON_PAGE_POLICY, withDirective } from "./content-security-policy.ts";
import { withEditedHeaders } from "./edited-headers.ts";

export const HSTS_VALUE = "max-age=31536000";
export const PERMISSIONS_POLICY =
  'payment=(self "https://js.stripe.com"), camera=(), microphone=(), geolocation=()';

const API_PATH = /^\/(api|cached_api)(\/|$)/;

/** The frame-ancestors value for a path: its tenant's `web.frame_ancestors` origins, else 'none'. */
export function frameAncestorsFor(
  pathname: string,
  tenantOf: (slug: string) => Pick<Tenant, "web"> | undefined = getTenant,
): string {
  if (API_PATH.test(pathname)) return "'none'";
  const slug = pathname.split("/")[1] ?? "";
  const origins = slug ? tenantOf(slug)?.web.frame_ancestors : undefined;
  return origins && origins.length > 0 ? origins.join(" ") : "'none'";
}

export interface SecurityHeaderInput {
  /** The answer's Content-Type and the policy Astro wrote, if any. */
  contentType: string | null;
  policy: string | null;
  frameAncestors: string;
  https: boolean;
}

/** The headers to set on one answer. */
export function securityHeaderValues(input: SecurityHeaderInput): Record<string, string> {
  const html = (input.contentType ?? "").toLowerCase().startsWith("text/html");
  const base = input.policy ?? (html ? "" : NON_PAGE_POLICY);
  const headers: Record<string, string> = {
    "Content-Security-Policy": withDirective(base, "frame-ancestors", input.frameAncestors),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
  if (input.frameAncestors === "'none'") headers["X-Frame-Options"] = "DENY";
  if (input.https) headers["Strict-Transport-Security"] = HSTS_VALUE;
  return headers;
}

/**
 * Sets `values` on the response, on a copy when its headers are immutable (Response.redirect).
 * The policy is always set (it was composed from the answer's own); any other header a page set
 * itself is kept: it is the page's stricter choice (the reset page's `Referrer-Policy: no-referrer`).
 */
function withHeaders(response: Response, values: Record<string, string>): Response {
  return withEditedHeaders(response, (headers) => {
    for (const [name, value] of Object.entries(values)) {
      if (name === "Content-Security-Policy" || !headers.has(name)) headers.set(name, value);
    }
  });
}

/**
 * Astro replaces a body-less 404 or 500 with its error page, and keeps this answer's headers over
 * the page's: it must carry none of ours, or the 404 page would get the policy of an empty answer.
 * The error page passes through this middleware itself.
 */
function replacedByErrorPage(response: Response): boolean {
  return (response.status === 404 || response.status === 500) && response.body === null;
}

/** The answer to `request` for `pathname` with its security headers (the middleware and api-direct.ts). */
export function withSecurityHeaders(request: Request, pathname: string, response: Response): Response {
  if (replacedByErrorPage(response)) return response;
  return withHeaders(
    response,
    securityHeaderValues({
      contentType: response.headers.get("Content-Type"),
      policy: response.headers.get("Content-Security-Policy"),
      frameAncestors: frameAncestorsFor(pathname),
      https: cameOverHttps(request.url, request.headers.get("x-forwarded-proto")),
    }),
  );
}

export const securityHeaders: MiddlewareHandler = async (context, next) =>
  withSecurityHeaders(context.request, context.url.pathname, await next());
