/**
 * External login with OpenID Connect (spec 1 §6 login mode `external`; spec 2 §2 login
 * callback path, §7 token exchange with an external identity provider, §8 external login texts):
 * Authorization Code with PKCE (S256), `state` and `nonce`, through `openid-client`.
 *
 * - Start: a flow row keyed by the SHA-256 of a fresh `state` keeps the PKCE verifier, the nonce,
 *   the redirect URI, the return path (a same-site path of the seller, never another site) and the
 *   visitor's cart; the browser gets the `foyer_oidc` cookie (HttpOnly, SameSite=Lax, 10 minutes)
 *   whose hash the row also keeps, so a callback only counts in the browser that started it.
 * - Callback: no cookie is 'Please enable cookies and try again'; an unknown, forged, expired,
 *   reused or other browser's `state` is Invalid state (the page moves forward); the flow is taken
 *   in one conditional UPDATE, so a replay never logs in twice. The code is exchanged with the
 *   verifier, the ID token is checked (signature, issuer, audience, nonce, expiry), the e-mail must
 *   be verified (ID token claims, else UserInfo), then link.ts picks the identity and the login
 *   finishes like a password login (auth/login.ts finishLogin: session cookie, cart hand-off).
 * - Nothing the provider hands over (codes, tokens, e-mails) is logged; failures log a reason only.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import type { LoginAnswer } from "../../../api/auth/schemas.ts";
import {
  EXTERNAL_LOGIN_FLOW_LIFETIME_S,
  emailFromClaims,
  isEmailVerified,
  namesFromClaims,
} from "../../../domain/external-login/outcome.ts";
import { loginPageHref, safeRedirectPath } from "../../../domain/login-steps.ts";
import * as s from "../../db/schema.ts";
import { ApiError } from "../../errors/api-error.ts";
import { logger } from "../../log/logger.ts";
import type { ApiEnv } from "../../request/env.ts";
import { addressBucket, hitRateLimit, perAddress, rateLimited } from "../../security/rate-limit.ts";
import { requestStorefront } from "../../tenant-hosts/links.ts";
import type { AuthCall } from "../auth/context.ts";
import { finishLogin } from "../auth/login.ts";
import { secureCookies } from "../auth/sessions.ts";
import type { ExternalLoginSetup } from "./config.ts";
import {
  cookiesRequired,
  emailNotVerified,
  invalidState,
  loginRefused,
  ProviderUnavailable,
  providerUnavailable,
} from "./errors.ts";
import { identityForProviderAccount } from "./link.ts";
import { providerConfig } from "./provider.ts";

export const FLOW_COOKIE = "foyer_oidc";
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Starts per address in 15 minutes (each start stores a row and asks the provider). */
const START_LIMIT = { limit: 30, windowSeconds: 15 * 60 };

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

function browserToken(c: Context<ApiEnv>): string | undefined {
  const value = getCookie(c, FLOW_COOKIE);
  return value && BROWSER_TOKEN.test(value) ? value : undefined;
}

/** The browser's flow cookie (kept across attempts, so a second tab's flow stays valid), refreshed. */
function bindBrowser(c: Context<ApiEnv>): string {
  const token = browserToken(c) ?? randomBytes(32).toString("base64url");
  setCookie(c, FLOW_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: secureCookies(c),
    maxAge: EXTERNAL_LOGIN_FLOW_LIFETIME_S,
  });
  return token;
}

/** Logs why the provider failed, by class and code only (never a token, a claim or a URL with a code). */
function logFailure(error: unknown, step: string): void {
  const reason =
    error instanceof ProviderUnavailable
      ? error.reason
      : error instanceof Error
        ? `${error.name}${(error as { code?: unknown }).code ? `:${String((error as { code?: unknown }).code)}` : ""}`
        : "unknown";
  logger.warn({ step, reason }, "external_login.provider_failed");
}

async function configOrUnavailable(setup: ExternalLoginSetup, step: string): Promise<oidc.Configuration> {
  try {
    return await providerConfig(setup);
  } catch (error) {
    logFailure(error, step);
    throw error instanceof ProviderUnavailable ? error : providerUnavailable("discovery");
  }
}

export interface StartInput {
  returnPath: string | undefined;
  cartId: string | undefined;
}

