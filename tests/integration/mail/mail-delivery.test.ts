/**
 * Outbox delivery over SMTP ("Confirmation e-mail ... goes through an outbox ... SMTP is
 * used when SMTP_URL is set. Test SMTP delivery against a local smtp-server on 127.0.0.1").
 */
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { mailConfigFromEnv } from "../../../src/lib/server/mail/config.ts";
import {
  backoffSeconds,
  deliverPending,
  keepPending,
  MAX_ATTEMPTS,
} from "../../../src/lib/server/mail/deliver.ts";
import { enqueueMail } from "../../../src/lib/server/mail/outbox.ts";
import { smtpTransport } from "../../../src/lib/server/mail/transport.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const FROM = "Foyer <no-reply@foyer.test>";
/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

interface Captured {
  from: string | undefined;
  rcpt: string[];
  raw: string;
}

let handle: DbHandle;
let server: SMTPServer;
let port: number;
const received: Captured[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const p = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  handle = await openDb({ kind: "pglite" });
  await handle.db
    .insert(s.seller)
    .values({ id: "s1", slug: "s1", name: "Seller", timezone: "UTC", currencyCode: "USD" });
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle.close();
});

beforeEach(async () => {
  received.length = 0;
  await handle.db.delete(s.outbox);
});

function mail(to: string, subject: string, withImage = false) {
  return {
    sellerId: "s1",
    to,
    subject,
    kind: "order_confirmation",
    text: `Text of ${subject}`,
    html: withImage ? `<p>Html of ${subject}</p><img src="cid:qr-1" alt="QR">` : `<p>Html of ${subject}</p>`,
    ...(withImage
      ? { attachments: [{ cid: "qr-1", filename: "qr-1.png", contentType: "image/png", content: PNG }] }
      : {}),
  };
}

async function row(id: string) {
  const [r] = await handle.db.select().from(s.outbox).where(eq(s.outbox.id, id));
  if (!r) throw new Error("missing outbox row");
  return r;
}

const unwrap = (raw: string) => raw.replace(/\r\n/g, "");

