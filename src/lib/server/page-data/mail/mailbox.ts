/**
 * The dev mailbox pages' reads (/_mail, /_mail/{id}, its attachments): the outbox in the database,
 * read directly (services-level reads; the mailbox has no API resource, and is on in demo mode only).
 */
import type { MailSummary } from "../../mail/mailbox.ts";
import { getAttachment, getMail, listMail } from "../../mail/mailbox.ts";
import { getRuntime } from "../../runtime.ts";

export { mailboxEnabled } from "../../mail/config.ts";
export { attachmentPath, htmlForPreview, mailboxFilterSchema } from "../../mail/mailbox.ts";

/** The outbox, newest first, optionally for one recipient. */
export async function mailboxList(to: string | undefined): Promise<MailSummary[]> {
  const { handle } = await getRuntime();
  return listMail(handle.db, { to });
}

/** One mail by id, or undefined. */
export async function mailboxMail(id: string) {
  const { handle } = await getRuntime();
  return getMail(handle.db, id);
}

/** One attachment of a mail, or undefined. */
export async function mailboxAttachment(mailId: string, cid: string) {
  const { handle } = await getRuntime();
  return getAttachment(handle.db, mailId, cid);
}
