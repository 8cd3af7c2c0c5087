/**
 * Whether a request came over https: directly (the request URL), or, behind TRUST_PROXY_HOPS
 * trusted proxies (client-address.ts), as the proxy in front says in X-Forwarded-Proto. Session
 * cookies (Secure) and the browser security headers (HSTS) share this one answer.
 *
 * The first entry of X-Forwarded-Proto is the scheme the outermost proxy saw. A client can only
 * spoof it to hurt itself: a Secure cookie or an HSTS header over plain http is dropped by the
 * browser, and a claimed http merely withholds both.
 */
import { trustedProxyHops } from "./client-address.ts";

export function cameOverHttps(
  requestUrl: string,
  forwardedProto: string | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (requestUrl.startsWith("https:")) return true;
  if (trustedProxyHops(env) === 0 || !forwardedProto) return false;
  return forwardedProto.split(",")[0]?.trim().toLowerCase() === "https";
}
