/** Spec 2 §5: cancel free order, cancel in self-edit and the self-edit horizon. */
import { describe, expect, it } from "vitest";
import {
  canCancelFreeTicket,
  cancelRefusal,
  editDeadline,
  isWithinHorizon,
  type ManageTicket,
  manageMode,
  selfEditCancelAllowed,
  selfEditTicketProblem,
  ticketPermissions,
} from "../../../src/lib/domain/manage/rules.ts";
import {
  changeMailContext,
  editConfirmKind,
  groupBySession,
  sessionTypeCounts,
  ticketStateKey,
  type ViewTicket,
} from "../../../src/lib/domain/manage/view.ts";

const NOW = new Date("2026-11-17T15:30:00Z");
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);
const ticket = (over: Partial<ManageTicket> = {}): ManageTicket => ({
  state: "booked",
  faceValue: 0,
  adjustedValue: 0,
  start: at(72),
  ...over,
});
const ONE_DAY = { days: 1, hours: 0 };

describe("Cancel free order: only tickets that are active, have adjusted_value 0 and start in the future can be cancelled", () => {
  it("an active, free ticket starting in the future can be cancelled", () => {
    expect(canCancelFreeTicket(ticket(), NOW)).toBe(true);
  });
  it("a cancelled (not active) ticket can't", () => {
    expect(canCancelFreeTicket(ticket({ state: "cancelled" }), NOW)).toBe(false);
    expect(canCancelFreeTicket(ticket({ state: "held" }), NOW)).toBe(false);
  });
  it("a ticket with adjusted_value above 0 can't, even when its face value is 0", () => {
    expect(canCancelFreeTicket(ticket({ adjustedValue: 1 }), NOW)).toBe(false);
  });
  it("a ticket whose face value was discounted to adjusted_value 0 can", () => {
    expect(canCancelFreeTicket(ticket({ faceValue: 2500, adjustedValue: 0 }), NOW)).toBe(true);
  });
  it("a ticket starting now or in the past can't, nor one without a start", () => {
    expect(canCancelFreeTicket(ticket({ start: NOW }), NOW)).toBe(false);
    expect(canCancelFreeTicket(ticket({ start: at(-1) }), NOW)).toBe(false);
    expect(canCancelFreeTicket(ticket({ start: null }), NOW)).toBe(false);
    expect(canCancelFreeTicket(ticket({ start: new Date(NOW.getTime() + 1) }), NOW)).toBe(true);
  });
  it("self-edit off: a free order is cancel_free, an order with a paid ticket is contact_us ('You must contact us to cancel this order.')", () => {
    expect(manageMode(false, [ticket(), ticket({ state: "cancelled", adjustedValue: 0 })])).toBe(
      "cancel_free",
    );
    expect(manageMode(false, [ticket(), ticket({ faceValue: 1000, adjustedValue: 1000 })])).toBe(
      "contact_us",
    );
    expect(cancelRefusal("contact_us", [ticket({ adjustedValue: 1000 })])).toBe("contact_us");
    expect(manageMode(true, [ticket({ faceValue: 1000, adjustedValue: 1000 })])).toBe("self_edit");
  });
  it("per ticket in cancel_free mode: only the cancellable ones, and nothing is editable", () => {
    const perms = ticketPermissions("cancel_free", [ticket(), ticket({ start: at(-2) })], ONE_DAY, NOW);
    expect(perms).toEqual([
      { canCancel: true, canEdit: false },
      { canCancel: false, canEdit: false },
    ]);
  });
});

describe("Cancel in self-edit: allowed only if all tickets have face_value 0 and not all are cancelled or past the horizon", () => {
  it("all face value 0 and one ticket inside the horizon: allowed", () => {
    expect(selfEditCancelAllowed([ticket(), ticket({ state: "cancelled" })], ONE_DAY, NOW)).toBe(true);
  });
  it("one ticket with a face value above 0: refused for the whole order (contact us)", () => {
    const tickets = [ticket(), ticket({ faceValue: 500, adjustedValue: 500 })];
    expect(selfEditCancelAllowed(tickets, ONE_DAY, NOW)).toBe(false);
    expect(cancelRefusal("self_edit", tickets)).toBe("contact_us");
    expect(ticketPermissions("self_edit", tickets, ONE_DAY, NOW).map((p) => p.canCancel)).toEqual([
      false,
      false,
    ]);
  });
  it("all cancelled: refused", () => {
    expect(selfEditCancelAllowed([ticket({ state: "cancelled" })], ONE_DAY, NOW)).toBe(false);
  });
  it("all past the horizon (or cancelled): refused", () => {
    const tickets = [ticket({ start: at(23) }), ticket({ state: "cancelled" })];
    expect(selfEditCancelAllowed(tickets, ONE_DAY, NOW)).toBe(false);
    expect(cancelRefusal("self_edit", tickets)).toBeNull();
  });
  it("per ticket: only active tickets inside the horizon are cancellable and editable", () => {
    const perms = ticketPermissions(
      "self_edit",
      [ticket(), ticket({ start: at(2) }), ticket({ state: "cancelled" })],
      ONE_DAY,
      NOW,
    );
    expect(perms).toEqual([
      { canCancel: true, canEdit: true },
      { canCancel: false, canEdit: false },
      { canCancel: false, canEdit: false },
    ]);
  });
  it("a paid order in self-edit may still be edited inside the horizon, not cancelled", () => {
    const perms = ticketPermissions(
      "self_edit",
      [ticket({ faceValue: 900, adjustedValue: 900 })],
      ONE_DAY,
      NOW,
    );
    expect(perms).toEqual([{ canCancel: false, canEdit: true }]);
  });
});

