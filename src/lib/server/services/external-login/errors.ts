/**
 * The external login's API errors (codes in domain/external-login/outcome.ts). The texts here are
 * the API's descriptions; the callback page shows the tenant's strings for each code.
 */
import { EXTERNAL_LOGIN_ERRORS } from "../../../domain/external-login/outcome.ts";
import { ApiError } from "../../http/errors.ts";

const context = { context: "external_login" };

/** `reason` is for the log only (never shown): which check failed. */
export class ProviderUnavailable extends ApiError {
  readonly reason: string;
  constructor(reason: string) {
    super(
      502,
      EXTERNAL_LOGIN_ERRORS.unavailable,
      "The identity provider could not be reached or refused the login.",
      context,
    );
    this.reason = reason;
  }
}

export const providerUnavailable = (reason: string) => new ProviderUnavailable(reason);

export const cookiesRequired = () =>
  new ApiError(400, EXTERNAL_LOGIN_ERRORS.cookies, "Please enable cookies and try again", context);

/** Spec 2 §8 Invalid state: the page navigates forward, to `redirect`. */
export const invalidState = (redirect: string) =>
  new ApiError(400, EXTERNAL_LOGIN_ERRORS.invalidState, "Invalid state", { ...context, extra: { redirect } });

export const emailNotVerified = () =>
  new ApiError(
    403,
    EXTERNAL_LOGIN_ERRORS.unverified,
    "The identity provider has not verified this e-mail address.",
    context,
  );

/** The provider answered with an error (spec 2 §8: the page goes back to `redirect` after 5 s). */
export const loginRefused = (redirect: string) =>
  new ApiError(401, EXTERNAL_LOGIN_ERRORS.refused, "The identity provider did not log the visitor in.", {
    ...context,
    extra: { redirect },
  });

export const externalLoginNotConfigured = () =>
  new ApiError(404, "not_found", "External login is not configured for this seller.", context);
