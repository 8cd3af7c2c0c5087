/**
 * The cart widget's view of a cart (spec 1 §3 "Cart item (widget)", §4 "Remove item", §5 promo
 * entry, §9 badge): the held tickets grouped by event and session, the remove rule, the totals,
 * and which listing events are still worth offering (the upsell listing). Pure: reads the cart
 * envelope the server answered, never the network.
 */
import type { CartAnswer, CartAnswerTicket } from "./cart-answer.ts";
import { type GiftRecipient, giftRecipientOf } from "./gift-recipient.ts";
import { foldMeta } from "./meta-fold.ts";
import { apiMoneyMinor } from "./money.ts";
import { sortSeatLines } from "./seat-label.ts";

export interface CartItemType {
  ticketTypeId: string;
  name: string;
  ticketCount: number;
  /** Face value of these tickets, minor units. */
  totalPrice: number;
  /** The ticket group's name. */
  group: string;
  /** The seats of seated tickets (shown again after the add), in row and seat order. */
  seats: CartSeat[];
}

/** A held seat: its name ('B12'), its section (the seated group's name) and the holder, if named. */
export interface CartSeat {
  ticketId: string;
  name: string;
  section: string;
  holder: string | null;
}

export interface CartItem {
  /** `{event_template_id}:{event_session_id or "none"}`. */
  id: string;
  eventId: string;
  sessionId: string | null;
  name: string;
  /** The image id (meta image_profile), if any; the island turns it into a thumbnail URL. */
  image: string | undefined;
  /** The meta alt text; empty when the event has none (the island applies 'Image for {name}'). */
  imageAlt: string;
  /** Session start (ISO) or null for passes, donations, gift cards and memberships. */
  start: string | null;
  /** Spec 1 §9: the session is all day (the server's all_day): its date shows, not its time. */
  allDay: boolean;
  /**
   * Whether a visit date applies at all (donation and gift card lines said 'Any date'):
   * donations, gift cards (ledger) and memberships are not visits, so they show no date line;
   * an undated pass still reads 'Any date'.
   */
  dated: boolean;
  /** A gift card's recipient, from the cart's additional info for its ledger group. */
  giftRecipient: GiftRecipient | null;
  /** The venue's time zone (else the seller's). */
  timeZone: string | undefined;
  types: CartItemType[];
  isAnchor: boolean;
  /** Other items depend on it: the anchor while the cart holds requires_anchor add-ons. */
  isDependency: boolean;
  isMembershipEvent: boolean;
  ticketIds: string[];
}

/** The event meta keys the widget reads (a subset of schemas.ts eventMetaData). */
export interface CartEventMeta {
  is_anchor: boolean;
  requires_anchor: boolean;
  reserve_flow: string | undefined;
  image_profile: string | undefined;
  image_profile_alt: string | undefined;
}

/**
 * The meta of one event in the envelope, read by hand rather than with the zod schema so the
 * widget's bundle stays free of zod (the envelope itself was checked when it arrived).
 */
export function eventMetaOf(envelope: CartAnswer, resourceId: string): CartEventMeta {
  const record = foldMeta(envelope.meta?._data, resourceId);
  const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : undefined);
  return {
    is_anchor: record.is_anchor === true,
    requires_anchor: record.requires_anchor === true,
    reserve_flow: text("reserve_flow"),
    image_profile: text("image_profile"),
    image_profile_alt: text("image_profile_alt"),
  };
}

const heldTickets = (envelope: CartAnswer): CartAnswerTicket[] =>
  envelope.ticket._data.filter((t) => t.state === "held");

/** The anchor event of the cart: the server's cart.anchor, else a held ticket of an is_anchor event. */
export function anchorEventId(envelope: CartAnswer): string | null {
  const cart = envelope.cart._data[0];
  if (cart?.anchor) return cart.anchor.event_template_id;
  const anchor = heldTickets(envelope).find((t) => eventMetaOf(envelope, t.event_template_id).is_anchor);
  return anchor?.event_template_id ?? null;
}

/** Ticket group handlers (spec 1 §3) whose tickets are not visits on a date. */
const UNDATED_HANDLERS: ReadonlySet<string> = new Set(["donation", "ledger", "membership"]);

