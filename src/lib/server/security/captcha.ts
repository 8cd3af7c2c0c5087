/**
 * Server-side captcha verification (spec 2 §5: a captcha token is required for non-logged-in
 * users when the tenant configures a captcha public key). The provider is hCaptcha-compatible:
 * POST form `secret`, `response`, `sitekey`, optional `remoteip` to the siteverify URL, which answers
 * JSON `{success, "error-codes"?}`.
 *
 * Environment, read at call time: CAPTCHA_SECRET_KEY (no key: `not_configured`, the route refuses
 * with 503, fail closed) and CAPTCHA_VERIFY_URL (default https://api.hcaptcha.com/siteverify).
 * The token and the secret are never logged.
 */
import { z } from "zod";
import { type ApiError, fail } from "../errors/api-error.ts";
import { errorText } from "../errors/catalogue.ts";
import { logger } from "../log/logger.ts";

export const DEFAULT_CAPTCHA_VERIFY_URL = "https://api.hcaptcha.com/siteverify";
/** The provider answers in well under a second; a checkout must not hang on it. */
export const CAPTCHA_TIMEOUT_MS = 5_000;

export interface CaptchaCheck {
  /** The tenant's public site key (web.captcha_public_key). */
  siteKey: string;
  /** The caller's address; left out when unknown. */
  remoteIp?: string;
}

export type CaptchaOutcome =
  | { ok: true }
  /** not_configured: no secret; rejected: the provider said no; unavailable: no answer in time. */
  | { ok: false; reason: "not_configured" | "rejected" | "unavailable"; errorCodes: string[] };

/** The seam the routes use (ApiDeps.captcha); tests inject their own. */
export interface CaptchaVerifier {
  /** False when the server cannot verify at all (no secret): the route refuses, fail closed. */
  configured(): boolean;
  verify(token: string, check: CaptchaCheck): Promise<CaptchaOutcome>;
}

export interface CaptchaConfig {
  secretKey: string;
  verifyUrl: string;
}

export function captchaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaConfig | null {
  const secretKey = env.CAPTCHA_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const verifyUrl = env.CAPTCHA_VERIFY_URL?.trim() || DEFAULT_CAPTCHA_VERIFY_URL;
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(verifyUrl);
  if (!parsed.success) throw new Error("CAPTCHA_VERIFY_URL must be an http(s) URL.");
  return { secretKey, verifyUrl: parsed.data };
}

const siteverifyAnswer = z.object({
  success: z.boolean(),
  "error-codes": z.array(z.string().max(100)).max(20).optional(),
});

export interface VerifyOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Asks the provider whether `token` is a solved challenge for `siteKey`. Never throws. */
export async function verifyCaptcha(
  token: string,
  check: CaptchaCheck,
  options: VerifyOptions = {},
): Promise<CaptchaOutcome> {
  let config: CaptchaConfig | null;
  try {
    config = captchaConfigFromEnv(options.env);
  } catch (error) {
    logger.error({ err: error }, "captcha.bad_config");
    return { ok: false, reason: "not_configured", errorCodes: [] };
  }
  if (!config) return { ok: false, reason: "not_configured", errorCodes: [] };
  const form = new URLSearchParams({ secret: config.secretKey, response: token, sitekey: check.siteKey });
  if (check.remoteIp) form.set("remoteip", check.remoteIp);
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(config.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? CAPTCHA_TIMEOUT_MS),
    });
    if (!res.ok) {
      logger.warn({ status: res.status }, "captcha.verify_http_error");
      return { ok: false, reason: "unavailable", errorCodes: [] };
    }
    const answer = siteverifyAnswer.safeParse(await res.json());
    if (!answer.success) {
      logger.warn("captcha.verify_bad_answer");
      return { ok: false, reason: "unavailable", errorCodes: [] };
    }
    if (answer.data.success) return { ok: true };
    return { ok: false, reason: "rejected", errorCodes: answer.data["error-codes"] ?? [] };
  } catch (error) {
    logger.warn({ err: error }, "captcha.verify_unreachable");
    return { ok: false, reason: "unavailable", errorCodes: [] };
  }
}

/** The default verifier: the provider over HTTP, configured from the environment. */
export const httpCaptchaVerifier: CaptchaVerifier = {
  configured() {
    try {
      return captchaConfigFromEnv() !== null;
    } catch {
      return false;
    }
  },
  verify: (token, check) => verifyCaptcha(token, check),
};

export const CAPTCHA_REQUIRED_TEXT = errorText("captcha_required");
export const CAPTCHA_FAILED_TEXT = errorText("captcha_failed");
export const CAPTCHA_NOT_CONFIGURED_TEXT = errorText("captcha_not_configured");
export const CAPTCHA_UNAVAILABLE_TEXT = errorText("captcha_unavailable");

export const captchaRequired = () => fail("captcha_required");

let notConfiguredLogged = false;

/** The error for a refused outcome; a missing secret is logged once per process. */
export function captchaError(outcome: Exclude<CaptchaOutcome, { ok: true }>): ApiError {
  switch (outcome.reason) {
    case "not_configured":
      if (!notConfiguredLogged) {
        notConfiguredLogged = true;
        logger.error("captcha.not_configured: a tenant has a captcha key but CAPTCHA_SECRET_KEY is not set");
      }
      return fail("captcha_not_configured");
    case "unavailable":
      return fail("captcha_unavailable");
    case "rejected":
      return fail("captcha_failed", { extra: { error_codes: outcome.errorCodes } });
  }
}
