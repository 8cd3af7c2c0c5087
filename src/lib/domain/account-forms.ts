/**
 * The password and e-mail pages (spec 2 §2, §5, §8): forgot password, forgot membership, reset
 * password, set e-mail address and resend tickets. Pure rules; the islands turn the problem and
 * outcome names into the tenant's texts.
 * - E-mail fields on submit forms: required, max 254 (spec 2 §5, §9).
 * - Set e-mail: needs a domain with a dot ("Email address is not valid.") and must equal the
 *   confirmation ("Email addresses must match."), ignoring case as the identity form does.
 * - Password reset: new password required and must meet the requirements ("Invalid password");
 *   the confirmation must match ('Passwords must match.').
 * - E-mail submit: 404 gives a custom message (resend) or is treated as success (forgot password
 *   and forgot membership), so the pages never tell whether an account exists (spec 2 §8).
 * - Reset link invalid (not_found or validate_failed): "This reset link is not valid. It may have
 *   expired." Set-email 409: another user account uses that e-mail.
 */
import { EMAIL_MAX, EMAIL_PATTERN } from "./identity-form.ts";
import { isValidPassword, PASSWORD_MAX } from "./password-rules.ts";

export { EMAIL_MAX } from "./identity-form.ts";

/** A failed API call as the pages read it (the status and the first `_data` entry's code). */
export interface CallFailure {
  status: number;
  code: string;
  /** A 429's `_extra.retry_after` in seconds, when it gave one. */
  retryAfterSeconds?: number;
  /** A 403 reauthentication_required's `_extra.proofs`: what the account can prove a change with. */
  proofs?: ChangeProofKind[];
}

/** The proofs a change of the e-mail or password takes: the current password, a mailed code. */
export type ChangeProofKind = "current_password" | "email_code";
export const CHANGE_PROOF_KINDS: readonly ChangeProofKind[] = ["current_password", "email_code"];

export type EmailProblem = "required" | "tooLong" | "invalidEmail";

/** The e-mail as sent: trimmed. */
export const normalizeEmail = (value: string): string => value.trim();

/** Required, at most 254 characters, and the API's e-mail shape (a domain with a dot). */
export function emailProblem(value: string): EmailProblem | null {
  const email = normalizeEmail(value);
  if (email.length === 0) return "required";
  if (email.length > EMAIL_MAX) return "tooLong";
  return EMAIL_PATTERN.test(email) ? null : "invalidEmail";
}

/** Whether the part after the last @ holds a dot (the set-email rule's wording). */
export function hasDottedDomain(value: string): boolean {
  const at = value.lastIndexOf("@");
  return at > 0 && value.slice(at + 1).includes(".");
}

export type EmailRequestKind = "resend" | "forgot_password" | "forgot_membership";
export type EmailRequestOutcome = "sent" | "noOrders" | "invalidEmail" | "rateLimited" | "unexpected";

/**
 * What an e-mail submit's answer means (spec 2 §8): success, or a 404 that is the resend page's
 * "No orders could be found for this email address." and a success for the forgot pages.
 */
export function emailRequestOutcome(
  kind: EmailRequestKind,
  failure: CallFailure | null,
): EmailRequestOutcome {
  if (!failure) return "sent";
  if (failure.status === 404) return kind === "resend" ? "noOrders" : "sent";
  if (failure.status === 429) return "rateLimited";
  if (failure.status === 400 && failure.code === "validation_failed") return "invalidEmail";
  return "unexpected";
}

export type SetEmailField = "email" | "email_confirm";
export type SetEmailProblem = EmailProblem | "emailMismatch";
export type SetEmailCheck =
  | { ok: true; email: string }
  | { ok: false; errors: Partial<Record<SetEmailField, SetEmailProblem>> };

