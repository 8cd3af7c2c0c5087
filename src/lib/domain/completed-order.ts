/**
 * The completed order page's view (spec 2 §2 "Completed order"): each order's tickets grouped by
 * event and session with per-type counts, and the seller's completed-order content from its meta
 * (completed_order_message, completed_order_links, completed_image, completed_mobile_image,
 * completed_image_alternate_text), read defensively: anything malformed is left out.
 */
import type { Rows } from "./answer-rows.ts";
import { formatTime } from "./date-format.ts";
import { type FeeLine, feeLines } from "./fee-lines.ts";
import { type GiftRecipient, giftRecipientOf } from "./gift-recipient.ts";
import { roleRank } from "./membership/members.ts";
import { apiMoneyMinor } from "./money.ts";
import { formatOrderDate } from "./order-dates.ts";
import { sortSeatLines } from "./seat-label.ts";

/** An order's totals as its read answers them (money strings); the breakdown comes with order reads. */
export interface OrderFees {
  total_after_fees_price: string;
  subtotal_price?: string | undefined;
  fees_price?: string | undefined;
  discount_price?: string | undefined;
}

/**
 * The parts of an order read (the API's ticket order envelope, src/lib/api/checkout/client.ts) the
 * completed order page reads. Declared here, so the domain imports no API module; the API's
 * TicketOrderEnvelope fits it, which the type check proves where the page hands one over.
 */
export interface OrderAnswer {
  ticket_order: Rows<{
    id: string;
    order_number: string;
    created_at: string;
    ticket_order_fees: OrderFees;
    additional_info?: unknown;
    giftee?: { name: string; email: string | null } | null | undefined;
  }>;
  ticket?:
    | Rows<{
        ticket_order_id: string | null;
        ticket_group_id: string;
        ticket_type_id: string;
        event_template_id: string;
        event_session_id: string | null;
        start_datetime: string | null;
        timezone: string | null;
        seat_template_id: string | null;
        admit_name: string | null;
      }>
    | undefined;
  event_template?: Rows<{ id: string; name: string }> | undefined;
  ticket_type?: Rows<{ id: string; name: string }> | undefined;
  ticket_group?: Rows<{ id: string; name: string; handler: string }> | undefined;
  seat?: Rows<{ seat_template_id: string; name: string }> | undefined;
  membership?:
    | Rows<{
        id: string;
        ticket_order_id: string | null;
        name: string;
        scan_code: string;
        valid_to: string;
        role?: string | undefined;
      }>
    | undefined;
}

/** A booked seat: its name ('B12'), its section (the seated group) and the holder. */
export interface OrderSeat {
  name: string;
  section: string;
  holder: string | null;
}

export interface OrderLine {
  eventName: string;
  /** ISO start of the session, or null for any-day tickets. */
  start: string | null;
  /** Set for a ticket to one session, so its entry time is shown (none for an any-day ticket). */
  sessionId: string | null;
  timeZone: string | null;
  types: Array<{ name: string; count: number; seats: OrderSeat[] }>;
  /** A gift card's recipient, from the order's additional info for its ledger group. */
  giftRecipient: GiftRecipient | null;
}

/**
 * When a line's tickets are for: the date as 'ddd, MMMM D YYYY' (spec 2 §2) and, for a ticket to one
 * session, its entry time, both in the venue's zone; the same rule as the ticket cards. An any-day
 * ticket has neither.
 */
export function orderLineWhen(
  line: Pick<OrderLine, "start" | "sessionId" | "timeZone">,
  locale: string,
  fallbackZone: string,
): { date: string | null; time: string | null } {
  const start = line.start ? new Date(line.start) : null;
  if (!start || Number.isNaN(start.getTime())) return { date: null, time: null };
  const zone = line.timeZone ?? fallbackZone;
  return {
    date: formatOrderDate(start.toISOString(), zone, locale) || null,
    time: line.sessionId ? formatTime(start, locale, zone) : null,
  };
}

export interface OrderView {
  id: string;
  orderNumber: string;
  createdAt: string;
  total: string;
  /** Subtotal, Fees (and discount) and Total when the total includes fees; else empty. */
  feeLines: FeeLine[];
  lines: OrderLine[];
  /** The memberships the order created; non-empty makes the page its membership variant. */
  memberships: MemberCard[];
  /** A gift of membership's recipient; set makes the page its gift variant. */
  gift: { name: string; email: string | null; level: string } | null;
}

/** One member's card on the completion page. */
export interface MemberCard {
  id: string;
  name: string;
  /** The level: the name of the order's membership ticket type. */
  level: string;
  scanCode: string;
  validTo: string;
  /** The last full day of the term, as an instant inside it (valid_to − 1 ms): a term ending at midnight 22 Nov shows 21 Nov. */
  validUntil: string;
}

/** The order's fee lines from its read's ticket_order_fees (none when the read has no breakdown). */
function orderFeeLines(fees: OrderFees): FeeLine[] {
  if (fees.subtotal_price === undefined || fees.fees_price === undefined) return [];
  return feeLines({
    faceValue: apiMoneyMinor(fees.subtotal_price),
    fees: apiMoneyMinor(fees.fees_price),
    discount: apiMoneyMinor(fees.discount_price ?? "0.00"),
    total: apiMoneyMinor(fees.total_after_fees_price),
  });
}

