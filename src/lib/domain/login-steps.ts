/**
 * The login screens' rules, free of I/O (spec 1 §2 "Login screens", §4 "Login", §6 login modes,
 * §8 passcode and credential errors; spec 2 §2 login query parameters, §8 guest_account and
 * incorrect_password):
 * - which forms a tenant's login modes give (e-mail step to password or passcode; member ID forms);
 * - the outcome of a passcode error (attempts text, must-request-new-code, automatic retry);
 * - the message of a login error;
 * - the redirect target after login (a same-site path only);
 * - the `login`, `requirelogin`, `member_code`/`zip_code` and `login.*` query parameters.
 */
import {
  attemptsLeftMessage,
  LOGIN_EMAIL_MAX,
  LOGIN_MESSAGE,
  LOGIN_TEXT_MAX,
  LOGIN_ZIP_MAX,
  type LoginMessageId,
  memberNotFoundMessage,
  PASSCODE_RETRY_NOT_AVAILABLE_MS,
} from "./login-input.ts";
import { type Message, msg } from "./messages.ts";
import { rateLimitedMessage } from "./retry-wait.ts";

type LoginMessage = Message<LoginMessageId>;

/** Where 'Continue' on the e-mail step leads. */
export type EmailStepNext = "password" | "passcode";

/**
 * Spec 1 §2 "email step, then password or one-time passcode step". 'Continue' mailed a
 * passcode before every password form, so a rate-limited passcode request kept a user who knows the
 * password out. With a password mode, 'Continue' opens the password form and sends nothing (the
 * passcode is one explicit action away); only a passcode-only tenant mails a code on 'Continue',
 * since that is the one way in it offers. Neither asks the server anything about the account, so the
 * step never tells whether an e-mail is registered.
 */
export function emailStepNext(forms: LoginForms): EmailStepNext {
  return forms.password ? "password" : "passcode";
}

/** The e-mail step's 'Email me a login code instead': when both the password and the passcode exist. */
export function offersPasscodeInstead(forms: LoginForms): boolean {
  return forms.password && forms.passcode;
}

/** The second field a member-ID form asks for. */
export type MemberIdSecond = "zip_code" | "last_name" | "password";

export interface LoginForms {
  /** The e-mail step leads to a password step. */
  password: boolean;
  /** The e-mail step leads to a passcode step. */
  passcode: boolean;
  /** Member-ID forms, in the tenant's order. */
  memberId: MemberIdSecond[];
}

/** Spec 1 §6 login modes mapped to the screens that serve them (auth0_ecomm and external have none here). */
export function loginForms(modes: readonly string[]): LoginForms {
  const memberId: MemberIdSecond[] = [];
  const add = (second: MemberIdSecond) => {
    if (!memberId.includes(second)) memberId.push(second);
  };
  for (const mode of modes) {
    if (mode === "scan_code") add("zip_code");
    else if (mode === "scan_code_last_name") add("last_name");
    else if (mode === "scan_code_password") add("password");
  }
  return {
    password: modes.includes("password") || modes.includes("otp_or_password"),
    passcode: modes.includes("otp") || modes.includes("otp_or_password"),
    memberId,
  };
}

/** Whether the e-mail step exists at all. */
export function hasEmailStep(forms: LoginForms): boolean {
  return forms.password || forms.passcode;
}

/** The not-found message of a member-ID form (spec 1 §8). */
export function memberIdNotFound(second: MemberIdSecond): LoginMessage {
  return second === "password" ? memberNotFoundMessage("email") : memberNotFoundMessage(second);
}

/** What a passcode form shows after a failed verify call. */
export interface PasscodeOutcome {
  /** The error ('The passcode you entered is invalid.' or the rate-limit message). */
  message: LoginMessage | null;
  /** 'You have {n} more attempt{s} ...' or the no-attempts message; null when not applicable. */
  attempts: LoginMessage | null;
  /** Input and submit disabled until a new code is requested. */
  mustRequestNew: boolean;
  /** not_available_yet: submit again automatically after this many ms. */
  retryAfterMs: number | null;
}

