/**
 * The e2e run's OpenID Connect provider (external login): playwright.config.ts points
 * Harbour Museum's `issuer_env` (FOYER_DEMO_OIDC_ISSUER) at this port, and external-login.spec.ts
 * starts a real `oidc-provider` on it (tests/helpers/oidc-provider.ts). Default: the e2e port + 1000.
 */
export function e2eOidcPort(env: NodeJS.ProcessEnv = process.env): number {
  const explicit = Number(env.E2E_OIDC_PORT);
  if (Number.isInteger(explicit) && explicit > 0 && explicit < 65536) return explicit;
  return Number(env.E2E_PORT ?? 4391) + 1000;
}

export const e2eOidcIssuer = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${e2eOidcPort(env)}`;

/** The client Harbour Museum's demo config names (a public client: PKCE, no secret). */
export const E2E_OIDC_CLIENT_ID = "foyer-harbour-museum";
