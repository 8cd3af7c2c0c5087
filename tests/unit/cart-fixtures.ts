/** Cart envelopes for the cart widget's unit tests, parsed with the contract's schema. */
import { type CartEnvelope, cartEnvelope } from "../../src/lib/api/cart/schemas.ts";

export interface FixtureTicket {
  id: string;
  event: string;
  session?: string | null;
  type: string;
  group?: string;
  face?: string;
  discount?: string;
  /** A seated ticket's seat name ('B12'); its seat_template_id is `seat-B12`. */
  seat?: string;
  holder?: string;
}

interface FixtureOptions {
  id?: string;
  state?: "pending" | "expired" | "booked" | "deleted";
  expiresIn?: number | null;
  anchor?: string | null;
  totals?: Partial<Record<"face_value" | "fee_fixed" | "fee_percent" | "promo_discount" | "total", string>>;
  outstanding?: string;
  payments?: string;
  blockingRules?: { code: string; description: string }[];
  codes?: { code: string; description: string | null }[];
  /** Meta per event id. */
  meta?: Record<string, Record<string, unknown>>;
  handlers?: Record<string, "tickets" | "membership" | "passes" | "donation" | "ledger">;
  /** The cart's additional info (survey answers keyed by ticket group id). */
  additionalInfo?: Record<string, Record<string, unknown>>;
  /** Group names by group id (default 'Group {id}'). */
  groupNames?: Record<string, string>;
}

/** The server's "now" in these envelopes: expires_at is this instant plus expires_in. */
export const FIXTURE_SERVER_NOW = Date.parse("2026-11-17T20:30:00Z");

const EVENTS: Record<string, string> = {
  ga: "General Admission",
  exhibition: "Special exhibition",
  concert: "Sea Shanties by Candlelight",
  membership: "Membership",
};

