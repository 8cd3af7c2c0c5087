/**
 * Wallet passes (spec 2 §2 "wallet passes for tickets", §3 "Wallet precheck: provider
 * (apple, google) with ok flag", §7 GET ticket/{id}/walletprecheck, /api/ticket/{id}/pkpass and
 * /api/ticket/{id}/gwpass), in demo mode: the server signs with local keys made once and kept in
 * the database, and the tests check the passes against exactly those keys.
 */
import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import { decodeJwt, importSPKI, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { walletPrecheckAnswer } from "../../../src/lib/api/tickets/schemas.ts";
import { type googleEventTicket, isoWithOffset } from "../../../src/lib/domain/tickets/wallet.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { appleSigning, googleSigning } from "../../../src/lib/server/services/tickets/keys.ts";
import { withTestApi } from "../../helpers/api.ts";
import { loginIdentity, send } from "../../helpers/cart.ts";
import { checkDetachedSignature, unzip } from "./pkcs7.ts";
import { type TicketOrderFixture, ticketOrder } from "./tickets-helpers.ts";

const api = withTestApi();
type GoogleTicket = ReturnType<typeof googleEventTicket>;

async function raw(path: string, cookie?: string) {
  return api.app.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

async function pkpassOf(ticketId: string, cookie: string) {
  const res = await raw(`/api/ticket/${ticketId}/pkpass`, cookie);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(200);
  return { res, files: unzip(Buffer.from(await res.arrayBuffer())) };
}

async function precheck(ticketId: string, cookie?: string, query = "") {
  const answer = await send(
    api,
    "GET",
    `/api/ticket/${ticketId}/walletprecheck${query}`,
    undefined,
    cookie ? { cookie } : {},
  );
  return answer;
}

let fixture: TicketOrderFixture | undefined;
async function order(): Promise<TicketOrderFixture> {
  fixture ??= await ticketOrder(api);
  return fixture;
}

describe("GET ticket/{id}/pkpass ('a signed .pkpass ... the tenant's colours and logo, the event, session and seat, the barcode')", () => {
  it("is a zip with pass.json, a manifest.json whose SHA-1 sums match every file, and a PKCS#7 signature that verifies against the configured (demo) certificate", async () => {
    const o = await order();
    const { res, files } = await pkpassOf(o.tickets.admission.id, o.cookie);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect([...files.keys()].sort()).toEqual(
      [
        "icon.png",
        "icon@2x.png",
        "logo.png",
        "logo@2x.png",
        "manifest.json",
        "pass.json",
        "signature",
      ].sort(),
    );
    const manifest = JSON.parse(files.get("manifest.json")?.toString("utf8") ?? "{}") as Record<
      string,
      string
    >;
    const signed = [...files.keys()].filter((n) => n !== "manifest.json" && n !== "signature").sort();
    expect(Object.keys(manifest).sort()).toEqual(signed);
    for (const name of signed) {
      expect(manifest[name], name).toBe(
        createHash("sha1")
          .update(files.get(name) ?? Buffer.alloc(0))
          .digest("hex"),
      );
    }
    const signing = await appleSigning(api.handle.db, api.clock.now());
    if (!signing) throw new Error("demo mode has Apple keys");
    const check = checkDetachedSignature(
      files.get("signature") ?? Buffer.alloc(0),
      files.get("manifest.json") ?? Buffer.alloc(0),
      signing.wwdr,
    );
    expect(check).toEqual({
      chainOk: true,
      digestOk: true,
      signatureOk: true,
      signerSubject: `Pass Type ID: ${signing.passTypeIdentifier}`,
    });
    // The check can fail: a changed manifest no longer matches the signed digest.
    const tampered = Buffer.from(`${files.get("manifest.json")?.toString("utf8")} `);
    expect(
      checkDetachedSignature(files.get("signature") ?? Buffer.alloc(0), tampered, signing.wwdr).digestOk,
    ).toBe(false);
  });

  it("pass.json carries the tenant colours, event, date and time in the venue's zone, ticket type, admit name, QR barcode = scan_code and relevantDate", async () => {
    const o = await order();
    const { files } = await pkpassOf(o.tickets.admission.id, o.cookie);
    const pass = JSON.parse(files.get("pass.json")?.toString("utf8") ?? "{}");
    const signing = await appleSigning(api.handle.db, api.clock.now());
    expect(pass.passTypeIdentifier).toBe(signing?.passTypeIdentifier);
    expect(pass.teamIdentifier).toBe(signing?.teamIdentifier);
    expect(pass.serialNumber).toBe(o.tickets.admission.id);
    expect(pass.organizationName).toBe("Harbour Museum");
    // Harbour Museum theme: color-primary #0b4f6c, color-primary-contrast #ffffff.
    expect(pass.backgroundColor).toBe("rgb(11, 79, 108)");
    expect(pass.foregroundColor).toBe("rgb(255, 255, 255)");
    expect(pass.barcodes).toEqual([
      expect.objectContaining({ format: "PKBarcodeFormatQR", message: o.tickets.admission.scanCode }),
    ]);
    const fields = Object.fromEntries(
      ["headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields"].flatMap((group) =>
        (pass.eventTicket[group] as { key: string; value: string }[]).map((f) => [f.key, f.value]),
      ),
    );
    const start = o.admissionSession.startDatetime;
    const tz = "America/New_York";
    expect(fields.event).toBe("General Admission");
    expect(fields.date).toBe(
      new Intl.DateTimeFormat("en-US", {
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
        timeZone: tz,
      }).format(start),
    );
    expect(fields.time?.replace(/\s/g, " ")).toBe(
      new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: tz })
        .format(start)
        .replace(/\s/g, " "),
    );
    expect(fields.ticket_type).toBe("Adult");
    expect(fields.admit).toBe("Ada Lovelace");
    expect(fields.order).toBe(o.orderNumber);
    expect(fields.venue).toContain("1 Lighthouse Quay, Harbour Town");
    // "the venue's location and relevant date" (the demo venue's position).
    expect(pass.locations).toEqual([
      { latitude: 42.3662, longitude: -71.0505, relevantText: "Welcome to Harbour Museum" },
    ]);
    expect(new Date(pass.relevantDate).getTime()).toBe(start.getTime());
    const [interval] = pass.relevantDates as { startDate: string; endDate: string }[];
    expect([Date.parse(interval?.startDate ?? ""), Date.parse(interval?.endDate ?? "")]).toEqual([
      start.getTime(),
      o.admissionSession.endDatetime.getTime(),
    ]);
  });

  it("a seated ticket shows its seat: 'Section Stalls, Row B, Seat 12'", async () => {
    const o = await order();
    const { files } = await pkpassOf(o.tickets.seated.id, o.cookie);
    const pass = JSON.parse(files.get("pass.json")?.toString("utf8") ?? "{}");
    const seat = (pass.eventTicket.auxiliaryFields as { key: string; value: string }[]).find(
      (f) => f.key === "seat",
    );
    expect(seat?.value).toBe("Section Stalls, Row B, Seat 12");
    expect(pass.barcodes[0].message).toBe(o.tickets.seated.scanCode);
  });

  it("the demo keys are made once and reused: two passes are signed by the same certificate", async () => {
    const o = await order();
    const a = await appleSigning(api.handle.db, api.clock.now());
    const b = await appleSigning(api.handle.db, api.clock.now());
    expect(a?.signerCert).toBe(b?.signerCert);
    const { files } = await pkpassOf(o.tickets.pass.id, o.cookie);
    expect(
      checkDetachedSignature(
        files.get("signature") ?? Buffer.alloc(0),
        files.get("manifest.json") ?? Buffer.alloc(0),
        a?.wwdr ?? "",
      ).signatureOk,
    ).toBe(true);
  });
});