describe("the self-edit horizon in days and hours (tickets_too_old)", () => {
  const horizon = { days: 1, hours: 6 };
  it("counts days and hours in absolute time before the session start", () => {
    expect(editDeadline(at(72), horizon)).toEqual(at(72 - 30));
    expect(editDeadline(null, horizon)).toBeNull();
  });
  it("a ticket starting 30 hours and one second from now is inside; exactly 30 hours is too old", () => {
    expect(isWithinHorizon(ticket({ start: new Date(at(30).getTime() + 1000) }), horizon, NOW)).toBe(true);
    expect(isWithinHorizon(ticket({ start: at(30) }), horizon, NOW)).toBe(false);
    expect(selfEditTicketProblem(ticket({ start: at(30) }), horizon, NOW)).toBe("tickets_too_old");
  });
  it("hours alone count: horizon 0 days 3 hours", () => {
    const hours = { days: 0, hours: 3 };
    expect(selfEditTicketProblem(ticket({ start: at(4) }), hours, NOW)).toBeNull();
    expect(selfEditTicketProblem(ticket({ start: at(2) }), hours, NOW)).toBe("tickets_too_old");
  });
  it("a ticket without a start is too old to edit; a cancelled ticket is in the wrong state", () => {
    expect(selfEditTicketProblem(ticket({ start: null }), horizon, NOW)).toBe("tickets_too_old");
    expect(selfEditTicketProblem(ticket({ state: "cancelled" }), horizon, NOW)).toBe(
      "ticket_state_incorrect",
    );
  });
  it("across a daylight-saving change the horizon stays absolute (24 h, not a calendar day)", () => {
    // 2026-11-01 07:00 UTC is the US fall-back hour; a session at 2026-11-01 12:00 UTC.
    const start = new Date("2026-11-01T12:00:00Z");
    expect(editDeadline(start, ONE_DAY)?.toISOString()).toBe("2026-10-31T12:00:00.000Z");
  });
});

describe("the manage page's view (spec 2 §4)", () => {
  const base = {
    ticket_type_id: "adult",
    ticket_type_name: "Adult",
    event_name: "Keeper talk",
    timezone: "Europe/London",
    can_cancel: true,
    can_edit: true,
  };
  const t = (id: string, over: Partial<ViewTicket> = {}): ViewTicket => ({
    id,
    state: "booked",
    event_session_id: "s1",
    start_datetime: at(48).toISOString(),
    ...base,
    ...over,
  });

  it("'Cancelled or unbooked count as cancelled'; a session that started is a Past Event", () => {
    expect(ticketStateKey(t("a", { state: "cancelled" }), NOW)).toBe("cancelled");
    expect(ticketStateKey(t("a", { state: "unbooked" }), NOW)).toBe("cancelled");
    expect(ticketStateKey(t("a", { start_datetime: at(-1).toISOString() }), NOW)).toBe("past");
    expect(ticketStateKey(t("a"), NOW)).toBe("booked");
  });

  it("groups tickets by session, soonest first", () => {
    const groups = groupBySession([
      t("a"),
      t("b", { event_session_id: "s0", start_datetime: at(24).toISOString() }),
      t("c"),
    ]);
    expect(groups.map((g) => [g.sessionId, g.tickets.map((x) => x.id)])).toEqual([
      ["s0", ["b"]],
      ["s1", ["a", "c"]],
    ]);
  });

  it("regression: 'Flexible any-day ticket' was listed twice; an event's passes without a session are one entry", () => {
    const pass = { event_session_id: null, event_name: "Flexible any-day ticket", start_datetime: null };
    const groups = groupBySession([
      t("p1", { ...pass, event_template_id: "flex" }),
      t("a"),
      t("p2", { ...pass, event_template_id: "flex" }),
      t("o1", { ...pass, event_name: "Other pass", event_template_id: "other" }),
    ]);
    expect(groups.map((g) => [g.eventName, g.tickets.map((x) => x.id)])).toEqual([
      ["Keeper talk", ["a"]],
      ["Flexible any-day ticket", ["p1", "p2"]],
      ["Other pass", ["o1"]],
    ]);
  });

  it("counts a session's types during an edit: booked minus removed plus added", () => {
    const counts = sessionTypeCounts(
      [t("a"), t("b"), t("c", { state: "cancelled" })],
      new Set(["a"]),
      new Map([["adult", 2]]),
    );
    expect(counts).toEqual([{ ticketTypeId: "adult", name: "Adult", count: 3, removable: ["b"] }]);
  });

  it("Confirm: 'guest checkout with the free gateway when the outstanding total is zero or less; else go to /manage/{id}/confirm'", () => {
    expect(editConfirmKind("0.00")).toBe("free");
    expect(editConfirmKind("-12.50")).toBe("free");
    expect(editConfirmKind("0.01")).toBe("pay");
  });

  it("the change mail is order_cancel when nothing is left booked, else order_update", () => {
    expect(changeMailContext([{ state: "cancelled" }])).toBe("order_cancel");
    expect(changeMailContext([{ state: "cancelled" }, { state: "booked" }])).toBe("order_update");
  });
});
