/**
 * Login inputs, passcodes and their messages (spec 1 §5, §8, §9; DESIGN §5).
 * - Login inputs: text max 50 unless set; username e-mail max 100; zip max 5 (tel).
 * - Passcode: 6 characters, digits or letters, required ('Enter your 6-character code'); 3 attempts;
 *   the 'code possibly hasn't arrived' hint after 30 s; not_available_yet retries after 5 s.
 * - Login modes (spec 1 §6) and the login steps (spec 1 §4).
 */
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

export const MESSAGES = {
  passcodeRequired: "Enter your 6-character code",
  passcodeInvalid: "The passcode you entered is invalid.",
  // Spec 1 §8 says 'login link'; issue 11 corrects it: the visitor requests a new code.
  passcodeNoAttemptsLeft: "You need to request a new code before attempting to log in with a passcode again.",
  cookiesDisabled: "Enable cookies and reload to login.",
  loginDisabled: "Login is disabled",
  memberNotFoundZip: "Member details not found. Please check your member ID and ZIP code.",
  memberNotFoundLastName: "Member details not found. Please check your member ID and last name.",
  memberNotFoundEmail: "Member details not found. Please check your email address and member ID.",
  guestAccount:
    "Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.",
  incorrectPassword: "That is not the correct password. Please try again",
  resetLinkInvalid: "This reset link is not valid. It may have expired.",
  resendNoOrders: "No orders could be found for this email address.",
  unexpected: "Sorry, something unexpected happened. Please try again later.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

/**
 * Spec 1 §8: 'You have {count} more attempt{s} before you need to request a new login link.', with
 * 'code' for 'login link' (issue 11: "The passcode screen says 'request a new login link' (it is a code)").
 */
export function attemptsLeftText(count: number): string {
  return `You have ${count} more attempt${count === 1 ? "" : "s"} before you need to request a new code.`;
}

/** The member-ID form's not-found text for the second field it asks for. */
export function memberNotFoundText(second: "zip_code" | "last_name" | "email"): string {
  if (second === "zip_code") return MESSAGES.memberNotFoundZip;
  return second === "last_name" ? MESSAGES.memberNotFoundLastName : MESSAGES.memberNotFoundEmail;
}

/** Login is disabled when the tenant configures no usable login mode (spec 1 §5). */
export function loginEnabled(modes: readonly string[]): boolean {
  return modes.some(
    (m) => (LOGIN_MODES as readonly string[]).includes(m) && m !== "auth0_ecomm" && m !== "external",
  );
}