describe("GET ticket/{id}/gwpass ('redirects to the save link ... an event-ticket object in a JWT, signed with the configured service-account key')", () => {
  it("302 to https://pay.google.com/gp/v/save/{jwt}; the JWT verifies with the public key and its claims match the ticket", async () => {
    const o = await order();
    const res = await raw(`/api/ticket/${o.tickets.seated.id}/gwpass`, o.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
    const jwt = location.slice("https://pay.google.com/gp/v/save/".length);
    const account = await googleSigning(api.handle.db, api.clock.now());
    if (!account) throw new Error("demo mode has a Google key");
    const publicPem = createPublicKey(account.privateKeyPem)
      .export({ type: "spki", format: "pem" })
      .toString();
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(publicPem, "RS256"), {
      issuer: account.serviceAccountEmail,
      audience: "google",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.typ).toBe("savetowallet");
    const body = payload.payload as {
      eventTicketClasses: GoogleTicket["eventTicketClass"][];
      eventTicketObjects: GoogleTicket["eventTicketObject"][];
    };
    const cls = body.eventTicketClasses[0];
    const obj = body.eventTicketObjects[0];
    expect(obj?.barcode).toEqual({
      type: "QR_CODE",
      value: o.tickets.seated.scanCode,
      alternateText: o.tickets.seated.scanCode,
    });
    expect(obj?.classId).toBe(cls?.id);
    expect(obj?.id).toBe(`${account.issuerId}.${o.tickets.seated.id}`);
    expect(obj?.ticketHolderName).toBe("Grace Hopper");
    expect(obj?.seatInfo?.row?.defaultValue?.value).toBe("B");
    expect(obj?.seatInfo?.seat?.defaultValue?.value).toBe("12");
    expect(obj?.seatInfo?.section?.defaultValue?.value).toBe("Stalls");
    expect(cls?.eventName?.defaultValue?.value).toBe("Sea Shanties by Candlelight");
    expect(cls?.eventId).toBe(o.concertSession.id);
    expect(new Date(cls?.dateTime?.start ?? "").getTime()).toBe(o.concertSession.startDatetime.getTime());
    expect(cls?.dateTime?.start).toBe(isoWithOffset(o.concertSession.startDatetime, "America/New_York"));
    // The check can fail: another key does not verify the JWT.
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(jwt, stranger)).rejects.toThrow();
    expect(decodeJwt(jwt).iss).toBe(account.serviceAccountEmail);
  });
});

