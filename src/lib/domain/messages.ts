/**
 * Messages the domain hands to the screens (DESIGN §7: "Domain code returns message ids, not
 * words"). A message is a tenant string id with its placeholder values; the tenant's strings
 * (src/lib/tenant/strings.ts, with the spec's texts as defaults) give the words. A text the server
 * sent (an error's `_description`, a provider's message) travels as it is.
 */
export type MessageVars = Readonly<Record<string, string | number>>;

export type Message<Id extends string = string> =
  | { readonly id: Id; readonly vars?: MessageVars }
  | { readonly text: string };

/** A message by id, with its placeholder values. */
export function msg<Id extends string>(id: Id, vars?: MessageVars): Message<Id> {
  return vars ? { id, vars } : { id };
}

/** A text that needs no words from the tenant (it came from the server or a provider). */
export function plain(text: string): Message<never> {
  return { text };
}

/** The words of a message: its own text, or the translation of its id. */
export function messageText<Id extends string>(
  message: Message<Id>,
  translate: (id: Id, vars?: MessageVars) => string,
): string {
  return "text" in message ? message.text : translate(message.id, message.vars);
}