export function orderViews(envelope: OrderAnswer): OrderView[] {
  const templates = new Map((envelope.event_template?._data ?? []).map((t) => [t.id, t.name]));
  const types = new Map((envelope.ticket_type?._data ?? []).map((t) => [t.id, t.name]));
  const groups = new Map((envelope.ticket_group?._data ?? []).map((g) => [g.id, g.name]));
  const ledgers = new Set(
    (envelope.ticket_group?._data ?? []).filter((g) => g.handler === "ledger").map((g) => g.id),
  );
  const seatNames = new Map((envelope.seat?._data ?? []).map((s) => [s.seat_template_id, s.name]));
  const tickets = envelope.ticket?._data ?? [];
  const membershipGroups = new Set(
    (envelope.ticket_group?._data ?? []).filter((g) => g.handler === "membership").map((g) => g.id),
  );
  return envelope.ticket_order._data.map((order) => {
    // One level per membership order: its first membership ticket's type.
    const levelTicket = tickets.find(
      (t) => t.ticket_order_id === order.id && membershipGroups.has(t.ticket_group_id),
    );
    const level = levelTicket ? (types.get(levelTicket.ticket_type_id) ?? "") : "";
    // The primary cardholder first, as everywhere memberships are listed (role rank).
    const memberships = (envelope.membership?._data ?? [])
      .filter((m) => m.ticket_order_id === order.id)
      .sort(
        (a, b) => roleRank(a.role ?? "") - roleRank(b.role ?? "") || a.scan_code.localeCompare(b.scan_code),
      )
      .map((m) => ({
        id: m.id,
        name: m.name,
        level,
        scanCode: m.scan_code,
        validTo: m.valid_to,
        validUntil: new Date(Date.parse(m.valid_to) - 1).toISOString(),
      }));
    const lines = new Map<string, OrderLine>();
    for (const ticket of tickets) {
      if (ticket.ticket_order_id !== order.id) continue;
      // Member tickets are no visit: the membership cards stand for them.
      if (membershipGroups.has(ticket.ticket_group_id)) continue;
      const key = `${ticket.event_template_id}|${ticket.event_session_id ?? ""}`;
      let line = lines.get(key);
      if (!line) {
        line = {
          eventName: templates.get(ticket.event_template_id) ?? "",
          start: ticket.start_datetime,
          sessionId: ticket.event_session_id ?? null,
          timeZone: ticket.timezone,
          types: [],
          giftRecipient: null,
        };
        lines.set(key, line);
      }
      if (ledgers.has(ticket.ticket_group_id) && !line.giftRecipient) {
        line.giftRecipient = giftRecipientOf(order.additional_info, ticket.ticket_group_id);
      }
      const name = types.get(ticket.ticket_type_id) ?? "";
      let type = line.types.find((t) => t.name === name);
      if (!type) {
        type = { name, count: 0, seats: [] };
        line.types.push(type);
      }
      type.count += 1;
      if (ticket.seat_template_id) {
        type.seats.push({
          name: seatNames.get(ticket.seat_template_id) ?? ticket.seat_template_id,
          section: groups.get(ticket.ticket_group_id) ?? "",
          holder: ticket.admit_name?.trim() || null,
        });
      }
    }
    for (const line of lines.values()) for (const type of line.types) type.seats = sortSeatLines(type.seats);
    return {
      id: order.id,
      orderNumber: order.order_number,
      createdAt: order.created_at,
      total: order.ticket_order_fees.total_after_fees_price,
      feeLines: orderFeeLines(order.ticket_order_fees),
      lines: [...lines.values()],
      memberships,
      gift: order.giftee ? { ...order.giftee, level } : null,
    };
  });
}

export interface CompletedContent {
  message: string | null;
  links: Array<{ label: string; url: string }>;
  image: string | null;
  mobileImage: string | null;
  imageAlt: string;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
/** Only http(s) and site-relative links are kept (never javascript:). */
const safeUrl = (value: unknown) => {
  const url = text(value);
  return url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;
};

function links(value: unknown): CompletedContent["links"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const record = item as Record<string, unknown>;
    const url = safeUrl(record.url ?? record.href);
    const label = text(record.label ?? record.text ?? record.name);
    return url && label ? [{ label, url }] : [];
  });
}

/** The seller's completed-order content from the meta record of resource "seller", if any. */
export function completedContent(meta: ReadonlyArray<Record<string, unknown>> | undefined): CompletedContent {
  const record = meta?.find((m) => m.resource === "seller") ?? {};
  return {
    message: text(record.completed_order_message),
    links: links(record.completed_order_links),
    image: text(record.completed_image),
    mobileImage: text(record.completed_mobile_image),
    imageAlt: text(record.completed_image_alternate_text) ?? "",
  };
}

/** A link to the membership pages (the membership route, a membership event's buy or renew). */
const MEMBERSHIP_LINK = /\/membership(?:[/?#]|$)/i;

/**
 * The seller's links as shown with these orders: someone whose order holds memberships (bought or
 * renewed) is a member, so the seller's invitation to join ('Become a member', a link to the
 * membership pages) is left out for them. Regression guard: a member who had just renewed was
 * offered 'Become a member'.
 */
export function linksForOrders(
  content: Pick<CompletedContent, "links">,
  orders: readonly Pick<OrderView, "memberships">[],
): CompletedContent["links"] {
  const member = orders.some((o) => o.memberships.length > 0);
  return member ? content.links.filter((link) => !MEMBERSHIP_LINK.test(link.url)) : content.links;
}
