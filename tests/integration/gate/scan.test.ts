/**
 * The gate's scans against a real database: a ticket is admitted once (the second scan says when
 * and at which gate), a retried scan answers again without counting twice, a ticket for another
 * day is held back unless staff admit it anyway (logged), cancelled and refunded tickets are red,
 * another tenant's code is not found, member cards show their term, and an admission can be undone
 * (logged). The session's checked-in count follows.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { refundOrder } from "../../../src/lib/server/services/admin/orders/index.ts";
import {
  gateCodes,
  gateConflicts,
  scanCode,
  scanCodeHash,
  syncOfflineScans,
  undoAdmission,
} from "../../../src/lib/server/services/gate/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { buyHarbourOrder, staffActor } from "../admin/helpers.ts";

const api = withTestApi();

async function codeOf(ticketId: string): Promise<string> {
  const [row] = await api.handle.db.select().from(s.ticketScan).where(eq(s.ticketScan.ticketId, ticketId));
  return row?.scanCode ?? "";
}
async function sessionOf(id: string) {
  const [row] = await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, id));
  if (!row) throw new Error("no session");
  return row;
}
async function ticketState(id: string) {
  const [row] = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.id, id));
  return row?.state;
}
const today = { kind: "today" as const };
const scan = (code: string, gate = "North gate", extra: Record<string, unknown> = {}) => ({
  scanId: randomUUID(),
  code,
  gate,
  scope: today,
  ...extra,
});

describe("scanning a ticket at the gate", () => {
  it("admitted: the ticket type and holder; a second scan: already admitted, when and at which gate", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 3, tag: "gate-once" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const at = new Date(session.startDatetime.getTime() - 10 * 60_000);
    const code = await codeOf(order.ticketIds[0] ?? "");

    const first = await scanCode(api.handle.db, gate, scan(code), at);
    expect(first).toMatchObject({ light: "green", kind: "admitted", headline: "Admitted", conflict: false });
    expect(first.detail).toMatch(/^Adult/);
    expect(await ticketState(order.ticketIds[0] ?? "")).toBe("redeemed");
    expect((await sessionOf(order.sessionId)).redeemedCount).toBe(session.redeemedCount + 1);

    const again = await scanCode(
      api.handle.db,
      gate,
      scan(code, "South gate"),
      new Date(at.getTime() + 60_000),
    );
    expect(again).toMatchObject({ light: "red", kind: "already_admitted", headline: "Already admitted" });
    expect(again.detail).toContain("North gate");
    expect((await sessionOf(order.sessionId)).redeemedCount).toBe(session.redeemedCount + 1);
  });

  it("a scan sent again (the same scan id) answers the same and admits nothing more", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 4, tag: "gate-retry" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const once = scan(await codeOf(order.ticketIds[0] ?? ""));
    const a = await scanCode(api.handle.db, gate, once, session.startDatetime);
    const b = await scanCode(api.handle.db, gate, once, session.startDatetime);
    expect([a.kind, b.kind]).toEqual(["admitted", "admitted"]);
    expect((await sessionOf(order.sessionId)).redeemedCount).toBe(session.redeemedCount + 1);
    const rows = await api.handle.db.select().from(s.gateScan).where(eq(s.gateScan.id, once.scanId));
    expect(rows).toHaveLength(1);
  });

  it("not for today: the right date and time; staff may admit anyway, and that is logged", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 5, tag: "gate-day" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const dayBefore = new Date(session.startDatetime.getTime() - 24 * 3600_000);
    const code = await codeOf(order.ticketIds[0] ?? "");
    const held = await scanCode(api.handle.db, gate, scan(code), dayBefore);
    expect(held).toMatchObject({
      light: "amber",
      kind: "wrong_day",
      headline: "Not for today",
      canOverride: true,
    });
    expect(held.detail).toMatch(/^This ticket is for \w{3}, \w{3} \d+ at \d+:\d\d [AP]M\./);
    expect(await ticketState(order.ticketIds[0] ?? "")).toBe("booked");

    const anyway = await scanCode(
      api.handle.db,
      gate,
      scan(code, "North gate", { override: true, reason: "Came a day early from abroad" }),
      dayBefore,
    );
    expect(anyway).toMatchObject({ light: "green", kind: "admitted", headline: "Admitted (override)" });
    const audit = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(
        and(eq(s.auditLog.action, "admit_override"), eq(s.auditLog.resourceId, order.ticketIds[0] ?? "")),
      );
    expect(audit.map((e) => e.reason)).toEqual(["Came a day early from abroad"]);
  });

  it("not for this session, when the gate checks another session", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 6, tag: "gate-session" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const answer = await scanCode(
      api.handle.db,
      gate,
      { ...scan(await codeOf(order.ticketIds[0] ?? "")), scope: { kind: "session", sessionId: "another" } },
      session.startDatetime,
    );
    expect(answer).toMatchObject({ light: "amber", kind: "wrong_session" });
  });

  it("cancelled or refunded tickets are red, and never admitted, even with an override", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 7, tag: "gate-refund" });
    const session = await sessionOf(order.sessionId);
    const admin = await staffActor(api, "harbour-museum", "admin");
    await refundOrder(
      api.handle.db,
      admin,
      { orderId: order.orderId, scope: { kind: "order" }, reason: "Could not come" },
      api.clock.now(),
    );
    const code = await codeOf(order.ticketIds[0] ?? "");
    const answer = await scanCode(
      api.handle.db,
      admin,
      scan(code, "Desk", { override: true }),
      session.startDatetime,
    );
    expect(answer).toMatchObject({ light: "red", kind: "refunded", headline: "Refunded" });
    expect(await ticketState(order.ticketIds[0] ?? "")).toBe("cancelled");
  });

  it("not found: an unknown code, and another tenant's ticket", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 8, tag: "gate-tenant" });
    const zooGate = await staffActor(api, "riverside-zoo", "gate");
    const museumGate = await staffActor(api, "harbour-museum", "gate");
    const code = await codeOf(order.ticketIds[0] ?? "");
    expect((await scanCode(api.handle.db, zooGate, scan(code), api.clock.now())).kind).toBe("not_found");
    expect((await scanCode(api.handle.db, museumGate, scan("NO-SUCH-CODE"), api.clock.now())).kind).toBe(
      "not_found",
    );
    expect(await ticketState(order.ticketIds[0] ?? "")).toBe("booked");
  });

  it("a member card: valid, with the member's name and level; expired after its term", async () => {
    const gate = await staffActor(api, "harbour-museum", "gate");
    const [m] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.id, "hm-demo-membership-1"));
    if (!m) throw new Error("no demo membership");
    const during = new Date(m.validFrom.getTime() + 3600_000);
    const valid = await scanCode(api.handle.db, gate, scan(m.scanCode), during);
    expect(valid).toMatchObject({ light: "green", kind: "member_valid", membershipId: m.id });
    expect(valid.detail).toContain(`${m.name} · `);
    expect(valid.detail).not.toContain(`${m.lastName} ${m.lastName}`);
    const after = await scanCode(
      api.handle.db,
      gate,
      scan(m.scanCode),
      new Date(m.validTo.getTime() + 3600_000),
    );
    expect(after).toMatchObject({ light: "red", kind: "member_expired" });
  });

  it("staff undo an admission: the ticket is booked again, the count goes back, and the undo is logged", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 9, tag: "gate-undo" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const ticketId = order.ticketIds[0] ?? "";
    await scanCode(api.handle.db, gate, scan(await codeOf(ticketId)), session.startDatetime);
    await undoAdmission(
      api.handle.db,
      gate,
      { ticketId, reason: "Scanned the wrong ticket" },
      api.clock.now(),
    );
    expect(await ticketState(ticketId)).toBe("booked");
    expect((await sessionOf(order.sessionId)).redeemedCount).toBe(session.redeemedCount);
    const audit = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "admit_undo"), eq(s.auditLog.resourceId, ticketId)));
    expect(audit).toHaveLength(1);
    await expect(
      undoAdmission(api.handle.db, gate, { ticketId, reason: "again" }, api.clock.now()),
    ).rejects.toMatchObject({ items: [expect.objectContaining({ _code: "gate_not_admitted" })] });
  });

  it("a viewer may not scan", async () => {
    const viewer = await staffActor(api, "harbour-museum", "viewer");
    await expect(scanCode(api.handle.db, viewer, scan("X"), api.clock.now())).rejects.toMatchObject({
      items: [expect.objectContaining({ _code: "forbidden_for_role" })],
    });
  });
});

describe("an offline gate", () => {
  it("downloads only what it needs: code hashes, type, session and state, no names", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 10, tag: "gate-codes" });
    const session = await sessionOf(order.sessionId);
    const gate = await staffActor(api, "harbour-museum", "gate");
    const { codes } = await gateCodes(api.handle.db, gate, session.startDatetime);
    const code = await codeOf(order.ticketIds[0] ?? "");
    const entry = codes.find((c) => c.hash === scanCodeHash(code));
    expect(entry).toEqual({
      hash: scanCodeHash(code),
      ticketTypeName: "Adult",
      sessionId: order.sessionId,
      eventId: "hm-general-admission",
      start: session.startDatetime,
      state: "booked",
    });
    expect(JSON.stringify(codes)).not.toContain(code);
    expect(JSON.stringify(codes)).not.toContain("Ada");
  });

  it("syncs when the network is back: the server's first admission wins, and the other is a conflict", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 11, tag: "gate-sync" });
    const session = await sessionOf(order.sessionId);
    const online = await staffActor(api, "harbour-museum", "gate");
    const offline = await staffActor(api, "harbour-museum", "gate");
    const [first, second] = [await codeOf(order.ticketIds[0] ?? ""), await codeOf(order.ticketIds[1] ?? "")];
    const t0 = session.startDatetime.getTime() - 30 * 60_000;
    // Offline at t0: both tickets admitted on the gate. Online at t0 + 5 min: the first ticket.
    await scanCode(api.handle.db, online, scan(first, "Main gate"), new Date(t0 + 5 * 60_000));
    const batch = {
      scans: [
        { ...scan(first, "Garden gate"), scannedAt: new Date(t0).toISOString(), admitted: true },
        { ...scan(second, "Garden gate"), scannedAt: new Date(t0 + 60_000).toISOString(), admitted: true },
      ],
    };
    const answers = await syncOfflineScans(api.handle.db, offline, batch, new Date(t0 + 10 * 60_000));
    expect(answers.map((a) => [a.kind, a.conflict])).toEqual([
      ["already_admitted", true],
      ["admitted", false],
    ]);
    const conflicts = await api.handle.db.select().from(s.gateScan).where(eq(s.gateScan.conflict, true));
    expect(conflicts.map((c) => [c.ticketId, c.gate, c.offline])).toContainEqual([
      order.ticketIds[0],
      "Garden gate",
      true,
    ]);
    // The back office sees it: which ticket, which gate let it in again, and the admission that stands.
    const day = await gateConflicts(api.handle.db, online, {}, new Date(t0 + 10 * 60_000));
    expect(day.conflicts).toContainEqual(
      expect.objectContaining({
        ticketId: order.ticketIds[0],
        orderNumber: order.orderNumber,
        offlineGate: "Garden gate",
        admittedGate: "Main gate",
        admittedAt: new Date(t0 + 5 * 60_000),
      }),
    );
    // The same batch again: the same answers, nothing counted twice.
    const again = await syncOfflineScans(api.handle.db, offline, batch, new Date(t0 + 11 * 60_000));
    expect(again.map((a) => [a.kind, a.conflict])).toEqual([
      ["already_admitted", true],
      ["admitted", false],
    ]);
    expect((await sessionOf(order.sessionId)).redeemedCount).toBe(session.redeemedCount + 2);
  });
});