/** Spec §3: the cart's tickets grouped by event and session, in the order they were added. */
export function cartItems(envelope: CartAnswer): CartItem[] {
  const tickets = heldTickets(envelope);
  const anchorId = anchorEventId(envelope);
  const hasAddOns = tickets.some((t) => eventMetaOf(envelope, t.event_template_id).requires_anchor);
  const events = new Map((envelope.event_template?._data ?? []).map((e) => [e.id, e]));
  const types = new Map((envelope.ticket_type?._data ?? []).map((t) => [t.id, t]));
  const groups = new Map((envelope.ticket_group?._data ?? []).map((g) => [g.id, g]));
  const sessions = new Map((envelope.event_session?._data ?? []).map((s) => [s.id, s]));
  const venues = new Map((envelope.venue?._data ?? []).map((v) => [v.id, v]));
  const sellerZone = envelope.seller?._data[0]?.timezone;
  const seatNames = new Map((envelope.seat?._data ?? []).map((s) => [s.seat_template_id, s.name]));

  const items = new Map<string, CartItem>();
  for (const ticket of tickets) {
    const id = `${ticket.event_template_id}:${ticket.event_session_id ?? "none"}`;
    let item = items.get(id);
    if (!item) {
      const event = events.get(ticket.event_template_id);
      const meta = eventMetaOf(envelope, ticket.event_template_id);
      const isAnchor = anchorId === ticket.event_template_id;
      item = {
        id,
        eventId: ticket.event_template_id,
        sessionId: ticket.event_session_id,
        name: event?.name ?? ticket.event_template_id,
        image: meta.image_profile,
        imageAlt: meta.image_profile_alt ?? "",
        start: ticket.event_session_id
          ? (sessions.get(ticket.event_session_id)?.start_datetime ?? ticket.valid_from)
          : null,
        allDay: ticket.event_session_id ? sessions.get(ticket.event_session_id)?.all_day === true : false,
        timeZone: (event && venues.get(event.venue_id)?.timezone) ?? sellerZone,
        dated: true,
        giftRecipient: null,
        types: [],
        isAnchor,
        isDependency: isAnchor && hasAddOns,
        isMembershipEvent: meta.reserve_flow === "membership",
        ticketIds: [],
      };
      items.set(id, item);
    }
    const group = groups.get(ticket.ticket_group_id);
    if (group?.handler === "membership") item.isMembershipEvent = true;
    if (group && UNDATED_HANDLERS.has(group.handler)) item.dated = false;
    if (group?.handler === "ledger" && !item.giftRecipient) {
      item.giftRecipient = giftRecipientOf(envelope.cart._data[0]?.additional_info, group.id);
    }
    item.ticketIds.push(ticket.id);
    let line = item.types.find((t) => t.ticketTypeId === ticket.ticket_type_id);
    if (!line) {
      line = {
        ticketTypeId: ticket.ticket_type_id,
        name: types.get(ticket.ticket_type_id)?.name ?? ticket.ticket_type_id,
        ticketCount: 0,
        totalPrice: 0,
        group: group?.name ?? "",
        seats: [],
      };
      item.types.push(line);
    }
    line.ticketCount += 1;
    line.totalPrice += apiMoneyMinor(ticket.face_value);
    if (ticket.seat_template_id) {
      line.seats.push({
        ticketId: ticket.id,
        name: seatNames.get(ticket.seat_template_id) ?? ticket.seat_template_id,
        section: group?.name ?? "",
        holder: ticket.admit_name?.trim() || null,
      });
    }
  }
  for (const item of items.values()) for (const line of item.types) line.seats = sortSeatLines(line.seats);
  return [...items.values()];
}

export type RemovePlan = { kind: "delete_cart" } | { kind: "remove_tickets"; ticketIds: string[] };

/**
 * Spec §4 "Remove item": removing a dependency item or the only item deletes the whole cart;
 * otherwise only that item's tickets are removed.
 */
export function removePlan(items: CartItem[], itemId: string): RemovePlan {
  const item = items.find((i) => i.id === itemId);
  if (!item) return { kind: "remove_tickets", ticketIds: [] };
  if (item.isDependency || items.length === 1) return { kind: "delete_cart" };
  return { kind: "remove_tickets", ticketIds: item.ticketIds };
}

/** Spec §9: badge counts cap at '99+'. */
export function badgeLabel(count: number): string {
  return count > 99 ? "99+" : String(Math.max(0, count));
}

export function ticketCount(envelope: CartAnswer | undefined): number {
  return envelope ? heldTickets(envelope).length : 0;
}

