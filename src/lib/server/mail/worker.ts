/**
 * The delivery worker: every MAIL_INTERVAL_MS it sends due outbox mails over SMTP (SMTP_URL), or,
 * without SMTP, marks them `kept` for the mailbox page. kickDelivery() asks for a run now (callers
 * use it right after committing a transaction that enqueued mail). The timer is unref'd.
 */
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { logger } from "../log/logger.ts";
import { mailConfigFromEnv } from "./config.ts";
import { BATCH_SIZE, deliverPending, keepPending, type MailTransport } from "./deliver.ts";
import { smtpTransport } from "./transport.ts";

export const MAIL_INTERVAL_MS = 5_000;

let kick: (() => void) | undefined;

/** Starts a delivery run soon (no-op when no worker runs, e.g. in integration tests). */
export function kickDelivery(): void {
  kick?.();
}

export interface MailWorker {
  /** One run now; resolves when it is over (a run already going is awaited instead). */
  runOnce(): Promise<void>;
  stop(): void;
}

export function startMailWorker(
  db: Db,
  clock: Clock,
  env: NodeJS.ProcessEnv = process.env,
  transport?: MailTransport,
): MailWorker {
  const config = mailConfigFromEnv(env);
  const smtp = transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  let current: Promise<void> | undefined;
  let again = false;

  const runOnce = (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        if (smtp) {
          // Keep draining while whole batches go out; a failure waits for its backoff.
          let result = await deliverPending(db, smtp, clock.now(), {
            from: config.from,
            batchSize: BATCH_SIZE,
          });
          while (result.sent === BATCH_SIZE && !again) {
            result = await deliverPending(db, smtp, clock.now(), {
              from: config.from,
              batchSize: BATCH_SIZE,
            });
          }
        } else {
          await keepPending(db);
        }
      } while (again);
    })()
      .catch((error: unknown) => {
        logger.error({ err: error }, "mail.worker_failed");
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  };

  const timer = setInterval(() => void runOnce(), MAIL_INTERVAL_MS);
  timer.unref();
  // Mail left queued by an earlier process goes out shortly after start.
  const first = setTimeout(() => void runOnce(), 1_000);
  first.unref();
  kick = () => void runOnce();
  return {
    runOnce,
    stop() {
      clearInterval(timer);
      clearTimeout(first);
      kick = undefined;
    },
  };
}
