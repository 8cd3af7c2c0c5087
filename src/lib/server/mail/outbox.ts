/**
 * Writing to the outbox. Callers enqueue inside their own transaction, so a mail exists exactly
 * when the change it reports was committed. Delivery (SMTP) runs later, outside the transaction.
 */
import { randomUUID } from "node:crypto";
import type { Executor } from "../db/executor.ts";
import { insertShaped } from "../db/query-shape.ts";
import * as s from "../db/schema.ts";
import { sequenced } from "../db/sequenced.ts";

export interface MailAttachment {
  /** Referenced from the HTML as cid:{cid}. */
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  sellerId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  relatedId?: string;
  attachments?: MailAttachment[];
}

/** Queues one mail and answers its id. */
export async function enqueueMail(db: Executor, mail: OutgoingMail, now: Date): Promise<string> {
  const id = randomUUID();
  // Built once per shape: a confirmation mail is queued inside every checkout.
  const row = {
    id,
    sellerId: mail.sellerId,
    kind: mail.kind,
    relatedId: mail.relatedId ?? null,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((a) => ({
      cid: a.cid,
      filename: a.filename,
      contentType: a.contentType,
      base64: a.content.toString("base64"),
    })),
    createdAt: now,
    state: "queued",
  };
  // In a checkout it goes out with the COMMIT, unawaited (db/sequenced.ts).
  await sequenced(db, [() => insertShaped(db, "outbox_insert", s.outbox, [row], false)]);
  return id;
}