describe("GET ticket/{id}/walletprecheck (spec 2 §3: 'Wallet precheck: provider (apple, google) with ok flag')", () => {
  it("an active session ticket and an any-day pass: both providers ok (demo keys exist)", async () => {
    const o = await order();
    for (const id of [o.tickets.admission.id, o.tickets.pass.id]) {
      const answer = await precheck(id, o.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(walletPrecheckAnswer.parse(answer.body)).toEqual({
        wallet_precheck: [
          { provider: "apple", ok: true },
          { provider: "google", ok: true },
        ],
      });
    }
  });

  it("'Cancelled tickets get no pass': a cancelled ticket and a donation have ok false and their pass routes are 404", async () => {
    const o = await order();
    for (const id of [o.tickets.cancelled.id, o.tickets.donation.id]) {
      const answer = walletPrecheckAnswer.parse((await precheck(id, o.cookie)).body);
      expect(answer.wallet_precheck.map((p) => p.ok)).toEqual([false, false]);
      expect((await raw(`/api/ticket/${id}/pkpass`, o.cookie)).status).toBe(404);
      expect((await raw(`/api/ticket/${id}/gwpass`, o.cookie)).status).toBe(404);
    }
  });
});

describe("who may read a ticket ('another identity's ticket gives 403 or 404 on every ticket route')", () => {
  const routes = (ticketId: string, orderId: string) => [
    `/api/ticket/${ticketId}/walletprecheck`,
    `/api/ticket/${ticketId}/pkpass`,
    `/api/ticket/${ticketId}/gwpass`,
    `/api/ticket_order/${orderId}/calendar.ics`,
  ];

  it("another identity, a visitor without a login, another seller's session, or another order's token: 404 on every route", async () => {
    const o = await order();
    const stranger = await loginIdentity(api, "harbour-museum");
    const zoo = await loginIdentity(api, "riverside-zoo");
    const otherToken = await issueManageToken(api.handle.db, "some-other-order", api.clock.now());
    const callers: [string, string | undefined, string][] = [
      ["another identity", stranger.cookie, ""],
      ["no login", undefined, ""],
      ["another seller", zoo.cookie, ""],
      ["another order's token", undefined, `?token=${encodeURIComponent(otherToken)}`],
      ["a forged token", undefined, "?token=v1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
      ["the owner naming another seller", o.cookie, "?_seller=riverside-zoo"],
    ];
    for (const [who, cookie, query] of callers) {
      for (const path of routes(o.tickets.admission.id, o.orderId)) {
        const res = await raw(`${path}${query}`, cookie);
        expect([403, 404], `${who} ${path}`).toContain(res.status);
        expect(res.headers.get("location"), `${who} ${path}`).toBeNull();
      }
    }
  });

  it("the owner, and a logged-out holder of the order's manage token, may read every route", async () => {
    const o = await order();
    const token = await issueManageToken(api.handle.db, o.orderId, api.clock.now());
    for (const [cookie, query] of [
      [o.cookie, ""],
      [undefined, `?token=${encodeURIComponent(token)}`],
    ] as const) {
      const statuses = [];
      for (const path of routes(o.tickets.admission.id, o.orderId))
        statuses.push((await raw(`${path}${query}`, cookie)).status);
      expect(statuses).toEqual([200, 200, 302, 200]);
    }
  });

  it("hostile ids and tokens are 400 or 404, never 500", async () => {
    const o = await order();
    const ids = [
      "%00",
      "..%2F..%2Fetc%2Fpasswd",
      "'%20OR%201=1--",
      "x".repeat(201),
      "%F0%9F%8E%AB",
      "null",
      "%20",
    ];
    for (const id of ids) {
      for (const path of routes(id, id)) {
        const res = await raw(path, o.cookie);
        expect([400, 404], path).toContain(res.status);
      }
    }
    for (const token of ["x".repeat(500), "%00", "v1..", "%ZZ"]) {
      const res = await raw(`/api/ticket/${o.tickets.admission.id}/walletprecheck?token=${token}`);
      expect([400, 404], token).toContain(res.status);
    }
  });
});
