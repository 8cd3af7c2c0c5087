/**
 * An e-mail address shown without giving it away, for notices mailed to another address (the old
 * one, after a change): the first character of the mailbox and of the domain name, and the top
 * level domain, e.g. `mary@example.test` -> `m***@e***.test`. Anything that is not a plain address
 * is masked whole.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return "***";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${Array.from(local)[0]}***@${Array.from(name)[0]}***${tld}`;
}
