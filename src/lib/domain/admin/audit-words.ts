/**
 * The audit log in words, for the back office: what each action is called, what its details say
 * (the before and after of a change, a refund's amount), and where its resource's page is. An
 * action this table does not know yet reads as its own code, so a new kind of entry still shows.
 */
import { formatMoney, parseMoneyString } from "../money.ts";

const ACTION_WORDS: Record<string, string> = {
  refund: "Refund",
  cancel: "Tickets cancelled",
  resend: "Confirmation sent again",
  "session.close": "Session closed",
  "session.reopen": "Session opened again",
  "session.capacity": "Capacity changed",
  "membership.resend": "Membership e-mail sent again",
  "staff.invite": "Staff member invited",
  "staff.second_factor": "Second factor set up",
  "staff.role": "Role changed",
  "staff.refund_limit": "Refund limit changed",
  "staff.disable": "Account disabled",
  "staff.enable": "Account enabled again",
  "key.create": "API key created",
  "key.revoke": "API key revoked",
  reschedule: "Tickets moved to another session",
  admit_override: "Admitted anyway at the gate",
  admit_undo: "Admission undone",
  "waiting_list.offer": "Waiting list offer sent by hand",
  "waiting_list.remove": "Removed from the waiting list",
  "waiting_room.pause": "Waiting room paused",
  "waiting_room.resume": "Waiting room resumed",
  "waiting_room.rate": "Waiting room rate changed",
};

export function auditActionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

const ROLE_WORDS: Record<string, string> = {
  admin: "admin",
  box_office: "box office",
  gate: "gate",
  viewer: "viewer",
};

const roleWords = (role: unknown) => (typeof role === "string" ? (ROLE_WORDS[role] ?? role) : "—");

function limitWords(limit: unknown, currency: string): string {
  return typeof limit === "number" ? formatMoney(limit, currency) : "none";
}

function amountWords(amount: unknown, currency: string): string | null {
  if (typeof amount !== "string") return null;
  try {
    return formatMoney(parseMoneyString(amount, currency), currency);
  } catch {
    return `${currency} ${amount}`;
  }
}

/** One line of what the entry's details say, or null when they say nothing worth a line. */
export function auditDetailWords(
  action: string,
  details: Record<string, unknown>,
  currency: string,
): string | null {
  const d = details;
  switch (action) {
    case "refund": {
      const amount = amountWords(d.amount, currency);
      return amount ? `${amount}${d.scope ? ` (${String(d.scope)})` : ""}` : null;
    }
    case "cancel":
      return Array.isArray(d.tickets)
        ? `${d.tickets.length} ${d.tickets.length === 1 ? "ticket" : "tickets"}`
        : null;
    case "session.capacity":
      return `${String(d.from ?? "—")} → ${String(d.to ?? "—")} places`;
    case "staff.invite":
      return `${String(d.email ?? "")}, ${roleWords(d.role)}`;
    case "staff.role":
      return `${roleWords(d.before)} → ${roleWords(d.after)}`;
    case "staff.refund_limit":
      return `${limitWords(d.before, currency)} → ${limitWords(d.after, currency)}`;
    case "waiting_list.offer":
    case "waiting_list.remove": {
      const n = typeof d.quantity === "number" ? d.quantity : null;
      const tickets = n === null ? null : `${n} ${n === 1 ? "ticket" : "tickets"}`;
      return [d.email, tickets].filter((w) => typeof w === "string" && w).join(", ") || null;
    }
    case "waiting_room.rate": {
      // null: the tenant file's rate.
      const rate = (v: unknown) => (typeof v === "number" ? `${v} a minute` : "the file's rate");
      return `${rate(d.from)} → ${rate(d.to)}`;
    }
    case "key.create":
    case "key.revoke":
      return typeof d.role === "string" ? `role ${roleWords(d.role)}` : null;
    default:
      return null;
  }
}

/** The back office page of an entry's resource, under `{base}/admin`, when it has one. */
export function auditResourcePath(resource: string, id: string): string | null {
  const enc = encodeURIComponent(id);
  switch (resource) {
    case "ticket_order":
      return `/orders/${enc}`;
    case "event_session":
      return `/sessions/${enc}`;
    case "membership":
      return `/members/${enc}`;
    case "staff_account":
      return "/staff";
    case "api_key":
      return "/keys";
    case "waiting_room":
      return "/waiting-room";
    default:
      return null;
  }
}

const RESOURCE_WORDS: Record<string, string> = {
  ticket_order: "Order",
  event_session: "Session",
  membership: "Membership",
  staff_account: "Staff",
  api_key: "API key",
  waiting_room: "Waiting room",
};

export function auditResourceWords(resource: string): string {
  return RESOURCE_WORDS[resource] ?? resource;
}