/** GET login/external/start: the provider's authorization URL to send the browser to. */
export async function startExternalLogin(
  call: AuthCall,
  setup: ExternalLoginSetup,
  input: StartInput,
): Promise<string> {
  const limit = await hitRateLimit(
    call.db,
    `external_start:addr:${addressBucket(call.address)}`,
    perAddress(START_LIMIT),
    call.now,
  );
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  const config = await configOrUnavailable(setup, "start");
  // The storefront the browser is on: its own host name at `/`, else `/{seller}`.
  const storefront = requestStorefront(call.c.req.url, call.seller.slug);
  const returnPath = safeRedirectPath(input.returnPath, call.seller.slug, storefront.base);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const redirectUri = `${storefront.origin}${storefront.base}/login/callback`;
  const browser = bindBrowser(call.c);
  await call.db.transaction(async (tx) => {
    // Old attempts of the seller go (a day after they expired), so the table stays small.
    await tx
      .delete(s.externalLoginFlow)
      .where(
        and(
          eq(s.externalLoginFlow.sellerId, call.seller.id),
          lt(s.externalLoginFlow.expiresAt, new Date(call.now.getTime() - 86_400_000)),
        ),
      );
    await tx.insert(s.externalLoginFlow).values({
      stateHash: sha256(state),
      sellerId: call.seller.id,
      browserHash: sha256(browser),
      issuer: setup.issuer,
      codeVerifier,
      nonce,
      redirectUri,
      returnPath,
      cartId: input.cartId ?? null,
      createdAt: call.now,
      expiresAt: new Date(call.now.getTime() + EXTERNAL_LOGIN_FLOW_LIFETIME_S * 1000),
    });
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: setup.scopes.join(" "),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return url.href;
}

type FlowRow = typeof s.externalLoginFlow.$inferSelect;

/** Takes the flow of `state` for this browser, once; anything else is Invalid state. */
async function takeFlow(call: AuthCall, state: string | undefined, browser: string): Promise<FlowRow> {
  const fallback = safeRedirectPath(undefined, call.seller.slug);
  if (!state || state.length > 512) throw invalidState(fallback);
  const mine = and(
    eq(s.externalLoginFlow.stateHash, sha256(state)),
    eq(s.externalLoginFlow.sellerId, call.seller.id),
    eq(s.externalLoginFlow.browserHash, sha256(browser)),
  );
  const [taken] = await call.db
    .update(s.externalLoginFlow)
    .set({ usedAt: call.now })
    .where(and(mine, isNull(s.externalLoginFlow.usedAt), gt(s.externalLoginFlow.expiresAt, call.now)))
    .returning();
  if (taken) return taken;
  // This browser's own finished or expired attempt (the back button): forward to where it was going.
  const [own] = await call.db
    .select({ returnPath: s.externalLoginFlow.returnPath })
    .from(s.externalLoginFlow)
    .where(mine)
    .limit(1);
  throw invalidState(own?.returnPath ?? fallback);
}

export interface CallbackQuery {
  state?: string | undefined;
  error?: string | undefined;
  /** The callback's whole query as the provider sent it (code, state, iss, ...), `_seller` removed. */
  params: URLSearchParams;
}

/** The claims the identity is chosen by: the ID token's, with UserInfo filling what it lacks. */
async function accountClaims(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const idClaims = tokens.claims();
  if (!idClaims) throw providerUnavailable("no_id_token");
  const claims: Record<string, unknown> = { ...idClaims };
  const lacking = claims.email === undefined || claims.email_verified === undefined;
  if (lacking && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    for (const [key, value] of Object.entries(info)) {
      if (claims[key] === undefined) claims[key] = value;
    }
  }
  return claims;
}

/** The login page to go back to (with the flow's return path) after a provider's error. */
function loginPageOf(call: AuthCall, returnPath: string): string {
  return loginPageHref(call.seller.slug, returnPath);
}

/** GET login/external/callback: the visitor logged in (session cookie set), and where to go next. */
export async function finishExternalLogin(
  call: AuthCall,
  setup: ExternalLoginSetup,
  query: CallbackQuery,
): Promise<LoginAnswer & { redirect: string }> {
  const browser = browserToken(call.c);
  if (!browser) throw cookiesRequired();
  const flow = await takeFlow(call, query.state, browser);
  if (query.error !== undefined) {
    logger.info({ reason: query.error.slice(0, 40) }, "external_login.refused_by_provider");
    throw loginRefused(loginPageOf(call, flow.returnPath));
  }
  if (flow.issuer !== setup.issuer) {
    logFailure(providerUnavailable("issuer_changed"), "callback");
    throw providerUnavailable("issuer_changed");
  }
  const config = await configOrUnavailable(setup, "callback");
  let claims: Record<string, unknown>;
  try {
    const currentUrl = new URL(flow.redirectUri);
    currentUrl.search = query.params.toString();
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: query.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = await accountClaims(config, tokens);
  } catch (error) {
    logFailure(error, "callback");
    throw error instanceof ApiError ? error : providerUnavailable("token_exchange");
  }
  const email = emailFromClaims(claims);
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  if (!email || !isEmailVerified(claims.email_verified) || !subject) throw emailNotVerified();
  const identityId = await call.db.transaction((tx) =>
    identityForProviderAccount(
      tx,
      {
        sellerId: call.seller.id,
        issuer: config.serverMetadata().issuer,
        subject,
        email,
        ...namesFromClaims(claims),
      },
      call.now,
    ),
  );
  const answer = await finishLogin(call, identityId, flow.cartId ?? undefined);
  return { ...answer, redirect: flow.returnPath };
}