describe("deliverPending over SMTP (smtp-server on 127.0.0.1)", () => {
  it("sends every queued mail with subject, to, html and the inline image by cid, and marks them sent", async () => {
    const a = await enqueueMail(handle.db, mail("ada@example.test", "Your order 1001", true), NOW);
    const b = await enqueueMail(
      handle.db,
      mail("bob@example.test", "Your order 1002"),
      new Date(NOW.getTime() + 1000),
    );
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const result = await deliverPending(handle.db, transport, new Date(NOW.getTime() + 2000), { from: FROM });
    expect(result).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(received).toHaveLength(2);
    const [first, second] = received;
    // Oldest first.
    expect(first?.rcpt).toEqual(["ada@example.test"]);
    expect(second?.rcpt).toEqual(["bob@example.test"]);
    expect(first?.from).toBe("no-reply@foyer.test");
    const raw = unwrap(first?.raw ?? "");
    expect(raw).toContain("Subject: Your order 1001");
    expect(raw).toContain("To: ada@example.test");
    expect(raw).toContain("From: Foyer <no-reply@foyer.test>");
    expect(raw).toContain('<p>Html of Your order 1001</p><img src="cid:qr-1" alt="QR">');
    expect(raw).toContain("Content-ID: <qr-1>");
    expect(raw).toContain(PNG.toString("base64"));
    expect(raw).toContain("Text of Your order 1001");
    expect(unwrap(second?.raw ?? "")).toContain("Subject: Your order 1002");
    for (const id of [a, b]) {
      const r = await row(id);
      expect(r.state).toBe("sent");
      expect(r.attempts).toBe(1);
      expect(r.sentAt?.toISOString()).toBe(new Date(NOW.getTime() + 2000).toISOString());
    }
    // A second run finds nothing to send.
    expect(
      await deliverPending(handle.db, transport, new Date(NOW.getTime() + 60_000), { from: FROM }),
    ).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(received).toHaveLength(2);
  });

  it("never delivers a mail twice when two runs go at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await enqueueMail(
          handle.db,
          mail(`p${i}@example.test`, `Parallel ${i}`),
          new Date(NOW.getTime() + i),
        ),
      );
    }
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const at = new Date(NOW.getTime() + 10_000);
    const [r1, r2] = await Promise.all([
      deliverPending(handle.db, transport, at, { from: FROM, batchSize: 3 }),
      deliverPending(handle.db, transport, at, { from: FROM, batchSize: 3 }),
    ]);
    // Each run claimed its own three: the conditional claim split the queue.
    expect([r1.sent, r2.sent]).toEqual([3, 3]);
    expect(received).toHaveLength(6);
    expect(new Set(received.flatMap((m) => m.rcpt)).size).toBe(6);
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });

  it("a closed port: attempts go up with the mail still queued, waiting out its backoff, then failed after the limit", async () => {
    const id = await enqueueMail(handle.db, mail("dead@example.test", "Never arrives"), NOW);
    const closed = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const first = await deliverPending(handle.db, closed, NOW, { from: FROM });
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row(id);
    expect(r.state).toBe("queued");
    expect(r.attempts).toBe(1);
    // Only the error class is kept, never the message (it may hold addresses).
    expect(r.lastError).toMatch(/^Error( [A-Z_]+)?( \d+)?$/);
    expect(r.lastError).not.toContain("@");
    // Before the backoff is over nothing is tried.
    const early = new Date(NOW.getTime() + (backoffSeconds(1) - 1) * 1000);
    expect(await deliverPending(handle.db, closed, early, { from: FROM })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const at = new Date(NOW.getTime() + backoffSeconds(attempt - 1) * 1000);
      const result = await deliverPending(handle.db, closed, at, { from: FROM });
      r = await row(id);
      expect(r.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(result.retried).toBe(1);
        expect(r.state).toBe("queued");
      } else {
        expect(result.failed).toBe(1);
        expect(r.state).toBe("failed");
      }
    }
    // A failed mail is never tried again.
    const later = new Date(NOW.getTime() + 86_400_000);
    const open = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await deliverPending(handle.db, open, later, { from: FROM })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(received).toHaveLength(0);
  });

  it("a stale claim (a worker died while sending) is taken again after the lease", async () => {
    const id = await enqueueMail(handle.db, mail("lease@example.test", "Lease"), NOW);
    await handle.db
      .update(s.outbox)
      .set({ state: "sending", attempts: 1, sentAt: NOW })
      .where(eq(s.outbox.id, id));
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(
      (await deliverPending(handle.db, transport, new Date(NOW.getTime() + 60_000), { from: FROM })).sent,
    ).toBe(0);
    const late = new Date(NOW.getTime() + 11 * 60_000);
    expect((await deliverPending(handle.db, transport, late, { from: FROM })).sent).toBe(1);
    expect((await row(id)).state).toBe("sent");
  });
});

describe("without SMTP_URL", () => {
  it("keepPending marks queued mails kept (the mailbox page is their delivery) and sends nothing", async () => {
    const id = await enqueueMail(handle.db, mail("keep@example.test", "Kept"), NOW);
    expect(await keepPending(handle.db)).toBe(1);
    expect((await row(id)).state).toBe("kept");
    expect(received).toHaveLength(0);
  });
});

describe("mail configuration", () => {
  it("SMTP_URL must be smtp:// or smtps://, and MAIL_FROM defaults to 'Foyer <no-reply@foyer.test>'", () => {
    expect(mailConfigFromEnv({})).toEqual({ smtpUrl: undefined, from: "Foyer <no-reply@foyer.test>" });
    expect(
      mailConfigFromEnv({ SMTP_URL: "smtps://u:p@mail.example.test:465", MAIL_FROM: "Box <b@x.test>" }),
    ).toEqual({
      smtpUrl: "smtps://u:p@mail.example.test:465",
      from: "Box <b@x.test>",
    });
    expect(() => mailConfigFromEnv({ SMTP_URL: "http://mail.example.test" })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
    expect(() => mailConfigFromEnv({ SMTP_URL: "not a url with secret" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("secret") }),
    );
  });
});
