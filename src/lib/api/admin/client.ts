/**
 * The admin API's staff calls (schemas.ts) over the typed client. Writes are never retried.
 */
import { z } from "zod";
import type { ApiClient } from "../client.ts";
import {
  apiKeysAnswer,
  attendeesAnswer,
  auditAnswer,
  type CancelBody,
  cancelDone,
  type DeskSaleBody,
  deskDayAnswer,
  deskSaleAnswer,
  type GateScanBody,
  type GateSyncBody,
  gateCodesAnswer,
  gateConflictsAnswer,
  gateDayAnswer,
  gateScanAnswer,
  memberDetailAnswer,
  memberSearchAnswer,
  orderDetailAnswer,
  orderSearchAnswer,
  type RefundBody,
  type RescheduleBody,
  recoveryCodesAnswer,
  refundDone,
  rescheduleDone,
  rescheduleOptionsAnswer,
  type StaffChangeBody,
  salesAnswer,
  sessionChangeAnswer,
  setupLinkAnswer,
  staffListAnswer,
  staffSessionAnswer,
  ticketCardsAnswer,
  todayAnswer,
  totpSetupAnswer,
  waitingEntryChangeAnswer,
  waitingListAnswer,
  waitingRoomChangeAnswer,
  waitingRoomsAnswer,
} from "./schemas.ts";

const empty = z.unknown();

/** The audit log's filters and page (GET admin/audit). */
export interface AuditFilter {
  action?: string | undefined;
  actor_id?: string | undefined;
  resource?: string | undefined;
  resource_id?: string | undefined;
  _limit?: number | undefined;
  _offset?: number | undefined;
  /** audit_action, audit_actor: the choices to filter by. */
  _embed?: string | undefined;
}

