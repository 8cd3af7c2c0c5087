/**
 * The admin API's staff calls: logging in (password, then a second factor), setting up the
 * authenticator, following a setup link, and an admin's staff and API keys. Answers are objects
 * keyed by resource type with `{ _count, _data }`, as every other answer of the API.
 *
 * | Call | Body | Answer |
 * |---|---|---|
 * | POST admin/login?_seller= | staffLoginBody | 200 staffSessionAnswer + `foyer_staff` cookie; 401 staff_login_failed; 429 rate_limited |
 * | POST admin/login/second_factor | codeBody | 200 staffSessionAnswer; 401 staff_second_factor_failed |
 * | POST admin/second_factor/setup | none | 200 totpSetupAnswer (secret, otpauth:// URI and its QR code) |
 * | POST admin/second_factor/confirm | codeBody | 200 recoveryCodesAnswer (ten codes, shown once) |
 * | POST admin/logout | none | 204 |
 * | GET admin/me | none | 200 staffSessionAnswer; 401 staff_not_logged_in |
 * | GET admin/setup?token= | none | 200 setupLinkAnswer; 410 staff_setup_link_invalid |
 * | POST admin/setup | setupBody | 204 |
 * | GET admin/staff | none | 200 staffListAnswer (admin) |
 * | POST admin/staff | inviteBody | 201 staffListAnswer of the new member; mails the setup link |
 * | PATCH admin/staff/{id} | staffChangeBody | 200 staffListAnswer of the member as changed; 409 staff_last_admin |
 * | GET admin/api_keys, POST admin/api_keys, DELETE admin/api_keys/{id} | newKeyBody | the keys; a new key once in `key` |
 * | GET admin/audit?action=&actor_id=&resource=&resource_id=&_limit=&_offset=&_embed=audit_action,audit_actor | none | 200 auditAnswer: newest first, `_count` all that match |
 */
import { z } from "zod";
import { STAFF_ROLES } from "../../domain/admin/roles.ts";

const collection = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ _count: z.number(), _data: z.array(item) });

export const staffLoginBody = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
});
export const codeBody = z.object({ code: z.string().max(40) });
export const setupBody = z.object({ token: z.string().max(200), password: z.string().max(200) });
export const inviteBody = z.object({
  email: z.string().max(254),
  name: z.string().max(120),
  role: z.enum(STAFF_ROLES),
  refund_limit: z.number().int().min(0).nullable().optional(),
});
export const newKeyBody = z.object({ name: z.string().max(120), role: z.enum(STAFF_ROLES) });
/** What an admin changes of a colleague's account; at least one of role, refund_limit, disabled. */
export const staffChangeBody = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  refund_limit: z.number().int().min(0).nullable().optional(),
  disabled: z.boolean().optional(),
  reason: z.string().max(500).optional(),
});
export type StaffChangeBody = z.infer<typeof staffChangeBody>;

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  refund_limit: z.number().nullable(),
  second_factor: z.boolean(),
  password_set: z.boolean(),
  disabled: z.boolean(),
});

