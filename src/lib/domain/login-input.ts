/**
 * Login inputs, passcodes and their messages (spec 1 §5, §8, §9; DESIGN §5).
 * - Login inputs: text max 50 unless set; username e-mail max 100; zip max 5 (tel).
 * - Passcode: 6 characters, digits or letters, required ('Enter your 6-character code'); 3 attempts;
 *   the 'code possibly hasn't arrived' hint after 30 s; not_available_yet retries after 5 s.
 * - Login modes (spec 1 §6) and the login steps (spec 1 §4).
 */
import { type Message, msg } from "./messages.ts";

export const LOGIN_TEXT_MAX = 50;
export const LOGIN_EMAIL_MAX = 100;
export const LOGIN_ZIP_MAX = 5;
export const PASSCODE_LENGTH = 6;
export const PASSCODE_ATTEMPTS = 3;
export const PASSCODE_LIFETIME_S = 10 * 60;
export const PASSCODE_HINT_AFTER_MS = 30_000;
export const PASSCODE_RETRY_NOT_AVAILABLE_MS = 5_000;

export const LOGIN_MODES = [
  "password",
  "scan_code",
  "scan_code_password",
  "scan_code_last_name",
  "otp",
  "otp_or_password",
  "auth0_ecomm",
  "external",
] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export const LOGIN_STEPS = ["email", "password", "otp_form", "otp_unavailable"] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

const PASSCODE_PATTERN = /^[A-Za-z0-9]{6}$/;

/** The passcode as typed, trimmed; valid when it is exactly 6 letters or digits. */
export function normalizePasscode(input: string): string {
  return input.trim();
}

export function isPasscodeFormat(input: string): boolean {
  return PASSCODE_PATTERN.test(normalizePasscode(input));
}

/** The login and passcode messages, as tenant string ids (DESIGN §7); the words are in tenant/strings-messages.ts. */
export const LOGIN_MESSAGE = {
  passcodeRequired: "login.error.passcodeRequired",
  passcodeInvalid: "login.error.passcodeInvalid",
  passcodeAttemptsLeft: "login.error.passcodeAttemptsLeft",
  passcodeNoAttemptsLeft: "login.error.passcodeNoAttemptsLeft",
  cookiesDisabled: "login.error.cookiesDisabled",
  loginDisabled: "login.error.loginDisabled",
  memberNotFoundZip: "login.error.memberNotFoundZip",
  memberNotFoundLastName: "login.error.memberNotFoundLastName",
  memberNotFoundEmail: "login.error.memberNotFoundEmail",
  guestAccount: "login.error.guestAccount",
  incorrectPassword: "login.error.incorrectPassword",
  unexpected: "login.error.unexpected",
  rateLimited: "login.error.rateLimited",
  rateLimitedWait: "login.error.rateLimitedWait",
  rateLimitedSecond: "login.error.rateLimited.seconds.one",
  rateLimitedSeconds: "login.error.rateLimited.seconds.other",
  rateLimitedMinutes: "login.error.rateLimited.minutes.other",
  rateLimitedAnHour: "login.error.rateLimited.anHour",
  rateLimitedHours: "login.error.rateLimited.hours.other",
} as const;
export type LoginMessageId = (typeof LOGIN_MESSAGE)[keyof typeof LOGIN_MESSAGE];

/**
 * Spec 1 §8: 'You have {count} more attempt{s} before you need to request a new login link.', with
 * 'code' for 'login link'.
 */
export function attemptsLeftMessage(count: number): Message<LoginMessageId> {
  return msg(LOGIN_MESSAGE.passcodeAttemptsLeft, { count, s: count === 1 ? "" : "s" });
}

/** The member-ID form's not-found message for the second field it asks for. */
export function memberNotFoundMessage(second: "zip_code" | "last_name" | "email"): Message<LoginMessageId> {
  if (second === "zip_code") return msg(LOGIN_MESSAGE.memberNotFoundZip);
  return msg(
    second === "last_name" ? LOGIN_MESSAGE.memberNotFoundLastName : LOGIN_MESSAGE.memberNotFoundEmail,
  );
}

/** Login is disabled when the tenant configures no usable login mode (spec 1 §5). */
export function loginEnabled(modes: readonly string[]): boolean {
  return modes.some(
    (m) => (LOGIN_MODES as readonly string[]).includes(m) && m !== "auth0_ecomm" && m !== "external",
  );
}
