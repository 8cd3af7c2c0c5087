/**
 * The external login's API errors (codes in domain/external-login/outcome.ts, rows in
 * errors/catalogue.ts). The texts are the API's descriptions; the callback page shows the tenant's
 * strings for each code.
 */
import { EXTERNAL_LOGIN_ERRORS } from "../../../domain/external-login/outcome.ts";
import { ApiError, fail } from "../../errors/api-error.ts";

/** `reason` is for the log only (never shown): which check failed. */
export class ProviderUnavailable extends ApiError {
  readonly reason: string;
  constructor(reason: string) {
    super(EXTERNAL_LOGIN_ERRORS.unavailable);
    this.reason = reason;
  }
}

export const providerUnavailable = (reason: string) => new ProviderUnavailable(reason);

export const cookiesRequired = () => fail(EXTERNAL_LOGIN_ERRORS.cookies);

/** Spec 2 §8 Invalid state: the page navigates forward, to `redirect`. */
export const invalidState = (redirect: string) =>
  fail(EXTERNAL_LOGIN_ERRORS.invalidState, { extra: { redirect } });

export const emailNotVerified = () => fail(EXTERNAL_LOGIN_ERRORS.unverified);

/** The provider answered with an error (spec 2 §8: the page goes back to `redirect` after 5 s). */
export const loginRefused = (redirect: string) =>
  fail(EXTERNAL_LOGIN_ERRORS.refused, { extra: { redirect } });

export const externalLoginNotConfigured = () =>
  fail("not_found", {
    description: "External login is not configured for this seller.",
    context: "external_login",
  });