export const staffSessionAnswer = z.object({
  staff_session: collection(
    z.object({
      /** active, second_factor (a code is owed) or setup_second_factor (an authenticator must be set up). */
      state: z.enum(["active", "second_factor", "setup_second_factor"]),
      seller_id: z.string(),
      staff: staffMember,
    }),
  ),
});
export const totpSetupAnswer = z.object({
  totp: collection(
    z.object({
      secret: z.string(),
      uri: z.string(),
      /** The otpauth:// URI as a QR code (inline SVG) for a phone's authenticator to scan. */
      qr_svg: z.string(),
    }),
  ),
});
export const recoveryCodesAnswer = z.object({ recovery_code: collection(z.string()) });
export const setupLinkAnswer = z.object({
  staff_account: collection(z.object({ email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) })),
});
export const staffListAnswer = z.object({ staff_account: collection(staffMember) });
export const apiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  prefix: z.string(),
  /** The staff member (or key) who made it, and their name. */
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Only in the answer that creates it. */
  key: z.string().optional(),
});
export const apiKeysAnswer = z.object({ api_key: collection(apiKeyItem) });
export const auditItem = z.object({
  id: z.string(),
  /** staff, api_key or system. */
  actor_kind: z.string(),
  actor_id: z.string(),
  actor_name: z.string(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string(),
  /** Words for the thing acted on (an order's number, a session's event, a member ID), when known. */
  resource_label: z.string().nullable(),
  /** A session's start, when the resource is one. */
  resource_time: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
/** `_count` is every entry that matches, `_data` the page asked for. */
export const auditAnswer = z.object({
  audit_log: collection(auditItem),
  /** With `_embed=audit_action`: the actions in the log, to filter by. */
  audit_action: collection(z.object({ action: z.string(), count: z.number() })).optional(),
  /** With `_embed=audit_actor`: the staff and keys in the log, to filter by. */
  audit_actor: collection(
    z.object({ actor_kind: z.string(), actor_id: z.string(), actor_name: z.string() }),
  ).optional(),
});
export type AuditAnswer = z.infer<typeof auditAnswer>;

export type StaffSessionAnswer = z.infer<typeof staffSessionAnswer>;
export type StaffMember = z.infer<typeof staffMember>;

/** GET admin/figures/today: a venue-local day (snake_case of services/admin/figures/today.ts). */
export const todayAnswer = z.object({
  today: collection(
    z.object({
      date: z.string(),
      timezone: z.string(),
      currency: z.string(),
      events: z.array(
        z.object({
          event_template_id: z.string(),
          event_name: z.string(),
          sessions: z.array(
            z.object({
              session_id: z.string(),
              start: z.string(),
              local_time: z.string(),
              capacity: z.number(),
              used: z.number(),
              held: z.number(),
              sold: z.number(),
              checked_in: z.number(),
              closed: z.boolean(),
              retired: z.boolean(),
            }),
          ),
        }),
      ),
      hours: z.array(
        z.object({ hour: z.number(), orders: z.number(), sales: z.number(), visits: z.number() }),
      ),
      week_ahead: z.array(
        z.object({
          date: z.string(),
          sessions: z.number(),
          capacity: z.number(),
          unlimited_sessions: z.number(),
          closed_sessions: z.number(),
          used: z.number(),
          sold: z.number(),
          held: z.number(),
        }),
      ),
    }),
  ),
});
export type TodayFigures = z.infer<typeof todayAnswer>["today"]["_data"][number];

/** GET admin/orders?q=: the orders found (snake_case of services/admin/orders/schemas.ts orderSummary). */
export const orderSearchAnswer = z.object({
  ticket_order: collection(
    z.object({
      id: z.string(),
      order_number: z.string(),
      buyer_name: z.string().nullable(),
      buyer_email: z.string().nullable(),
      created_at: z.string(),
      total: z.string(),
      currency: z.string(),
      state: z.string(),
      item_count: z.number(),
      booked_count: z.number(),
    }),
  ),
});

/** GET admin/orders/{id}: an order as staff see it. */
export const orderDetailAnswer = z.object({
  ticket_order: collection(
    z.object({
      order: z.object({
        id: z.string(),
        order_number: z.string(),
        state: z.string(),
        created_at: z.string(),
        total: z.string(),
        currency: z.string(),
        guest: z.boolean(),
        buyer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
      }),
      tickets: z.array(
        z.object({
          id: z.string(),
          state: z.string(),
          ticket_type: z.object({ id: z.string(), name: z.string() }),
          event: z.object({ id: z.string(), name: z.string() }),
          session_id: z.string().nullable(),
          session_start: z.string().nullable(),
          seat_name: z.string().nullable(),
          holder_name: z.string().nullable(),
          scan_code: z.string().nullable(),
          price: z.string(),
          admission: z
            .object({ admitted_at: z.string(), gate: z.string(), overridden: z.boolean() })
            .nullable(),
        }),
      ),
      payments: z.array(
        z.object({
          id: z.string(),
          gateway: z.string(),
          amount: z.string(),
          state: z.string(),
          card_last4: z.string().nullable(),
          gift_card_number: z.string().nullable(),
          occurred_at: z.string(),
        }),
      ),
      refunds: z.array(
        z.object({
          id: z.string(),
          gateway: z.string(),
          amount: z.string(),
          state: z.string(),
          occurred_at: z.string(),
        }),
      ),
      paid: z.string(),
      refunded: z.string(),
      refundable: z.string(),
      emails: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          subject: z.string(),
          to: z.string(),
          state: z.string(),
          created_at: z.string(),
        }),
      ),
      audit: z.array(
        z.object({
          id: z.string(),
          actor_name: z.string(),
          action: z.string(),
          reason: z.string().nullable(),
          /** What the entry changed (a reschedule: from_start, to_start, tickets). */
          details: z.record(z.string(), z.unknown()),
          created_at: z.string(),
        }),
      ),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof orderDetailAnswer>["ticket_order"]["_data"][number];

export const refundDone = z.object({
  refund: collection(
    z.object({ amount: z.string(), refunded: z.string(), due: z.string(), currency: z.string() }),
  ),
});
export type RefundBody = {
  scope: { kind: "order" } | { kind: "tickets"; ticket_ids: string[] } | { kind: "amount"; amount: string };
  reason: string;
};

/** GET admin/sessions/{id}/attendees. */
export const attendeesAnswer = z.object({
  attendee_list: collection(
    z.object({
      session_id: z.string(),
      event_name: z.string(),
      start: z.string(),
      attendees: z.array(
        z.object({
          ticket_id: z.string(),
          state: z.string(),
          holder_name: z.string(),
          email: z.string().nullable(),
          ticket_type_name: z.string(),
          seat: z.string().nullable(),
          order_number: z.string(),
          scan_code: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export const sessionChangeAnswer = z.object({ event_session: collection(z.record(z.string(), z.unknown())) });

const memberCard = z.object({
  membership_id: z.string(),
  scan_code: z.string(),
  role: z.string(),
  name: z.string(),
  last_name: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  auto_renew_state: z.string().nullable(),
  program: z.string().nullable(),
  level: z.string().nullable(),
});
/** GET admin/members?q=. */
export const memberSearchAnswer = z.object({
  membership: collection(memberCard.extend({ email: z.string().nullable() })),
});
/** GET admin/members/{id}. */
export const memberDetailAnswer = z.object({
  membership: collection(
    z.object({
      membership: memberCard,
      account: z.object({
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
        email: z.string().nullable(),
      }),
      order: z.object({ id: z.string(), order_number: z.string(), created_at: z.string() }).nullable(),
      cards: z.array(memberCard),
      renewals: z.array(
        z.object({
          term_end: z.string(),
          state: z.string(),
          created_at: z.string(),
          detail: z.string().nullable(),
        }),
      ),
      auto_renew: z.object({ state: z.string().nullable(), payment_method: z.string().nullable() }),
    }),
  ),
});

const salesLine = {
  orders: z.number(),
  tickets: z.number(),
  sales: z.number(),
  fees: z.number(),
  refunds: z.number(),
};
/** GET admin/figures/sales?from=&until=: sales by day, event and ticket type (money in minor units). */
export const salesAnswer = z.object({
  sales: collection(
    z.object({
      from: z.string(),
      until: z.string(),
      timezone: z.string(),
      currency: z.string(),
      totals: z.object(salesLine),
      by_day: z.array(z.object({ date: z.string(), ...salesLine })),
      by_event: z.array(z.object({ event_template_id: z.string(), event_name: z.string(), ...salesLine })),
      by_ticket_type: z.array(
        z.object({
          event_name: z.string(),
          ticket_type_id: z.string(),
          ticket_type_name: z.string(),
          ...salesLine,
        }),
      ),
    }),
  ),
});
export type SalesFiguresView = z.infer<typeof salesAnswer>["sales"]["_data"][number];

/**
 * The desk sale (the box office selling to a walk-in visitor):
 * | GET admin/desk/sessions?date= | none | 200 deskDayAnswer: the day's sellable sessions |
 * | POST admin/desk/sales | DeskSaleBody | 200 deskSaleAnswer; 409 session_capacity_exceeded; 400 desk_cash_short |
 * | GET admin/orders/{id}/ticket_cards | none | 200 ticketCardsAnswer: the tickets to print |
 */
export const deskDayAnswer = z.object({
  desk_day: collection(
    z.object({
      date: z.string(),
      timezone: z.string(),
      currency: z.string(),
      sessions: z.array(
        z.object({
          session_id: z.string(),
          event_template_id: z.string(),
          event_name: z.string(),
          start: z.string(),
          local_time: z.string(),
          capacity: z.number(),
          remaining: z.number().nullable(),
          closed: z.boolean(),
          started: z.boolean(),
          seated: z.boolean(),
          ticket_types: z.array(
            z.object({ id: z.string(), name: z.string(), group_name: z.string(), price: z.string() }),
          ),
        }),
      ),
    }),
  ),
});
export type DeskDayView = z.infer<typeof deskDayAnswer>["desk_day"]["_data"][number];
export type DeskSessionView = DeskDayView["sessions"][number];

export interface DeskSaleBody {
  session_id: string;
  lines: { ticket_type_id: string; quantity: number }[];
  buyer?: { first_name?: string; last_name?: string; email?: string };
  payment: { method: "card"; last4?: string; reference?: string } | { method: "cash"; tendered?: string };
  email_tickets?: boolean;
}

export const deskSaleAnswer = z.object({
  desk_sale: collection(
    z.object({
      order_id: z.string(),
      order_number: z.string(),
      total: z.string(),
      currency: z.string(),
      method: z.enum(["card", "cash"]),
      tendered: z.string().nullable(),
      change: z.string().nullable(),
      tickets: z.number(),
      buyer_email: z.string().nullable(),
      emailed: z.boolean(),
    }),
  ),
});
export type DeskSaleView = z.infer<typeof deskSaleAnswer>["desk_sale"]["_data"][number];

export const ticketCardsAnswer = z.object({
  ticket_cards: collection(
    z.object({
      order_id: z.string(),
      order_number: z.string(),
      cards: z.array(
        z.object({
          ticket_id: z.string(),
          order_id: z.string(),
          order_number: z.string(),
          order_state: z.string(),
          state: z.string(),
          handler: z.string(),
          event_name: z.string(),
          type_name: z.string(),
          admit_name: z.string().nullable(),
          session_id: z.string().nullable(),
          start: z.string().nullable(),
          valid_to: z.string().nullable(),
          time_zone: z.string(),
          seat: z.object({ name: z.string(), section: z.string().nullable() }).nullable(),
          scan_code: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TicketCardsView = z.infer<typeof ticketCardsAnswer>["ticket_cards"]["_data"][number];
/** GET admin/gate/conflicts?date=: tickets an offline gate let in after another gate had admitted them. */
export const gateConflictsAnswer = z.object({
  gate_conflicts: collection(
    z.object({
      date: z.string(),
      conflicts: z.array(
        z.object({
          scan_id: z.string(),
          ticket_id: z.string(),
          order_id: z.string().nullable(),
          order_number: z.string().nullable(),
          ticket_type_name: z.string(),
          offline_gate: z.string(),
          offline_scanned_at: z.string(),
          offline_staff: z.string(),
          admitted_gate: z.string().nullable(),
          admitted_at: z.string().nullable(),
        }),
      ),
    }),
  ),
});

/** POST admin/orders/{id}/cancel: the tickets cancelled without a refund. */
export const cancelDone = z.object({
  cancellation: collection(z.object({ order_id: z.string(), cancelled_ticket_ids: z.array(z.string()) })),
});
export type CancelBody = { ticket_ids?: string[]; reason: string };

const sessionPlace = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  /** Places left; -1 is unlimited. */
  available: z.number(),
});
/** GET admin/orders/{id}/reschedule_options?session=: where the order's tickets of a session could move. */
export const rescheduleOptionsAnswer = z.object({
  reschedule_options: collection(
    z.object({
      order_id: z.string(),
      from: sessionPlace,
      ticket_ids: z.array(z.string()),
      sessions: z.array(sessionPlace),
    }),
  ),
});
export type RescheduleOptionsView = z.infer<
  typeof rescheduleOptionsAnswer
>["reschedule_options"]["_data"][number];
/** POST admin/orders/{id}/reschedule. */
export const rescheduleDone = z.object({
  reschedule: collection(
    z.object({ order_id: z.string(), ticket_ids: z.array(z.string()), from: sessionPlace, to: sessionPlace }),
  ),
});
export type RescheduleBody = { ticket_ids: string[]; session_id: string; reason: string };

/**
 * The gate (scanning tickets and member cards at the door):
 * | GET admin/gate/day | none | 200 gateDayAnswer: today's sessions with sold and checked-in counts |
 * | POST admin/gate/scans | GateScanBody | 200 gateScanAnswer: the verdict (green, amber, red) and its words |
 * | POST admin/gate/admissions/{ticket_id}/undo | { reason } | 200: the ticket is booked again (logged) |
 */
export const gateDayAnswer = z.object({
  gate_day: collection(
    z.object({
      date: z.string(),
      timezone: z.string(),
      sessions: z.array(
        z.object({
          id: z.string(),
          event_id: z.string(),
          event_name: z.string(),
          start: z.string(),
          end: z.string(),
          sold: z.number(),
          checked_in: z.number(),
        }),
      ),
    }),
  ),
});
export type GateDayView = z.infer<typeof gateDayAnswer>["gate_day"]["_data"][number];
export type GateSessionView = GateDayView["sessions"][number];

/** What a gate checks: everything today, one event's sessions, or one session. */
export type GateScopeBody =
  | { kind: "today" }
  | { kind: "event"; event_id: string }
  | { kind: "session"; session_id: string };

export interface GateScanBody {
  /** A fresh UUID per scan: the same scan sent again is answered, not counted, again. */
  scan_id: string;
  code: string;
  gate: string;
  scope: GateScopeBody;
  override?: boolean;
  reason?: string;
}

export const gateScanAnswer = z.object({
  gate_scan: collection(
    z.object({
      scan_id: z.string(),
      light: z.enum(["green", "amber", "red"]),
      kind: z.string(),
      headline: z.string(),
      detail: z.string(),
      ticket_id: z.string().nullable(),
      membership_id: z.string().nullable(),
      can_override: z.boolean(),
      conflict: z.boolean(),
    }),
  ),
});
export type GateScanView = z.infer<typeof gateScanAnswer>["gate_scan"]["_data"][number];

/** GET admin/gate/codes: today's codes for a gate that goes offline (hashes, never the codes). */
export const gateCodesAnswer = z.object({
  gate_codes: collection(
    z.object({
      date: z.string(),
      codes: z.array(
        z.object({
          hash: z.string(),
          ticket_type_name: z.string(),
          session_id: z.string().nullable(),
          event_id: z.string(),
          start: z.string().nullable(),
          state: z.string(),
        }),
      ),
    }),
  ),
});
export type GateCodesView = z.infer<typeof gateCodesAnswer>["gate_codes"]["_data"][number];

/** POST admin/gate/sync: an offline gate's scans, each with when it was made and what the gate did. */
export interface GateSyncBody {
  scans: (GateScanBody & { scanned_at: string; admitted: boolean })[];
}

/** GET admin/sessions/{id}/waiting_list: the session's list, in the order of the line, and its counts. */
export const waitingListAnswer = z.object({
  waiting_list: collection(
    z.object({
      session_id: z.string(),
      event_name: z.string(),
      start: z.string(),
      counts: z.object({
        waiting: z.number(),
        offered: z.number(),
        offers_made: z.number(),
        offers_booked: z.number(),
        places_kept: z.number(),
      }),
      entries: z.array(
        z.object({
          id: z.string(),
          state: z.enum([
            "waiting",
            "offered",
            "converted",
            "expired",
            "declined",
            "removed",
            "left",
            "closed",
          ]),
          position: z.number().nullable(),
          email: z.string(),
          member: z.boolean(),
          quantity: z.number(),
          tickets: z.array(z.object({ ticket_type_id: z.string(), name: z.string(), quantity: z.number() })),
          joined_at: z.string(),
          offered_at: z.string().nullable(),
          offer_expires_at: z.string().nullable(),
          ended_at: z.string().nullable(),
          booked: z.boolean(),
        }),
      ),
    }),
  ),
});
export type WaitingListAnswer = z.infer<typeof waitingListAnswer>;

/** POST admin/waiting_list/{id}/offer and admin/waiting_list/{id}/remove: the entry as changed. */
export const waitingEntryChangeAnswer = z.object({
  waiting_list_entry: collection(
    z.object({
      entry_id: z.string(),
      session_id: z.string(),
      state: z.string(),
      offer_expires_at: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
});

const waitingRoomView = z.object({
  key: z.string(),
  all_events: z.boolean(),
  events: z.array(z.object({ id: z.string(), name: z.string() })),
  on_sale_at: z.string(),
  phase: z.enum(["before", "open"]),
  file_rate_per_minute: z.number().nullable(),
  rate_override: z.number().nullable(),
  rate_per_minute: z.number().nullable(),
  max_in_shop: z.number().nullable(),
  stay_minutes: z.number(),
  paused: z.boolean(),
  figures: z.object({
    waiting: z.number(),
    admitted: z.number(),
    in_shop: z.number(),
    sold: z.number(),
    admitted_last_minute: z.number(),
  }),
});

/** GET admin/waiting_rooms: the tenant's on-sale waiting rooms with their live figures (none: `_count` 0). */
export const waitingRoomsAnswer = z.object({ waiting_room: collection(waitingRoomView) });
export type WaitingRoomView = z.infer<typeof waitingRoomView>;

/** POST admin/waiting_rooms/{key}/pause and /resume, PUT admin/waiting_rooms/{key}/rate: the room as changed. */
export const waitingRoomChangeAnswer = z.object({
  waiting_room: collection(waitingRoomView.extend({ changed: z.boolean() })),
});

/** PUT admin/waiting_rooms/{key}/rate: shoppers let in per minute, or null for the tenant file's rate. */
export const waitingRoomRateBody = z.object({
  rate_per_minute: z.number().int().min(1).max(100_000).nullable(),
});
