/** The audit log in words: actions, the before and after of a change, and the resource's page. */
import { describe, expect, it } from "vitest";
import {
  auditActionWords,
  auditDetailWords,
  auditResourcePath,
} from "../../../src/lib/domain/admin/audit-words.ts";

describe("audit words", () => {
  it("names known actions and shows an unknown one as its code", () => {
    expect(auditActionWords("staff.refund_limit")).toBe("Refund limit changed");
    expect(auditActionWords("desk.sale.future")).toBe("desk.sale.future");
  });

  it("says a change's before and after in the venue's currency and the roles' words", () => {
    expect(auditDetailWords("staff.refund_limit", { before: 5000, after: null }, "USD")).toBe(
      "$50.00 → none",
    );
    expect(auditDetailWords("staff.role", { before: "box_office", after: "admin" }, "USD")).toBe(
      "box office → admin",
    );
    expect(auditDetailWords("refund", { amount: "53.00", scope: "tickets" }, "USD")).toBe("$53.00 (tickets)");
    expect(auditDetailWords("session.capacity", { from: 50, to: 40 }, "USD")).toBe("50 → 40 places");
    expect(auditDetailWords("resend", { mail_id: "m1" }, "USD")).toBeNull();
    expect(auditDetailWords("waiting_list.remove", { email: "a@example.com", quantity: 2 }, "USD")).toBe(
      "a@example.com, 2 tickets",
    );
    expect(auditDetailWords("waiting_list.offer", { quantity: 1 }, "USD")).toBe("1 ticket");
    expect(auditDetailWords("waiting_room.rate", { from: null, to: 120 }, "USD")).toBe(
      "the file's rate → 120 a minute",
    );
  });

  it("links orders, sessions and memberships to their pages, escaped", () => {
    expect(auditResourcePath("ticket_order", "a/b")).toBe("/orders/a%2Fb");
    expect(auditResourcePath("event_session", "s1")).toBe("/sessions/s1");
    expect(auditResourcePath("membership", "m1")).toBe("/members/m1");
    expect(auditResourcePath("waiting_room", "*")).toBe("/waiting-room");
    expect(auditResourcePath("gift_card", "g1")).toBeNull();
  });
});
