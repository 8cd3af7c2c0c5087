/**
 * The mailbox page's reads ("a mailbox page at /_mail, outside production, shows what was
 * sent") and the delivery worker without SMTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/lib/server/clock.ts";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { mailboxEnabled } from "../../../src/lib/server/mail/config.ts";
import {
  attachmentPath,
  getAttachment,
  getMail,
  htmlForPreview,
  listMail,
  mailboxFilterSchema,
} from "../../../src/lib/server/mail/mailbox.ts";
import { enqueueMail } from "../../../src/lib/server/mail/outbox.ts";
import { startMailWorker } from "../../../src/lib/server/mail/worker.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
let handle: DbHandle;
const ids: string[] = [];

beforeAll(async () => {
  handle = await openDb({ kind: "pglite" });
  await handle.db
    .insert(s.seller)
    .values({ id: "s1", slug: "s1", name: "Seller", timezone: "UTC", currencyCode: "USD" });
  const base = { sellerId: "s1", kind: "order_confirmation", text: "Plain" };
  ids.push(
    await enqueueMail(
      handle.db,
      { ...base, to: "Ada@Example.test", subject: "Older", html: "<p>1</p>" },
      NOW,
    ),
    await enqueueMail(
      handle.db,
      {
        ...base,
        to: "bob@example.test",
        subject: "Newer",
        html: '<img src="cid:qr-1" alt="QR"><img src="cid:doc">',
        attachments: [
          { cid: "qr-1", filename: "qr-1.png", contentType: "image/png", content: Buffer.from("png") },
          { cid: "ticket-1@foyer", filename: "t.png", contentType: "image/png", content: Buffer.from("t") },
          { cid: "doc", filename: "x.html", contentType: "text/html", content: Buffer.from("<script>") },
        ],
      },
      new Date(NOW.getTime() + 1000),
    ),
  );
});

afterAll(() => handle.close());

describe("mailbox reads", () => {
  it("lists mail newest first, and ?to= filters by recipient ignoring case", async () => {
    expect((await listMail(handle.db)).map((m) => m.subject)).toEqual(["Newer", "Older"]);
    const ada = await listMail(handle.db, { to: "ada@example.TEST" });
    expect(ada.map((m) => m.subject)).toEqual(["Older"]);
    expect(ada[0]).not.toHaveProperty("html");
    expect(await listMail(handle.db, { to: "nobody@example.test" })).toEqual([]);
  });

  it("?to= must be an e-mail address", () => {
    expect(mailboxFilterSchema.safeParse({ to: "ada@example.test" }).success).toBe(true);
    expect(mailboxFilterSchema.safeParse({ to: "' or 1=1 --" }).success).toBe(false);
    expect(mailboxFilterSchema.safeParse({}).success).toBe(true);
  });

  it("the HTML preview points cid: images at /_mail/{id}/attachment/{cid}", async () => {
    const mail = await getMail(handle.db, ids[1] ?? "");
    expect(mail?.subject).toBe("Newer");
    const html = htmlForPreview(mail ?? { id: "", html: "", attachments: [] });
    expect(html).toContain(`src="${attachmentPath(ids[1] ?? "", "qr-1")}"`);
    expect(html).not.toContain("cid:");
    expect(await getMail(handle.db, "not-a-uuid")).toBeUndefined();
  });

  it("serves images inline and anything else as a download", async () => {
    const png = await getAttachment(handle.db, ids[1] ?? "", "qr-1");
    expect(png).toMatchObject({ contentType: "image/png", inline: true });
    expect(png?.content.toString()).toBe("png");
    const doc = await getAttachment(handle.db, ids[1] ?? "", "doc");
    expect(doc).toMatchObject({ contentType: "application/octet-stream", inline: false });
    expect(await getAttachment(handle.db, ids[1] ?? "", "missing")).toBeUndefined();
    expect(await getAttachment(handle.db, "x", "qr-1")).toBeUndefined();
  });

  it("finds a cid with an @ whether the route hands it over encoded or decoded", async () => {
    // Regression: the route passed "ticket-1%40foyer" and the lookup compared it to "ticket-1@foyer".
    expect((await getAttachment(handle.db, ids[1] ?? "", "ticket-1%40foyer"))?.content.toString()).toBe("t");
    expect((await getAttachment(handle.db, ids[1] ?? "", "ticket-1@foyer"))?.content.toString()).toBe("t");
  });

  it("in demo mode the mailbox stays on (MAILBOX=off turns it off); production mode never serves it", () => {
    expect(mailboxEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(mailboxEnabled({})).toBe(true);
    expect(mailboxEnabled({ FOYER_MODE: "demo", NODE_ENV: "production" })).toBe(true);
    expect(mailboxEnabled({ NODE_ENV: "development", MAILBOX: "off" })).toBe(false);
    expect(mailboxEnabled({ NODE_ENV: "production" })).toBe(false);
    // Regression: MAILBOX=on served every passcode and reset link of a production shop at /_mail.
    expect(mailboxEnabled({ NODE_ENV: "production", MAILBOX: "on" })).toBe(false);
    expect(mailboxEnabled({ FOYER_MODE: "production", MAILBOX: "on" })).toBe(false);
  });
});

describe("the delivery worker", () => {
  it("without SMTP_URL keeps queued mail for the mailbox", async () => {
    const worker = startMailWorker(handle.db, manualClock(NOW), {});
    try {
      await worker.runOnce();
    } finally {
      worker.stop();
    }
    expect((await listMail(handle.db)).map((m) => m.state)).toEqual(["kept", "kept"]);
  });

  it("with a transport sends queued mail", async () => {
    const id = await enqueueMail(
      handle.db,
      { sellerId: "s1", kind: "k", to: "c@example.test", subject: "Via worker", text: "t", html: "h" },
      NOW,
    );
    const sent: string[] = [];
    const worker = startMailWorker(
      handle.db,
      manualClock(NOW),
      { MAIL_FROM: "Box <box@x.test>" },
      {
        sendMail: async (mail) => {
          sent.push(`${mail.from} -> ${mail.to}: ${mail.subject}`);
        },
      },
    );
    try {
      await worker.runOnce();
    } finally {
      worker.stop();
    }
    expect(sent).toEqual(["Box <box@x.test> -> c@example.test: Via worker"]);
    expect((await getMail(handle.db, id))?.state).toBe("sent");
  });
});