export interface CartTotalsView {
  /** All in minor units. */
  faceValue: number;
  fees: number;
  promoDiscount: number;
  total: number;
  /** Spec §3 paymentDueByCreditCard: the outstanding amount. */
  amountDue: number;
  payments: number;
}

export function cartTotals(envelope: CartAnswer): CartTotalsView | null {
  const cart = envelope.cart._data[0];
  if (!cart) return null;
  const grand = envelope.cart_fees._data[0]?.grand_totals;
  const { totals } = cart;
  return {
    faceValue: apiMoneyMinor(totals.face_value),
    fees: apiMoneyMinor(totals.fee_fixed) + apiMoneyMinor(totals.fee_percent),
    promoDiscount: apiMoneyMinor(totals.promo_discount),
    total: apiMoneyMinor(totals.total),
    amountDue: apiMoneyMinor(grand?.total_outstanding ?? cart.outstanding_balance),
    payments: apiMoneyMinor(grand?.total_payments ?? "0.00"),
  };
}

/**
 * Spec §5: the promo entry shows only if the cart is modifiable, payment due is above 0, there are
 * no payments and no blocking rules.
 */
export function canEnterPromo(envelope: CartAnswer): boolean {
  const cart = envelope.cart._data[0];
  const totals = cartTotals(envelope);
  if (!cart || !totals) return false;
  return (
    cart.state === "pending" &&
    totals.amountDue > 0 &&
    totals.payments === 0 &&
    cart.blocking_rules.length === 0
  );
}

/** A listing card as the upsell listing sees it (data attributes on the listing page). */
export interface UpsellCandidate {
  eventId: string;
  requiresAnchor: boolean;
  /** meta tickets_must_match_anchor_tickets */
  mustMatchAnchor: boolean;
  /** hidden_type public_link_only: spec §2 "Events flagged hidden are listed only when the cart has an anchor." */
  hiddenEvent?: boolean;
  /**
   * The anchor events this one is an add-on of: its web.ecommerce anchor_event_ids and the anchors
   * whose upsell_event_ids name it. A hidden event is listed only with one of them in the cart.
   */
  anchorEventIds?: readonly string[];
}

/** Whether a listing card shows: without a cart hidden events stay out; with one, the upsell rule decides. */
export function listedWithCart(envelope: CartAnswer | null, candidate: UpsellCandidate): boolean {
  return envelope ? offeredAsUpsell(envelope, candidate) : !candidate.hiddenEvent;
}

/**
 * Spec §2 upsell listing: whether a listed event is offered with this cart.
 * - A hidden (link-only) event is listed only when the cart has an anchor it is an add-on of
 *   (any anchor listed the curator's private tour, which belongs to no admission).
 * - An add-on that needs an anchor is hidden while the cart has none.
 * - An event already in the cart stays listed (General Admission vanished, even under
 *   'All' and its own category): more tickets or another day can still be added. Only an add-on
 *   that must match the anchor's tickets goes once it has as many as the anchor.
 */
export function offeredAsUpsell(envelope: CartAnswer, candidate: UpsellCandidate): boolean {
  const tickets = heldTickets(envelope);
  const anchorId = anchorEventId(envelope);
  if (candidate.hiddenEvent && !(anchorId && candidate.anchorEventIds?.includes(anchorId))) return false;
  if (candidate.requiresAnchor && !anchorId) return false;
  if (!candidate.mustMatchAnchor || !anchorId) return true;
  const own = tickets.filter((t) => t.event_template_id === candidate.eventId).length;
  const anchorTickets = tickets.filter((t) => t.event_template_id === anchorId).length;
  return own < anchorTickets;
}

/**
 * What the local store does with a cart answer (spec 1 §4): any state other than pending clears
 * the cart; a pending cart with an expiry is current until then; a pending cart with no expiry
 * stays open while it holds tickets or something is outstanding (a part-paid payment plan), and
 * with no expiry, no held tickets and nothing outstanding it is treated as an already-completed
 * order (cleared).
 */
export type CartStanding = "timed" | "open" | "done";

export function cartStanding(envelope: CartAnswer): CartStanding {
  const cart = envelope.cart._data[0];
  if (cart?.state !== "pending") return "done";
  if (cart.expires_in !== null) return "timed";
  const outstanding = apiMoneyMinor(cart.outstanding_balance);
  return ticketCount(envelope) > 0 || outstanding > 0 ? "open" : "done";
}
