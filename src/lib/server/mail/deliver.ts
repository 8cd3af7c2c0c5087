/**
 * Outbox delivery. A run claims a batch of due mails (oldest first) with one conditional UPDATE
 * (state queued -> sending, attempts + 1, FOR UPDATE SKIP LOCKED), so two runs at once never
 * send the same mail. Each claimed mail is sent through the transport, then marked `sent`, or put
 * back to `queued` with its error class, or marked `failed` after MAX_ATTEMPTS.
 *
 * Backoff: attempt n+1 is due BACKOFF_BASE_S * (2^n - 1) seconds after the mail was created
 * (0 s, 30 s, 90 s, 210 s, 450 s). While a row is `sending`, sent_at holds the claim time; a claim
 * older than CLAIM_LEASE_MS (a crashed worker) is taken again.
 *
 * Several servers run this worker on one database (DESIGN §10): a claim's `attempts` value is its
 * fencing token, so a worker only settles (sent, queued, failed) the claim it still holds, never
 * one a later worker took over. A run stops sending once it has spent half the lease and gives the
 * rest of its batch back, so no mail is sent by two workers because a slow run outlived its lease.
 * A worker that dies between sending and marking a mail leaves it to be sent again after the
 * lease: delivery is at least once, and at most once for every run that finishes.
 *
 * Without SMTP, keepPending marks queued mails `kept`: the mailbox page shows them and they are
 * never sent later. Logs carry the outbox id and the error class only: never addresses or bodies.
 */
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema-mail.ts";
import { logger } from "../log/logger.ts";

export const MAX_ATTEMPTS = 5;
export const BACKOFF_BASE_S = 30;
export const BATCH_SIZE = 20;
export const CLAIM_LEASE_MS = 10 * 60_000;
/** How long a run may keep sending its batch before it gives the rest back (half the lease). */
export const SEND_BUDGET_MS = CLAIM_LEASE_MS / 2;

export interface SendableMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { cid: string; filename: string; contentType: string; content: Buffer }[];
}

/** The part of a nodemailer transporter delivery needs (tests may pass a fake). */
export interface MailTransport {
  sendMail(mail: SendableMail): Promise<unknown>;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Seconds after creation at which attempt number `attempts + 1` is due. */
export function backoffSeconds(attempts: number): number {
  return BACKOFF_BASE_S * (2 ** attempts - 1);
}

/** A short, address-free description of a send error: its class and SMTP code, never its message. */
export function errorClass(error: unknown): string {
  if (!(error instanceof Error)) return "UnknownError";
  const details = error as Error & { code?: unknown; responseCode?: unknown };
  const parts = [error.name || "Error"];
  if (typeof details.code === "string" && /^[A-Z_]{1,40}$/.test(details.code)) parts.push(details.code);
  if (typeof details.responseCode === "number") parts.push(String(details.responseCode));
  return parts.join(" ");
}

type OutboxRow = typeof outbox.$inferSelect;

async function claimBatch(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const staleIso = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const due = and(
    eq(outbox.state, "queued"),
    sql`${outbox.createdAt} + make_interval(secs => ${sql.raw(String(BACKOFF_BASE_S))} * (power(2, ${outbox.attempts}) - 1)) <= ${nowIso}::timestamptz`,
  );
  const stale = and(eq(outbox.state, "sending"), lt(outbox.sentAt, sql`${staleIso}::timestamptz`));
  const claimable = or(due, stale);
  const candidates = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(claimable)
    .orderBy(outbox.createdAt, outbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ state: "sending", attempts: sql`${outbox.attempts} + 1`, sentAt: now })
    // ARRAY(...) runs the locking subquery once (an IN semi-join may rescan it and lock more rows);
    // the condition is repeated so a row another run claimed meanwhile is skipped on re-check.
    .where(and(sql`${outbox.id} = any(array(${candidates}))`, claimable))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function toSendable(row: OutboxRow, from: string): SendableMail {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments.map((a) => ({
      cid: a.cid,
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, "base64"),
    })),
  };
}

/** The claim this run still holds: the row is sending, with the attempt number it claimed. */
function heldClaim(row: OutboxRow) {
  return and(eq(outbox.id, row.id), eq(outbox.state, "sending"), eq(outbox.attempts, row.attempts));
}

/** Milliseconds since the run started, on a monotonic timer (tests pass their own). */
function monotonicElapsed(): () => number {
  const started = performance.now();
  return () => performance.now() - started;
}

/** Sends the due mails of one batch. */
export async function deliverPending(
  db: Db,
  transport: MailTransport,
  now: Date,
  options: { from: string; batchSize?: number; elapsedMs?: () => number },
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  const elapsed = options.elapsedMs ?? monotonicElapsed();
  const batch = await claimBatch(db, now, options.batchSize ?? BATCH_SIZE);
  for (const [index, row] of batch.entries()) {
    if (elapsed() >= SEND_BUDGET_MS) {
      await giveBack(db, batch.slice(index));
      break;
    }
    try {
      await transport.sendMail(toSendable(row, options.from));
      await db.update(outbox).set({ state: "sent", sentAt: now, lastError: null }).where(heldClaim(row));
      result.sent += 1;
    } catch (error: unknown) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const lastError = errorClass(error);
      await db
        .update(outbox)
        .set({ state: failed ? "failed" : "queued", sentAt: null, lastError })
        .where(heldClaim(row));
      if (failed) result.failed += 1;
      else result.retried += 1;
      logger.warn({ id: row.id, attempt: row.attempts, error: lastError, failed }, "mail.delivery_failed");
    }
  }
  return result;
}

/** Unsent claims go back to the queue as they were before this run claimed them. */
async function giveBack(db: Db, rows: readonly OutboxRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(outbox)
      .set({ state: "queued", sentAt: null, attempts: row.attempts - 1 })
      .where(heldClaim(row));
  }
}

/** No SMTP configured: queued mails are kept for the mailbox page. Answers how many. */
export async function keepPending(db: Db): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ state: "kept" })
    .where(eq(outbox.state, "queued"))
    .returning({ id: outbox.id });
  return rows.length;
}
