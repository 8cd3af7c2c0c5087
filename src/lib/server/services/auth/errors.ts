/**
 * The account calls' errors (spec 1 §8, spec 2 §8): codes, contexts and texts in one place. The
 * messages the storefront shows are the domain's ids (login-input.ts LOGIN_MESSAGE); their words,
 * the `_description`, are the seller's tenant strings (the spec's texts by default).
 */
import { attemptsLeftMessage, LOGIN_MESSAGE, memberNotFoundMessage } from "../../../domain/login-input.ts";
import { INVALID_PASSWORD } from "../../../domain/password-rules.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { t, tMessage } from "../../../tenant/strings.ts";
import { ApiError } from "../../http/errors.ts";

/** The seller's tenant, whose strings give the words; the defaults without one. */
type Words = Pick<Tenant, "strings"> | undefined;

const login = { context: "login" };

export const loginDisabled = (words?: Words) =>
  new ApiError(403, "login_disabled", t(words, LOGIN_MESSAGE.loginDisabled), login);

/** The same answer for an unknown e-mail and a wrong password (issue 5: no enumeration). */
export const incorrectPassword = (words?: Words) =>
  new ApiError(401, "incorrect_password", t(words, LOGIN_MESSAGE.incorrectPassword), login);

export const guestAccount = (words?: Words) =>
  new ApiError(401, "guest_account", t(words, LOGIN_MESSAGE.guestAccount), login);

export const memberNotFound = (second: "zip_code" | "last_name" | "email", words?: Words) =>
  new ApiError(401, "member_not_found", tMessage(words, memberNotFoundMessage(second)), login);

export const otpIncorrect = (attemptsLeft: number, words?: Words) =>
  new ApiError(401, "otp_incorrect", t(words, LOGIN_MESSAGE.passcodeInvalid), {
    context: "login",
    extra: {
      attempts_left: attemptsLeft,
      message:
        attemptsLeft > 0
          ? tMessage(words, attemptsLeftMessage(attemptsLeft))
          : t(words, LOGIN_MESSAGE.passcodeNoAttemptsLeft),
    },
  });

export const otpExpired = () =>
  new ApiError(401, "otp_token_expired", "This passcode has expired. Please request a new code.", login);

export const notAuthorized = (words?: Words) =>
  new ApiError(401, "not_authorized", t(words, LOGIN_MESSAGE.passcodeNoAttemptsLeft), login);

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

export const resetLinkNotFound = (words?: Words) =>
  new ApiError(404, "not_found", t(words, "account.reset.invalid"), { context: "password_reset" });

export const resetLinkFailed = (words?: Words) =>
  new ApiError(400, "validate_failed", t(words, "account.reset.invalid"), { context: "password_reset" });

export const noOrders = (words?: Words) =>
  new ApiError(404, "no_orders", t(words, "account.resend.noOrders"), { context: "resend" });

const user = { context: "user" };

/**
 * A change of the e-mail or password without a stronger proof than the session: `_extra.proofs`
 * names what this account can give (`current_password` when it has one, `email_code` when it has
 * a real address for the code).
 */
export const reauthenticationRequired = (proofs: readonly string[], words?: Words) =>
  new ApiError(403, "reauthentication_required", t(words, "account.proof.required"), {
    context: "user",
    extra: { proofs: [...proofs] },
  });

export const currentPasswordIncorrect = (words?: Words) =>
  new ApiError(403, "current_password_incorrect", t(words, "account.proof.passwordIncorrect"), user);

export const changeCodeIncorrect = (attemptsLeft: number, words?: Words) =>
  new ApiError(403, "change_code_incorrect", t(words, "account.proof.codeIncorrect"), {
    context: "user",
    extra: { attempts_left: attemptsLeft },
  });

/** No live code: never asked for, used, expired, superseded, out of attempts or for an old address. */
export const changeCodeInvalid = (words?: Words) =>
  new ApiError(403, "change_code_invalid", t(words, "account.proof.codeInvalid"), user);

export const noEmailAddress = (words?: Words) =>
  new ApiError(409, "no_email_address", t(words, "account.proof.noEmail"), user);

export const undoLinkInvalid = (words?: Words) =>
  new ApiError(404, "not_found", t(words, "account.undoEmail.invalid"), { context: "email_change" });