/** Spec 2 §5 set e-mail: a valid address with a dotted domain, equal to its confirmation. */
export function validateSetEmail(input: { email: string; email_confirm: string }): SetEmailCheck {
  const email = normalizeEmail(input.email);
  const confirm = normalizeEmail(input.email_confirm);
  const errors: Partial<Record<SetEmailField, SetEmailProblem>> = {};
  const problem = emailProblem(email) ?? (hasDottedDomain(email) ? null : "invalidEmail");
  if (problem) errors.email = problem;
  if (confirm.length === 0) errors.email_confirm = "required";
  else if (confirm.toLowerCase() !== email.toLowerCase()) errors.email_confirm = "emailMismatch";
  if (errors.email || errors.email_confirm) return { ok: false, errors };
  return { ok: true, email };
}

export type SetEmailOutcome =
  | "saved"
  | "inUse"
  | "invalidEmail"
  | "loggedOut"
  | "rateLimited"
  | "proofNeeded"
  | "passwordIncorrect"
  | "codeIncorrect"
  | "codeInvalid"
  | "unexpected";

const PROOF_OUTCOMES: Readonly<Record<string, SetEmailOutcome>> = {
  reauthentication_required: "proofNeeded",
  current_password_incorrect: "passwordIncorrect",
  change_code_incorrect: "codeIncorrect",
  change_code_invalid: "codeInvalid",
};

/**
 * PATCH my/user/{id}: 409 is the e-mail-in-use text; 401 means the session is gone; a 403 asks for
 * (or refuses) the proof a new e-mail needs: the current password or the mailed code.
 */
export function setEmailOutcome(failure: CallFailure | null): SetEmailOutcome {
  if (!failure) return "saved";
  if (failure.status === 403 && Object.hasOwn(PROOF_OUTCOMES, failure.code))
    return PROOF_OUTCOMES[failure.code] ?? "unexpected";
  if (failure.status === 409) return "inUse";
  if (failure.status === 401) return "loggedOut";
  if (failure.status === 400) return "invalidEmail";
  if (failure.status === 429) return "rateLimited";
  return "unexpected";
}

export type NewPasswordField = "password" | "password_confirm";
export type NewPasswordProblem = "required" | "invalidPassword" | "passwordMismatch";
export type NewPasswordCheck =
  | { ok: true; password: string }
  | { ok: false; errors: Partial<Record<NewPasswordField, NewPasswordProblem>> };

/** Spec 2 §5 password reset. Passwords are never trimmed (edge spaces are a rule of their own). */
export function validateNewPassword(input: { password: string; password_confirm: string }): NewPasswordCheck {
  const errors: Partial<Record<NewPasswordField, NewPasswordProblem>> = {};
  if (input.password.length === 0) errors.password = "required";
  else if (!isValidPassword(input.password)) errors.password = "invalidPassword";
  if (input.password_confirm.length === 0) errors.password_confirm = "required";
  else if (input.password_confirm !== input.password) errors.password_confirm = "passwordMismatch";
  if (errors.password || errors.password_confirm) return { ok: false, errors };
  return { ok: true, password: input.password };
}

export const RESET_TOKEN_MIN = 16;
export const RESET_TOKEN_MAX = 200;

/** A token the API could accept; anything else is an invalid link without asking the server. */
export function isResetTokenShape(token: string): boolean {
  return token.length >= RESET_TOKEN_MIN && token.length <= RESET_TOKEN_MAX && /^[\x21-\x7e]+$/.test(token);
}

/** Spec 2 §8: not_found or validate_failed (and any 404) mean the reset link is not valid. */
export function isResetLinkInvalid(failure: CallFailure): boolean {
  return failure.status === 404 || failure.code === "not_found" || failure.code === "validate_failed";
}

export type ResetOutcome = "done" | "invalidPassword" | "linkInvalid" | "rateLimited" | "unexpected";

/** POST password_reset/reset: 400 invalid_password is "Invalid password"; a dead link says so. */
export function resetOutcome(failure: CallFailure | null): ResetOutcome {
  if (!failure) return "done";
  if (failure.code === "invalid_password") return "invalidPassword";
  if (isResetLinkInvalid(failure)) return "linkInvalid";
  if (failure.status === 429) return "rateLimited";
  return "unexpected";
}

/** Password fields cap at the identity form's maximum. */
export const NEW_PASSWORD_MAX = PASSWORD_MAX;
