/**
 * The account calls' errors (spec 1 §8, spec 2 §8): codes, contexts and texts in one place. The
 * texts that the storefront shows come from the domain module (login-input.ts, password-rules.ts).
 */
import { attemptsLeftText, MESSAGES, memberNotFoundText } from "../../../domain/login-input.ts";
import { INVALID_PASSWORD } from "../../../domain/password-rules.ts";
import { ApiError } from "../../http/errors.ts";

const login = { context: "login" };

export const loginDisabled = () => new ApiError(403, "login_disabled", MESSAGES.loginDisabled, login);

/** The same answer for an unknown e-mail and a wrong password (issue 5: no enumeration). */
export const incorrectPassword = () =>
  new ApiError(401, "incorrect_password", MESSAGES.incorrectPassword, login);

export const guestAccount = () => new ApiError(401, "guest_account", MESSAGES.guestAccount, login);

export const memberNotFound = (second: "zip_code" | "last_name" | "email") =>
  new ApiError(401, "member_not_found", memberNotFoundText(second), login);

export const otpIncorrect = (attemptsLeft: number) =>
  new ApiError(401, "otp_incorrect", MESSAGES.passcodeInvalid, {
    context: "login",
    extra: {
      attempts_left: attemptsLeft,
      message: attemptsLeft > 0 ? attemptsLeftText(attemptsLeft) : MESSAGES.passcodeNoAttemptsLeft,
    },
  });

export const otpExpired = () =>
  new ApiError(401, "otp_token_expired", "This passcode has expired. Please request a new code.", login);

export const notAuthorized = () =>
  new ApiError(401, "not_authorized", MESSAGES.passcodeNoAttemptsLeft, login);

export const notAvailableYet = (retryAfterSeconds: number) =>
  new ApiError(425, "not_available_yet", "The passcode is not available yet. Please try again in a moment.", {
    context: "login",
    extra: { retry_after: retryAfterSeconds },
  });

export const notLoggedIn = () =>
  new ApiError(401, "not_logged_in", "You are not logged in.", { context: "user" });

export const forbiddenUser = () =>
  new ApiError(403, "forbidden", "You can only change your own account.", { context: "user" });

export const identityExists = (identityId: string) =>
  new ApiError(409, "identity_exists", "An account with this email address already exists.", {
    context: "user",
    extra: { identity_id: identityId },
  });

export const emailInUse = () =>
  new ApiError(
    409,
    "email_in_use",
    "Another account uses this email address. Please contact us to merge the accounts.",
    { context: "user" },
  );

export const invalidPassword = () =>
  new ApiError(400, "invalid_password", INVALID_PASSWORD, { context: "password_reset" });

export const resetLinkNotFound = () =>
  new ApiError(404, "not_found", MESSAGES.resetLinkInvalid, { context: "password_reset" });

export const resetLinkFailed = () =>
  new ApiError(400, "validate_failed", MESSAGES.resetLinkInvalid, { context: "password_reset" });

export const noOrders = () => new ApiError(404, "no_orders", MESSAGES.resendNoOrders, { context: "resend" });