export function adminApi(client: ApiClient, seller: string) {
  const q = { _seller: seller };
  const q_ = (search: string) => ({ ...q, q: search });
  return {
    login: (email: string, password: string) =>
      client.send("POST", "admin/login", q, { email, password }, staffSessionAnswer),
    secondFactor: (code: string) =>
      client.send("POST", "admin/login/second_factor", q, { code }, staffSessionAnswer),
    startTotp: () => client.send("POST", "admin/second_factor/setup", q, {}, totpSetupAnswer),
    confirmTotp: (code: string) =>
      client.send("POST", "admin/second_factor/confirm", q, { code }, recoveryCodesAnswer),
    logout: () => client.send("POST", "admin/logout", q, {}, empty),
    me: () => client.get("admin/me", q, staffSessionAnswer),
    setupLink: (token: string) => client.get("admin/setup", { token }, setupLinkAnswer),
    setup: (token: string, password: string) =>
      client.send("POST", "admin/setup", q, { token, password }, empty),
    staff: () => client.get("admin/staff", q, staffListAnswer),
    invite: (body: { email: string; name: string; role: string; refund_limit?: number | null }) =>
      client.send("POST", "admin/staff", q, body, staffListAnswer),
    editStaff: (id: string, body: StaffChangeBody) =>
      client.send("PATCH", `admin/staff/${encodeURIComponent(id)}`, q, body, staffListAnswer),
    apiKeys: () => client.get("admin/api_keys", q, apiKeysAnswer),
    createApiKey: (body: { name: string; role: string }) =>
      client.send("POST", "admin/api_keys", q, body, apiKeysAnswer),
    revokeApiKey: (id: string) =>
      client.send("DELETE", `admin/api_keys/${encodeURIComponent(id)}`, q, undefined, empty),
    audit: (filter: AuditFilter = {}) => client.get("admin/audit", { ...q, ...filter }, auditAnswer),
    searchOrders: (q: string) => client.get("admin/orders", { ...q_(q) }, orderSearchAnswer),
    order: (id: string) => client.get(`admin/orders/${encodeURIComponent(id)}`, q, orderDetailAnswer),
    refund: (id: string, body: RefundBody) =>
      client.send("POST", `admin/orders/${encodeURIComponent(id)}/refund`, q, body, refundDone),
    /** The confirmation again, to the buyer or to `to` (an address the visitor gives at the desk). */
    resend: (id: string, to?: string) =>
      client.send("POST", `admin/orders/${encodeURIComponent(id)}/resend`, q, to ? { to } : {}, empty),
    cancel: (id: string, body: CancelBody) =>
      client.send("POST", `admin/orders/${encodeURIComponent(id)}/cancel`, q, body, cancelDone),
    reschedule: (id: string, body: RescheduleBody) =>
      client.send("POST", `admin/orders/${encodeURIComponent(id)}/reschedule`, q, body, rescheduleDone),
    rescheduleOptions: (id: string, session: string) =>
      client.get(
        `admin/orders/${encodeURIComponent(id)}/reschedule_options`,
        { ...q, session },
        rescheduleOptionsAnswer,
      ),
    attendees: (id: string) =>
      client.get(`admin/sessions/${encodeURIComponent(id)}/attendees`, q, attendeesAnswer),
    closeSession: (id: string, reason: string) =>
      client.send(
        "POST",
        `admin/sessions/${encodeURIComponent(id)}/close`,
        q,
        { reason },
        sessionChangeAnswer,
      ),
    reopenSession: (id: string, reason: string) =>
      client.send(
        "POST",
        `admin/sessions/${encodeURIComponent(id)}/reopen`,
        q,
        { reason },
        sessionChangeAnswer,
      ),
    setCapacity: (id: string, capacity: number, reason: string) =>
      client.send(
        "PUT",
        `admin/sessions/${encodeURIComponent(id)}/capacity`,
        q,
        { capacity, reason },
        sessionChangeAnswer,
      ),
    searchMembers: (search: string) => client.get("admin/members", q_(search), memberSearchAnswer),
    member: (id: string) => client.get(`admin/members/${encodeURIComponent(id)}`, q, memberDetailAnswer),
    resendMember: (id: string) =>
      client.send("POST", `admin/members/${encodeURIComponent(id)}/resend`, q, {}, empty),
    sales: (from: string, until: string) =>
      client.get("admin/figures/sales", { ...q, from, until }, salesAnswer),
    deskDay: (date?: string) => client.get("admin/desk/sessions", date ? { ...q, date } : q, deskDayAnswer),
    sellAtDesk: (body: DeskSaleBody) => client.send("POST", "admin/desk/sales", q, body, deskSaleAnswer),
    ticketCards: (id: string) =>
      client.get(`admin/orders/${encodeURIComponent(id)}/ticket_cards`, q, ticketCardsAnswer),
    today: (date?: string) => client.get("admin/figures/today", date ? { ...q, date } : q, todayAnswer),
    gateConflicts: (date?: string) =>
      client.get("admin/gate/conflicts", date ? { ...q, date } : q, gateConflictsAnswer),
    gateDay: () => client.get("admin/gate/day", q, gateDayAnswer),
    scan: (body: GateScanBody) => client.send("POST", "admin/gate/scans", q, body, gateScanAnswer),
    gateCodes: () => client.get("admin/gate/codes", q, gateCodesAnswer),
    /** An offline gate's scans, oldest first: each answered, conflicts flagged. */
    syncScans: (body: GateSyncBody) => client.send("POST", "admin/gate/sync", q, body, gateScanAnswer),
    /** A ticket admitted at the gate is booked again (logged with the reason). */
    undoAdmission: (ticketId: string, reason: string) =>
      client.send("POST", `admin/gate/admissions/${encodeURIComponent(ticketId)}/undo`, q, { reason }, empty),
    /** A session's waiting list and its counts. */
    waitingList: (sessionId: string) =>
      client.get(`admin/sessions/${encodeURIComponent(sessionId)}/waiting_list`, q, waitingListAnswer),
    /** An offer sent to a waiting entry now, out of turn. */
    offerToWaitingEntry: (entryId: string) =>
      client.send(
        "POST",
        `admin/waiting_list/${encodeURIComponent(entryId)}/offer`,
        q,
        {},
        waitingEntryChangeAnswer,
      ),
    /** An entry removed from its list (the reason, when given, is kept in the audit log). */
    removeWaitingEntry: (entryId: string, reason?: string) =>
      client.send(
        "POST",
        `admin/waiting_list/${encodeURIComponent(entryId)}/remove`,
        q,
        reason ? { reason } : {},
        waitingEntryChangeAnswer,
      ),
    /** The on-sale waiting rooms with their live figures. */
    waitingRooms: () => client.get("admin/waiting_rooms", q, waitingRoomsAnswer),
    /** Nobody more is let in from the room's line until it is resumed. */
    pauseWaitingRoom: (key: string) =>
      client.send(
        "POST",
        `admin/waiting_rooms/${encodeURIComponent(key)}/pause`,
        q,
        {},
        waitingRoomChangeAnswer,
      ),
    resumeWaitingRoom: (key: string) =>
      client.send(
        "POST",
        `admin/waiting_rooms/${encodeURIComponent(key)}/resume`,
        q,
        {},
        waitingRoomChangeAnswer,
      ),
    /** The room's rate per minute from now on; null: back to the tenant file's. */
    setWaitingRoomRate: (key: string, ratePerMinute: number | null) =>
      client.send(
        "PUT",
        `admin/waiting_rooms/${encodeURIComponent(key)}/rate`,
        q,
        { rate_per_minute: ratePerMinute },
        waitingRoomChangeAnswer,
      ),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
