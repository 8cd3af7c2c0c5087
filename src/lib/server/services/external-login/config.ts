/**
 * A tenant's external login, resolved against the environment (tenant/schema-external-login.ts):
 * null when nothing is configured, or when `issuer_env` names a variable that is unset (a demo
 * tenant whose provider is not running shows nothing). A configuration that is present but cannot
 * work (a bad issuer URL, a plain-http issuer that is not loopback, a missing secret) is still
 * returned: starting a login then fails with the initialisation text, and the log says why.
 */
import type { Tenant } from "../../../tenant/schema.ts";

export interface ExternalLoginSetup {
  label: string;
  provider: "auth0" | "other";
  /** As configured; checked when the provider is first asked (provider.ts). */
  issuer: string;
  clientId: string;
  /** Null: a public client (PKCE only) or a secret variable that is unset (see `secretMissing`). */
  clientSecret: string | null;
  /** `client_secret_env` is set but its variable is empty: the login cannot start. */
  secretMissing: boolean;
  tokenAuth: "client_secret_basic" | "client_secret_post";
  scopes: readonly string[];
}

export function externalLoginSetup(
  tenant: Pick<Tenant, "web"> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ExternalLoginSetup | null {
  const config = tenant?.web.external_login;
  if (!config) return null;
  const issuer = (config.issuer_env ? env[config.issuer_env] : config.issuer)?.trim();
  if (!issuer) return null;
  const secret = config.client_secret_env ? env[config.client_secret_env]?.trim() || null : null;
  return {
    label: config.label,
    provider: config.provider,
    issuer,
    clientId: config.client_id,
    clientSecret: secret,
    secretMissing: !!config.client_secret_env && !secret,
    tokenAuth: config.token_auth,
    scopes: config.scopes,
  };
}

/** What a login form shows for the tenant's external login: its label and where it returns, or null. */
export function externalLoginOption(
  tenant: Pick<Tenant, "web"> | undefined,
  returnPath: string,
): { label: string; returnPath: string } | null {
  const setup = externalLoginSetup(tenant);
  return setup ? { label: setup.label, returnPath } : null;
}
