/**
 * The tenant strings the account islands use (every "account." key), resolved on the server
 * (pages/[seller]/user/_account.ts) and passed as one prop.
 */
import type { CallFailure } from "../../lib/domain/account-forms.ts";
import { retryWaitParts, type WaitUnit } from "../../lib/domain/retry-wait.ts";
import { format } from "../../lib/tenant/string-format.ts";
import type { defaultStrings } from "../../lib/tenant/strings.ts";

export type AccountStringKey = Extract<keyof typeof defaultStrings, `account.${string}`>;
export type AccountStrings = Record<AccountStringKey, string>;
export type AccountTranslate = (key: AccountStringKey, vars?: Record<string, string | number>) => string;

export function accountTranslator(strings: AccountStrings): AccountTranslate {
  return (key, vars) => format(strings[key], vars);
}

type Problem =
  | "required"
  | "tooLong"
  | "invalidEmail"
  | "emailMismatch"
  | "invalidPassword"
  | "passwordMismatch"
  | "rateLimited"
  | "unexpected";

const PROBLEM_KEYS: Record<Problem, AccountStringKey> = {
  required: "account.error.required",
  tooLong: "account.error.tooLong",
  invalidEmail: "account.error.invalidEmail",
  emailMismatch: "account.error.emailMismatch",
  invalidPassword: "account.error.invalidPassword",
  passwordMismatch: "account.error.passwordMismatch",
  rateLimited: "account.error.rateLimited",
  unexpected: "account.error.unexpected",
};

/** A rate limit's real wait, by its unit (the count goes in the text's plural). */
const WAIT_KEYS: Record<WaitUnit, AccountStringKey> = {
  seconds: "account.error.rateLimited.seconds.other",
  aMinute: "account.error.rateLimited",
  minutes: "account.error.rateLimited.minutes.other",
  anHour: "account.error.rateLimited.anHour",
  hours: "account.error.rateLimited.hours.other",
};

/** The tenant's text for a field or call problem named by the domain rules. */
export function problemText(
  tr: AccountTranslate,
  problem: Problem | null | undefined,
  max?: number,
): string | null {
  if (!problem) return null;
  return tr(PROBLEM_KEYS[problem], max === undefined ? undefined : { max });
}

/**
 * A failed call's alert: a 429 tells the real wait from its retry_after (it once
 * said 'wait a minute' when retry_after was 179 s), else the generic text.
 */
export function callProblemText(
  tr: AccountTranslate,
  problem: "rateLimited" | "unexpected",
  failure: CallFailure | null,
): string {
  const wait = problem === "rateLimited" ? retryWaitParts(failure?.retryAfterSeconds) : null;
  if (!wait) return tr(PROBLEM_KEYS[problem]);
  return wait.unit === "seconds" && wait.count === 1
    ? tr("account.error.rateLimited.seconds.one")
    : tr(WAIT_KEYS[wait.unit], { count: wait.count });
}
