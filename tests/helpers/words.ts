/** The default (spec) words of a message the domain returned, as a tenant without overrides shows it. */
import type { Message } from "../../src/lib/domain/messages.ts";
import { type StringKey, tMessage } from "../../src/lib/tenant/strings.ts";

export function words(message: Message<StringKey>): string;
export function words(message: Message<StringKey> | null): string | null;
export function words(message: Message<StringKey> | null): string | null {
  return message && tMessage(undefined, message);
}
