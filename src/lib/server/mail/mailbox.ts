/**
 * Reads for the mailbox page (/_mail, outside production): the newest mails, optionally for one
 * recipient, one mail with its bodies, and one inline attachment. The HTML body is shown in a
 * sandboxed iframe with its cid: images pointed at the attachment route.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema-mail.ts";

export const MAILBOX_LIMIT = 100;

/** Image types the attachment route serves inline; anything else is a download. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export const mailboxFilterSchema = z.object({ to: z.email().max(254).optional() });

export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  kind: string;
  createdAt: Date;
  state: string;
  attempts: number;
}

export async function listMail(db: Db, filter: { to?: string | undefined } = {}): Promise<MailSummary[]> {
  return db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      kind: outbox.kind,
      createdAt: outbox.createdAt,
      state: outbox.state,
      attempts: outbox.attempts,
    })
    .from(outbox)
    .where(filter.to ? sql`lower(${outbox.toAddress}) = ${filter.to.toLowerCase()}` : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(MAILBOX_LIMIT);
}

const idSchema = z.uuid();

export async function getMail(db: Db, id: string) {
  if (!idSchema.safeParse(id).success) return undefined;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

export type MailRow = NonNullable<Awaited<ReturnType<typeof getMail>>>;

/** The attachment route of one inline image. */
export function attachmentPath(mailId: string, cid: string): string {
  return `/_mail/${encodeURIComponent(mailId)}/attachment/${encodeURIComponent(cid)}`;
}

/** The HTML body with every cid:{cid} reference of a known attachment pointed at its route. */
export function htmlForPreview(row: Pick<MailRow, "id" | "html" | "attachments">): string {
  let html = row.html;
  for (const a of row.attachments) html = html.split(`cid:${a.cid}`).join(attachmentPath(row.id, a.cid));
  return html;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function getAttachment(
  db: Db,
  mailId: string,
  cid: string,
): Promise<{ content: Buffer; contentType: string; filename: string; inline: boolean } | undefined> {
  if (!idSchema.safeParse(mailId).success) return undefined;
  const [row] = await db
    .select({ attachments: outbox.attachments })
    .from(outbox)
    .where(and(eq(outbox.id, mailId)))
    .limit(1);
  // The route's param may arrive still percent-encoded ("ticket-1%40foyer"): match either form.
  const decoded = safeDecode(cid);
  const found = row?.attachments.find((a) => a.cid === cid || a.cid === decoded);
  if (!found) return undefined;
  const inline = INLINE_TYPES.has(found.contentType.toLowerCase());
  return {
    content: Buffer.from(found.base64, "base64"),
    contentType: inline ? found.contentType.toLowerCase() : "application/octet-stream",
    filename: found.filename,
    inline,
  };
}
