/**
 * The tenant's OpenID Connect provider through `openid-client` (v6): discovery, kept for a few
 * minutes per issuer and client. Plain http is allowed only for a loopback issuer (127.0.0.1,
 * localhost: local development and the tests' provider), never otherwise. Every request to the
 * provider gives up after a few seconds, so a provider that hangs cannot hold a login page.
 */
import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import { isLoopbackHost } from "../../config/origins.ts";
import type { ExternalLoginSetup } from "./config.ts";
import { providerUnavailable } from "./errors.ts";

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 5_000;

interface Cached {
  config: Promise<oidc.Configuration>;
  storedAt: number;
}

const cache = new Map<string, Cached>();

/** Why a configured issuer cannot be used, or null. */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "issuer_not_a_url";
  }
  if (url.username || url.password || url.search || url.hash) return "issuer_not_plain";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  return "issuer_not_https";
}

function clientAuth(setup: ExternalLoginSetup): oidc.ClientAuth {
  if (!setup.clientSecret) return oidc.None();
  return setup.tokenAuth === "client_secret_post"
    ? oidc.ClientSecretPost(setup.clientSecret)
    : oidc.ClientSecretBasic(setup.clientSecret);
}

const timedFetch: oidc.CustomFetch = (url, options) =>
  fetch(url, { ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } as RequestInit);

async function discover(setup: ExternalLoginSetup): Promise<oidc.Configuration> {
  const problem = issuerProblem(setup.issuer);
  if (problem) throw providerUnavailable(problem);
  if (setup.secretMissing) throw providerUnavailable("client_secret_unset");
  const issuer = new URL(setup.issuer);
  const execute = issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [];
  const config = await oidc.discovery(issuer, setup.clientId, undefined, clientAuth(setup), {
    [oidc.customFetch]: timedFetch,
    execute,
  });
  return config;
}

function cacheKey(setup: ExternalLoginSetup): string {
  const secret = setup.clientSecret ? createHash("sha256").update(setup.clientSecret).digest("hex") : "";
  return JSON.stringify([setup.issuer, setup.clientId, setup.tokenAuth, secret, setup.secretMissing]);
}

/** The provider's configuration (discovered once per issuer and client for 10 minutes; failures are not kept). */
export async function providerConfig(setup: ExternalLoginSetup): Promise<oidc.Configuration> {
  const key = cacheKey(setup);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.storedAt < DISCOVERY_TTL_MS) return hit.config;
  const config = discover(setup);
  cache.set(key, { config, storedAt: Date.now() });
  try {
    return await config;
  } catch (error) {
    cache.delete(key);
    throw error;
  }
}

/** Test hook: forgets every discovered provider. */
export function forgetProvidersForTests(): void {
  cache.clear();
}