/**
 * Spec 1 §8 "Passcode": not_available_yet retries automatically after 5 s; otp_incorrect allows 3
 * attempts and shows the invalid text with the attempts text, or the no-attempts text when none
 * are left; not_authorized, otp_token_expired and others show the invalid text and disable input
 * until a new code is requested.
 */
export function passcodeOutcome(
  code: string,
  attemptsLeft: number | null,
  retryAfterSeconds: unknown = null,
): PasscodeOutcome {
  if (code === "not_available_yet") {
    return {
      message: null,
      attempts: null,
      mustRequestNew: false,
      retryAfterMs: PASSCODE_RETRY_NOT_AVAILABLE_MS,
    };
  }
  if (code === "rate_limited") {
    return {
      message: rateLimitedMessage(retryAfterSeconds),
      attempts: null,
      mustRequestNew: false,
      retryAfterMs: null,
    };
  }
  if (code === "otp_incorrect" && attemptsLeft !== null && attemptsLeft > 0) {
    return {
      message: msg(LOGIN_MESSAGE.passcodeInvalid),
      attempts: attemptsLeftMessage(attemptsLeft),
      mustRequestNew: false,
      retryAfterMs: null,
    };
  }
  if (code === "otp_incorrect") {
    return {
      message: msg(LOGIN_MESSAGE.passcodeInvalid),
      attempts: msg(LOGIN_MESSAGE.passcodeNoAttemptsLeft),
      mustRequestNew: true,
      retryAfterMs: null,
    };
  }
  return {
    message: msg(LOGIN_MESSAGE.passcodeInvalid),
    attempts: null,
    mustRequestNew: true,
    retryAfterMs: null,
  };
}

/** The message of a failed POST login (spec 1 §8, spec 2 §8). */
export type LoginErrorKind =
  | { kind: "incorrect_password"; message: LoginMessage }
  | { kind: "guest_account"; message: LoginMessage }
  | { kind: "member_not_found"; message: LoginMessage }
  | { kind: "login_disabled"; message: LoginMessage }
  | { kind: "rate_limited"; message: LoginMessage }
  | { kind: "unexpected"; message: LoginMessage };

/** `retryAfterSeconds`: the rate limit's `_extra.retry_after`, told as the real wait. */
export function loginError(
  code: string,
  second: MemberIdSecond | null,
  retryAfterSeconds: unknown = null,
): LoginErrorKind {
  switch (code) {
    case "incorrect_password":
      return { kind: "incorrect_password", message: msg(LOGIN_MESSAGE.incorrectPassword) };
    case "guest_account":
      return { kind: "guest_account", message: msg(LOGIN_MESSAGE.guestAccount) };
    case "member_not_found":
      return {
        kind: "member_not_found",
        message: second ? memberIdNotFound(second) : msg(LOGIN_MESSAGE.incorrectPassword),
      };
    case "login_disabled":
      return { kind: "login_disabled", message: msg(LOGIN_MESSAGE.loginDisabled) };
    case "rate_limited":
      return { kind: "rate_limited", message: rateLimitedMessage(retryAfterSeconds) };
    default:
      return { kind: "unexpected", message: msg(LOGIN_MESSAGE.unexpected) };
  }
}

const REDIRECT_MAX = 500;

/**
 * The path to go to after login: a same-site path under the router base only (no scheme, no host, no
 * protocol-relative `//` or `/\`, no control characters); anything else gives the seller's events.
 * `base` is the router base (`/{seller}`; "" on the tenant's own host name).
 */
