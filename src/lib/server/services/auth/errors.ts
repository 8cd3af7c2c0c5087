/**
 * The account calls' errors (spec 1 §8, spec 2 §8), over the error catalogue (errors/catalogue.ts). The
 * messages the storefront shows are the domain's ids (login-input.ts LOGIN_MESSAGE); their words,
 * the `_description`, are the seller's tenant strings (the spec's texts by default).
 */
import { attemptsLeftMessage, LOGIN_MESSAGE, memberNotFoundMessage } from "../../../domain/login-input.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { t, tMessage } from "../../../tenant/strings.ts";
import { fail } from "../../errors/api-error.ts";

/** The seller's tenant, whose strings give the words; the defaults without one. */
type Words = (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined;

export const loginDisabled = (words?: Words) =>
  fail("login_disabled", { description: t(words, LOGIN_MESSAGE.loginDisabled) });

/** The same answer for an unknown e-mail and a wrong password (no enumeration). */
export const incorrectPassword = (words?: Words) =>
  fail("incorrect_password", { description: t(words, LOGIN_MESSAGE.incorrectPassword) });

export const guestAccount = (words?: Words) =>
  fail("guest_account", { description: t(words, LOGIN_MESSAGE.guestAccount) });

export const memberNotFound = (second: "zip_code" | "last_name" | "email", words?: Words) =>
  fail("member_not_found", { description: tMessage(words, memberNotFoundMessage(second)) });

export const otpIncorrect = (attemptsLeft: number, words?: Words) =>
  fail("otp_incorrect", {
    description: t(words, LOGIN_MESSAGE.passcodeInvalid),
    extra: {
      attempts_left: attemptsLeft,
      message:
        attemptsLeft > 0
          ? tMessage(words, attemptsLeftMessage(attemptsLeft))
          : t(words, LOGIN_MESSAGE.passcodeNoAttemptsLeft),
    },
  });

export const otpExpired = () => fail("otp_token_expired");

export const notAuthorized = (words?: Words) =>
  fail("not_authorized", { description: t(words, LOGIN_MESSAGE.passcodeNoAttemptsLeft) });

export const notAvailableYet = (retryAfterSeconds: number) =>
  fail("not_available_yet", { extra: { retry_after: retryAfterSeconds } });

export const notLoggedIn = () => fail("not_logged_in");

export const forbiddenUser = () =>
  fail("forbidden", { description: "You can only change your own account.", context: "user" });

export const identityExists = (identityId: string) =>
  fail("identity_exists", { extra: { identity_id: identityId } });

export const emailInUse = () => fail("email_in_use");

export const invalidPassword = () => fail("invalid_password");

export const resetLinkNotFound = (words?: Words) =>
  fail("not_found", { description: t(words, "account.reset.invalid"), context: "password_reset" });

export const resetLinkFailed = (words?: Words) =>
  fail("validate_failed", { description: t(words, "account.reset.invalid") });

export const noOrders = (words?: Words) =>
  fail("no_orders", { description: t(words, "account.resend.noOrders") });

/**
 * A change of the e-mail or password without a stronger proof than the session: `_extra.proofs`
 * names what this account can give (`current_password` when it has one, `email_code` when it has
 * a real address for the code).
 */
export const reauthenticationRequired = (proofs: readonly string[], words?: Words) =>
  fail("reauthentication_required", {
    description: t(words, "account.proof.required"),
    extra: { proofs: [...proofs] },
  });

export const currentPasswordIncorrect = (words?: Words) =>
  fail("current_password_incorrect", { description: t(words, "account.proof.passwordIncorrect") });

export const changeCodeIncorrect = (attemptsLeft: number, words?: Words) =>
  fail("change_code_incorrect", {
    description: t(words, "account.proof.codeIncorrect"),
    extra: { attempts_left: attemptsLeft },
  });

/** No live code: never asked for, used, expired, superseded, out of attempts or for an old address. */
export const changeCodeInvalid = (words?: Words) =>
  fail("change_code_invalid", { description: t(words, "account.proof.codeInvalid") });

export const noEmailAddress = (words?: Words) =>
  fail("no_email_address", { description: t(words, "account.proof.noEmail") });

export const undoLinkInvalid = (words?: Words) =>
  fail("not_found", { description: t(words, "account.undoEmail.invalid"), context: "email_change" });
