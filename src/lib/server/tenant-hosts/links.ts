/**
 * Where links in mails point (DESIGN §5 and §7). ONE rule for every mail link:
 * - a tenant that lists host names gets links on its first one, with the deployment's scheme
 *   (PUBLIC_URL's scheme and port; with nothing configured, the demo, http on the server's PORT), and
 *   the storefront is at `/` there: `https://tickets.harbour-museum.example/manage/…` (in the demo
 *   only for requests that came on that name: the demo links to loopback, see mailOriginFor);
 * - any other tenant gets today's rule (config/origins.ts: PUBLIC_URL, else loopback) under
 *   `/{seller}`: `https://foyer.example/riverside-zoo/manage/…`.
 * Never a request's Host header: the origin of a request on a tenant's host is its configured name.
 */
import { pathFor, routerBase } from "../../domain/tenant-hosts/hosts.ts";
import { getTenant, tenantForHost } from "../../tenant/load.ts";
import { mailLinkOrigin, publicUrlSetting } from "../config/origins.ts";

/** The origin of the tenant's own first host name, or undefined when it lists none. */
export function tenantHostOrigin(
  sellerSlug: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const host = getTenant(sellerSlug)?.hosts[0];
  if (!host) return undefined;
  const publicUrl = publicUrlSetting(env);
  if (publicUrl.kind === "valid") {
    const configured = new URL(publicUrl.origin);
    return `${configured.protocol}//${host}${configured.port ? `:${configured.port}` : ""}`;
  }
  if (publicUrl.kind === "invalid") return `https://${host}`;
  // Nothing configured (the demo, loopback only): the server's own port, plain http.
  const port = Number(env.PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? `http://${host}:${port}` : `http://${host}`;
}

/** True when `requestUrl` came on the seller's own host name. */
function onOwnHost(requestUrl: string, sellerSlug: string): boolean {
  if (!requestUrl) return false;
  try {
    return tenantForHost(new URL(requestUrl).host)?.slug === sellerSlug;
  } catch {
    return false;
  }
}

/**
 * The origin of mail links for a seller (the one function every mail link takes its origin from).
 * A seller with host names: its first one, always, once the deployment is configured (PUBLIC_URL);
 * in the demo (nothing configured: loopback only, DESIGN §5) only when the request came on that
 * name, else the loopback origin. Any other seller: the configured origin for a request to
 * `requestUrl` ("" when no request is being answered). The Host header never names the origin: at
 * most it picks the seller's own configured name.
 */
export function mailOriginFor(
  sellerSlug: string,
  requestUrl = "",
  env: NodeJS.ProcessEnv = process.env,
): string {
  const own = tenantHostOrigin(sellerSlug, env);
  if (own && (publicUrlSetting(env).kind !== "unset" || onOwnHost(requestUrl, sellerSlug))) return own;
  return mailLinkOrigin(requestUrl, { env });
}

/**
 * The storefront the request itself is on: the seller's own host name at `/` when it came on it,
 * else the configured origin under `/{seller}`. For links the same browser follows straight away
 * (an OpenID Connect redirect URI must come back to the cookies it set).
 */
export function requestStorefront(
  requestUrl: string,
  sellerSlug: string,
  env: NodeJS.ProcessEnv = process.env,
): { origin: string; base: string } {
  const own = onOwnHost(requestUrl, sellerSlug) ? tenantHostOrigin(sellerSlug, env) : undefined;
  if (own) return { origin: own, base: "" };
  return { origin: mailLinkOrigin(requestUrl, { env }), base: routerBase(sellerSlug, false) };
}

/** The router base of the storefront at `origin`: "" on the tenant's own host name, else `/{seller}`. */
export function storefrontBaseAt(
  origin: string,
  sellerSlug: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return routerBase(sellerSlug, origin === tenantHostOrigin(sellerSlug, env));
}

/** An absolute storefront link at `origin` (mailOriginFor): `{origin}{base}{path}`. */
export function storefrontUrl(
  origin: string,
  sellerSlug: string,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return `${origin}${pathFor(storefrontBaseAt(origin, sellerSlug, env), path)}`;
}