export function safeRedirectPath(
  value: string | null | undefined,
  seller: string,
  base: string = `/${seller}`,
): string {
  const fallback = `${base}/events`;
  if (!value || value.length > REDIRECT_MAX) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (!value.startsWith(base) || value.startsWith("//") || /\/\.\.?(\/|$|[?#])/.test(value)) return fallback;
  const rest = value.slice(base.length);
  if (base === "" && !rest.startsWith("/")) return fallback;
  if (rest !== "" && !/^[/?#]/.test(rest)) return fallback;
  // Never back to the login page itself.
  if (rest === "/login" || rest.startsWith("/login?") || rest.startsWith("/login#")) return fallback;
  return value;
}

/** Spec 2 §2 `login.*`: the login form's prefilled fields. */
export interface LoginPrefill {
  email: string;
  scan_code: string;
  zip_code: string;
  last_name: string;
}

const PREFILL_LIMITS: Record<keyof LoginPrefill, number> = {
  email: LOGIN_EMAIL_MAX,
  scan_code: LOGIN_TEXT_MAX,
  zip_code: LOGIN_ZIP_MAX,
  last_name: LOGIN_TEXT_MAX,
};

/** Reads `login.email`, `login.scan_code`, `login.zip_code`, `login.last_name` (also `login.username`), cut to their limits. */
export function loginPrefill(params: URLSearchParams): LoginPrefill {
  const read = (key: keyof LoginPrefill, ...names: string[]) => {
    for (const name of names) {
      const value = params.get(name)?.trim();
      if (value) return value.slice(0, PREFILL_LIMITS[key]);
    }
    return "";
  };
  return {
    email: read("email", "login.email", "login.username"),
    scan_code: read("scan_code", "login.scan_code", "member_code"),
    zip_code: read("zip_code", "login.zip_code", "zip_code"),
    last_name: read("last_name", "login.last_name"),
  };
}

/** What the login query parameters ask of a page request (spec 2 §2). */
export type LoginQueryAction =
  | { kind: "none" }
  /** requirelogin: a visitor who is not logged in must log in first. */
  | { kind: "require"; path: string }
  /** login: the login page is suggested; the visitor may continue as a guest back to `path`. */
  | { kind: "suggest"; path: string }
  /** member_code + zip_code: log in by member ID, then come back to `path`. */
  | { kind: "member_code"; path: string; scanCode: string; zipCode: string };

const ACTION_PARAMS = ["requirelogin", "login", "member_code", "zip_code"];

/** The request's path and query without the login action parameters. */
export function pathWithout(url: URL, names: readonly string[] = ACTION_PARAMS): string {
  const params = new URLSearchParams(url.search);
  for (const name of names) params.delete(name);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The action of a storefront page request. Only for visitors who are not logged in; a logged-in
 * visitor's URL loses the parameters (the caller strips them). The login page itself is left alone.
 */
export function loginQueryAction(url: URL): LoginQueryAction {
  const params = url.searchParams;
  if (!ACTION_PARAMS.some((name) => params.has(name))) return { kind: "none" };
  const path = pathWithout(url);
  const scanCode = params.get("member_code")?.trim() ?? "";
  const zipCode = params.get("zip_code")?.trim() ?? "";
  if (scanCode && zipCode && scanCode.length <= LOGIN_TEXT_MAX && zipCode.length <= LOGIN_ZIP_MAX) {
    return { kind: "member_code", path, scanCode, zipCode };
  }
  if (params.has("requirelogin")) return { kind: "require", path };
  if (params.has("login")) return { kind: "suggest", path };
  // A member_code without a usable ZIP code: the login page with what was given.
  if (scanCode) return { kind: "require", path };
  return { kind: "none" };
}

/** {base}/login with the redirect and the prefilled member ID or guest option (base: `/{seller}` or ""). */
export function loginPageHref(
  seller: string,
  redirect: string,
  extra: Record<string, string> = {},
  base: string = `/${seller}`,
): string {
  const params = new URLSearchParams({ redirect, ...extra });
  return `${base}/login?${params.toString()}`;
}
