/**
 * The tenant strings of the login screens and the login-or-guest modal (every "login." key),
 * resolved on the server and passed as one prop, so the island never ships the whole table.
 */
import type { LoginMessageId } from "../../lib/domain/login-input.ts";
import { type Message, messageText } from "../../lib/domain/messages.ts";
import { format, type IslandSharedKey, isIslandSharedKey } from "../../lib/tenant/string-format.ts";
import type { defaultStrings } from "../../lib/tenant/strings.ts";

export type LoginStringKey = Extract<
  keyof typeof defaultStrings,
  `login.${string}` | `membership.${string}` | IslandSharedKey
>;
export type LoginStrings = Record<LoginStringKey, string>;
export type LoginTranslate = (key: LoginStringKey, vars?: Record<string, string | number>) => string;

export function isLoginStringKey(key: string): key is LoginStringKey {
  return key.startsWith("login.") || key.startsWith("membership.") || isIslandSharedKey(key);
}

export function loginTranslator(strings: LoginStrings): LoginTranslate {
  return (key, vars) => format(strings[key], vars);
}

/** The tenant's words for a login message the domain returned (login-input.ts LOGIN_MESSAGE). */
export function loginMessage(tr: LoginTranslate, message: Message<LoginMessageId>): string {
  return messageText(message, tr);
}