export function envelope(tickets: FixtureTicket[], options: FixtureOptions = {}): CartEnvelope {
  const cartId = options.id ?? "cart-1";
  const events = [...new Set(tickets.map((t) => t.event))];
  const groups = [...new Set(tickets.map((t) => t.group ?? `${t.event}-group`))];
  const types = [...new Set(tickets.map((t) => t.type))];
  const sessions = [...new Set(tickets.flatMap((t) => (t.session ? [t.session] : [])))];
  const expiresIn = options.expiresIn === undefined ? 900 : options.expiresIn;
  return cartEnvelope.parse({
    cart: {
      _count: 1,
      _data: [
        {
          id: cartId,
          seller_id: "harbour-museum",
          cart_number: "C-1",
          state: options.state ?? "pending",
          expires_at:
            expiresIn === null ? null : new Date(FIXTURE_SERVER_NOW + expiresIn * 1000).toISOString(),
          expires_in: expiresIn,
          identity_id: "public",
          anchor: options.anchor ? { event_template_id: options.anchor, event_session_id: null } : null,
          visit_window: null,
          codes: options.codes ?? [],
          cart_mods: [],
          blocking_rules: options.blockingRules ?? [],
          totals: {
            face_value: "50.00",
            fee_fixed: "3.00",
            fee_percent: "0.00",
            promo_discount: "0.00",
            total: "53.00",
            ...options.totals,
          },
          outstanding_balance: options.outstanding ?? "53.00",
          ticket_order_id: null,
          additional_info: options.additionalInfo ?? {},
        },
      ],
    },
    cart_fees: {
      _count: 1,
      _data: [
        {
          cart_id: cartId,
          gateway_id: "test",
          account_id: "acct",
          grand_totals: {
            total_before_cartmod_price: "53.00",
            total_fee_fixed_outside: "3.00",
            total_fee_percent_outside: "0.00",
            total_cartmod_amount: "0.00",
            total_payments: options.payments ?? "0.00",
            total_outstanding: options.outstanding ?? "53.00",
            total_before_fees_price: "50.00",
            total_after_fees_price: "53.00",
          },
        },
      ],
    },
    ticket: {
      _count: tickets.length,
      _data: tickets.map((t) => ({
        id: t.id,
        cart_id: cartId,
        state: "held",
        ticket_order_id: null,
        ticket_type_id: t.type,
        ticket_group_id: t.group ?? `${t.event}-group`,
        event_template_id: t.event,
        event_session_id: t.session ?? null,
        valid_from: null,
        valid_to: null,
        face_value: t.face ?? "25.00",
        fee_fixed_outside: "1.50",
        fee_percent_outside: "0.00",
        discount: t.discount ?? "0.00",
        admit_name: t.holder ?? null,
        admit_email: null,
        seat_template_id: t.seat ? `seat-${t.seat}` : null,
        code: null,
      })),
    },
    seat: {
      _count: 0,
      _data: tickets.flatMap((t) =>
        t.seat ? [{ id: `seat-${t.seat}`, seat_template_id: `seat-${t.seat}`, name: t.seat }] : [],
      ),
    },
    event_template: {
      _count: events.length,
      _data: events.map((id, rank) => ({
        id,
        seller_id: "harbour-museum",
        venue_id: "venue",
        name: EVENTS[id] ?? id,
        subtitle: null,
        summary: null,
        description: null,
        category: null,
        event_type: "repeating",
        hidden_type: "public_browsable",
        _rank: rank,
      })),
    },
    ticket_group: {
      _count: groups.length,
      _data: groups.map((id, rank) => ({
        id,
        event_template_id: tickets.find((t) => (t.group ?? `${t.event}-group`) === id)?.event ?? "",
        name: options.groupNames?.[id] ?? `Group ${id}`,
        description: null,
        handler: options.handlers?.[id] ?? "tickets",
        hidden_type: "public_browsable",
        start_policy: null,
        start_policy_date: null,
        duration_new: null,
        min_tickets_per_order: null,
        max_tickets_per_order: null,
        capacity: -1,
        oversell_capacity: 0,
        used_capacity: 0,
        exclude_from_event_capacity: false,
        color: null,
        sold_out: false,
        additional_info_spec: null,
        _rank: rank,
      })),
    },
    ticket_type: {
      _count: types.length,
      _data: types.map((id, rank) => ({
        id,
        ticket_group_id: tickets.find((t) => t.type === id)?.group ?? "",
        name: id === "adult" ? "Adult" : id === "child" ? "Child" : id,
        description: null,
        summary: null,
        _rank: rank,
        currency_amount: "25.00",
        currency_amount_min: null,
        currency_amount_max: null,
        discounted_amount: null,
        outside_fees: [],
      })),
    },
    event_session: {
      _count: sessions.length,
      _data: sessions.map((id) => ({
        id,
        event_template_id: tickets.find((t) => t.session === id)?.event ?? "",
        // 2026-07-04 14:30 in New York (EDT, UTC-4).
        start_datetime: "2026-07-04T18:30:00.000Z",
        end_datetime: "2026-07-04T19:00:00.000Z",
        capacity: 60,
        used_capacity: 0,
        oversell_capacity: 0,
        available_capacity: 60,
        sold_out: false,
        price_tier: null,
        sold_quantity: 0,
        redeemed_count: 0,
        oversold_out: false,
      })),
    },
    venue: {
      _count: 1,
      _data: [{ id: "venue", name: "Harbour Museum", timezone: "America/New_York", address: null }],
    },
    // Meta in the original API's shape: one row per key.
    meta: metaRows(options.meta ?? {}),
  });
}

function metaRows(meta: Record<string, Record<string, unknown>>) {
  const rows = Object.entries(meta).flatMap(([eventId, data]) =>
    Object.entries(data).map(([metakey, value]) => ({
      id: `meta-${eventId}:${metakey}`,
      resource: "event_template",
      resource_id: eventId,
      metakey,
      value,
    })),
  );
  return { _count: rows.length, _data: rows };
}
