/**
 * The answer of modify, get and apply_code: the cart (state, expires_in, anchor, visit window,
 * codes, cart mods, totals, blocking rules), cart_fees with grand_totals, the held tickets, and the catalogue
 * resources they point at (ticket_type, ticket_group, event_session, event_template, venue, meta,
 * config, seller) serialized like the catalogue reads.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { CartEnvelope, CartResource, TicketResource } from "../../../api/cart/schemas.ts";
import { type CartTotals, computeCartTotals } from "../../../domain/cart-totals.ts";
import type { EditPrice } from "../../../domain/manage/edit-price.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { readBenefit } from "../../../domain/promo-codes.ts";
import { visitWindow } from "../../../domain/visit-time.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import {
  serializeConfig,
  serializeEvent,
  serializeGroup,
  serializeMeta,
  serializeSeller,
  serializeSession,
  serializeTicketType,
  serializeVenue,
} from "../catalogue/serialize.ts";
import { serializePayment } from "../checkout/answer.ts";
import { cartPlanState, serializeScheduled } from "../checkout/plan.ts";
import { editCartPrice } from "../manage/edit/rules.ts";
import { gifteeOf } from "../membership/giftee.ts";
import { redeemDiscount } from "../membership/redeem.ts";
import { allDaySessionIds } from "./all-day-sessions.ts";
import { CODE_REQUIRED_RULE, groupsAwaitingCode } from "./blocking.ts";
import { ANCHOR_REQUIRED_TEXT } from "./errors.ts";
import { withLineKinds } from "./line-kinds.ts";
import { heldTickets } from "./release.ts";
import { ticketSeats } from "./seats.ts";
import {
  cachedEventConfigs,
  cachedEvents,
  cachedMetas,
  cachedSellerById,
  cachedTypes,
} from "./static-rows.ts";
import type { CartRow, CodeRow, GroupRow, SessionRow, TicketRow, TypeRow } from "./types.ts";

/** The test gateway is the embedded default (DESIGN §6). */
export const GATEWAY_ID = "test";

const coll = <T>(data: T[]) => ({ _count: data.length, _data: data });
const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

/** Seconds until expiry by the server's clock (never negative); null when not pending. */
export function expiresIn(cart: Pick<CartRow, "state" | "expiresAt">, now: Date): number | null {
  if (cart.state !== "pending" || !cart.expiresAt) return null;
  return Math.max(0, Math.floor((cart.expiresAt.getTime() - now.getTime()) / 1000));
}

/** Rows the caller already has: fresh sessions and groups (counters included), types, codes. */
export interface KnownRows {
  sessions?: ReadonlyMap<string, SessionRow>;
  groups?: ReadonlyMap<string, GroupRow>;
  types?: ReadonlyMap<string, TypeRow>;
  codes?: ReadonlyMap<string, CodeRow>;
  /** The cart's payments; a cart created by this very request has none, which saves the read. */
  payments?: readonly (typeof s.payment.$inferSelect)[];
}

/** Known rows first; the rest of `ids` read fresh (counters are never cached). */
async function freshRows<T>(
  ids: string[],
  known: ReadonlyMap<string, T> | undefined,
  read: (ids: string[]) => Promise<T[]>,
  idOf: (row: T) => string,
): Promise<T[]> {
  const missing = ids.filter((id) => !known?.has(id));
  const loaded = new Map((missing.length ? await read(missing) : []).map((r) => [idOf(r), r]));
  return ids.flatMap((id) => {
    const row = known?.get(id) ?? loaded.get(id);
    return row ? [row] : [];
  });
}

async function catalogueOf(db: Db, tickets: TicketRow[], sellerId: string, known: KnownRows) {
  const typeIds = unique(tickets.map((t) => t.ticketTypeId));
  const groupIds = unique(tickets.map((t) => t.ticketGroupId));
  const sessionIds = unique(tickets.map((t) => t.eventSessionId));
  const eventIds = unique(tickets.map((t) => t.eventTemplateId));
  const knownTypes = known.types;
  const missingTypes = typeIds.filter((id) => !knownTypes?.has(id));
  const cached = missingTypes.length ? await cachedTypes(db, db, missingTypes) : new Map<string, TypeRow>();
  const types = typeIds.flatMap((id) => {
    const row = knownTypes?.get(id) ?? cached.get(id);
    return row ? [row] : [];
  });
  const groups = await freshRows(
    groupIds,
    known.groups,
    (ids) => db.select().from(s.ticketGroup).where(inArray(s.ticketGroup.id, ids)),
    (r) => r.id,
  );
  const sessions = await freshRows(
    sessionIds,
    known.sessions,
    (ids) => db.select().from(s.eventSession).where(inArray(s.eventSession.id, ids)),
    (r) => r.id,
  );
  const events = await cachedEvents(db, db, eventIds);
  const eventRows = eventIds.flatMap((id) => events.get(id) ?? []);
  const metas = [
    ...(await cachedMetas(db, db, "seller", [sellerId])).values(),
    ...(await cachedMetas(db, db, "event_template", eventIds)).values(),
    ...(await cachedMetas(db, db, "ticket_group", groupIds)).values(),
  ];
  const configMap = await cachedEventConfigs(db, db, eventIds);
  const configs = eventIds.flatMap((id) => configMap.get(id) ?? []);
  return { types, groups, sessions, eventRows, metas, configs };
}

/** An edit cart's totals: its tickets as priced within the changed order (edit-price.ts). */
function editTotals(computed: CartTotals, edit: EditPrice): CartTotals {
  return {
    ...computed,
    faceValue: edit.added.faceValue,
    feePercent: edit.added.fees - computed.feeFixed,
    discount: edit.added.discount,
    total: edit.added.total,
    ticketDiscounts: new Map(edit.ticketDiscounts),
    codeDiscounts: edit.codeDiscounts,
  };
}

/**
 * `held` saves the ticket read when the caller already has the cart's held tickets; `known` the
 * reads of rows it already has. Static rows come from the short-lived cache (static-rows.ts).
 */
export async function buildCartEnvelope(
  db: Db,
  cart: CartRow,
  now: Date,
  held?: TicketRow[],
  known: KnownRows = {},
): Promise<CartEnvelope> {
  const tickets = held ?? (await heldTickets(db, cart.id));
  const { types, groups, sessions, eventRows, metas, configs } = await catalogueOf(
    db,
    tickets,
    cart.sellerId,
    known,
  );
  const seller = await cachedSellerById(db, db, cart.sellerId);
  if (!seller) throw new Error(`seller ${cart.sellerId} missing`);
  // Every money string has the seller's currency's places ("2.500" in KWD, "25.00" in USD).
  const currency = seller.currencyCode;
  const money = (minor: number) => toMoneyString(minor, currency);
  const codeRows = await freshRows(
    cart.codes,
    known.codes,
    (codes) =>
      db
        .select()
        .from(s.code)
        .where(and(eq(s.code.sellerId, cart.sellerId), inArray(s.code.code, codes))),
    (r) => r.code,
  );
  const codeByName = new Map(codeRows.map((r) => [r.code, r]));

  const computed = computeCartTotals(
    await withLineKinds(db, tickets, groups),
    [
      ...cart.codes.flatMap((code) => {
        const row = codeByName.get(code);
        return row && row.kind === "promo" ? [{ code, benefit: readBenefit(row.benefit) }] : [];
      }),
      // A redeemed gift of membership takes its value off the chosen level.
      ...(await redeemDiscount(db, cart)),
    ],
    currency,
  );
  // An edit cart's tickets are priced as part of the changed order, its codes kept, so a discount
  // bought with the order holds for the change; what the change costs is the added tickets less
  // what the removed ones are worth (edit-price.ts), the one rule the preview and charge share.
  const edit = await editCartPrice(db, cart, tickets);
  const totals = edit ? editTotals(computed, edit) : computed;

  const eventMeta = new Map(
    metas.filter((m) => m.resource === "event_template").map((m) => [m.resourceId, m.data]),
  );
  const sessionById = new Map(sessions.map((x) => [x.id, x]));
  const anchorTicket = tickets.find((t) => eventMeta.get(t.eventTemplateId)?.is_anchor === true);
  const anchorSession = anchorTicket?.eventSessionId
    ? sessionById.get(anchorTicket.eventSessionId)
    : undefined;
  const timezone = eventRows.find((r) => r.event.id === anchorTicket?.eventTemplateId)?.venue.timezone;
  const window =
    anchorSession && timezone
      ? visitWindow(
          "same_date",
          { start: anchorSession.startDatetime, end: anchorSession.endDatetime },
          timezone,
        )
      : null;
  const needsAnchor =
    !anchorTicket && tickets.some((t) => eventMeta.get(t.eventTemplateId)?.requires_anchor === true);
  // Spec 2 §2: a checkout_code_required group waits for a code that applies to it (blocking.ts).
  const groupMeta = new Map(
    metas.filter((m) => m.resource === "ticket_group").map((m) => [m.resourceId, m.data]),
  );
  const needsCode = groupsAwaitingCode(tickets, groupMeta, codeRows).length > 0;
  const blockingRules = [
    ...(needsAnchor ? [{ code: "anchor_required", description: ANCHOR_REQUIRED_TEXT }] : []),
    ...(needsCode ? [{ ...CODE_REQUIRED_RULE }] : []),
  ];

  // Payments already taken (gift cards, instalments) lower what is outstanding.
  const payments =
    known.payments ??
    (await db.select().from(s.payment).where(eq(s.payment.cartId, cart.id)).orderBy(s.payment.occurredAt));
  const paid = payments.filter((p) => p.state === "succeeded").reduce((sum, p) => sum + p.amount, 0);
  // An edit cart owes what the change costs, less paid; a cheaper change owes nothing (≤ 0).
  const outstanding = edit ? edit.difference - paid : Math.max(0, totals.total - paid);
  // Scheduled payments when a held ticket's group has a payment_plan (checkout/plan.ts).
  const plan = cartPlanState(cart, tickets, metas, totals.total, paid, now, currency);
  const cartResource: CartResource = {
    id: cart.id,
    seller_id: cart.sellerId,
    cart_number: cart.cartNumber,
    state: cart.state as CartResource["state"],
    expires_at: cart.state === "pending" ? (cart.expiresAt?.toISOString() ?? null) : null,
    expires_in: expiresIn(cart, now),
    identity_id: cart.identityId,
    anchor: anchorTicket
      ? { event_template_id: anchorTicket.eventTemplateId, event_session_id: anchorTicket.eventSessionId }
      : null,
    visit_window: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
    codes: cart.codes.map((code) => ({ code, description: codeByName.get(code)?.description ?? null })),
    cart_mods: totals.codeDiscounts.map((c) => ({
      name: c.code,
      discount: money(c.discount),
      blocking_checkout: false,
      resource: "code",
      resource_id: codeByName.get(c.code)?.id ?? c.code,
    })),
    blocking_rules: blockingRules,
    totals: {
      face_value: money(totals.faceValue),
      fee_fixed: money(totals.feeFixed),
      fee_percent: money(totals.feePercent),
      promo_discount: money(totals.discount),
      total: money(totals.total),
    },
    outstanding_balance: money(outstanding),
    ticket_order_id: cart.ticketOrderId,
    additional_info: cart.additionalInfo,
    giftee: await gifteeOf(db, cart),
    redeemMembership: cart.membershipOptions.redeemMembership || null,
    ...(cart.editsTicketOrderId
      ? {
          edits_ticket_order_id: cart.editsTicketOrderId,
          removed_ticket_ids: cart.editRemovals,
          edit_credit: money(edit?.credit ?? 0),
        }
      : {}),
  };
  const ticketResources: TicketResource[] = tickets.map((t) => ({
    id: t.id,
    cart_id: t.cartId,
    state: t.state as TicketResource["state"],
    ticket_order_id: t.ticketOrderId,
    ticket_type_id: t.ticketTypeId,
    ticket_group_id: t.ticketGroupId,
    event_template_id: t.eventTemplateId,
    event_session_id: t.eventSessionId,
    valid_from: t.validFrom?.toISOString() ?? null,
    valid_to: t.validTo?.toISOString() ?? null,
    face_value: money(t.faceValue),
    fee_fixed_outside: money(t.feeFixedOutside),
    fee_percent_outside: money(totals.ticketPercentFees.get(t.id) ?? 0),
    discount: money(totals.ticketDiscounts.get(t.id) ?? 0),
    admit_name: t.admitName,
    admit_email: t.admitEmail,
    seat_template_id: t.seatTemplateId,
    code: t.code,
  }));
  const venues = new Map(eventRows.map((r) => [r.venue.id, r.venue]));
  const seats = await ticketSeats(
    db,
    tickets.map((t) => t.seatTemplateId),
  );
  const allDay = await allDaySessionIds(db, sessions, eventRows);
  return {
    cart: coll([cartResource]),
    cart_fees: coll([
      {
        cart_id: cart.id,
        gateway_id: GATEWAY_ID,
        account_id: cart.sellerId,
        grand_totals: {
          total_before_cartmod_price: money(totals.faceValue + totals.feeFixed + totals.feePercent),
          total_fee_fixed_outside: money(totals.feeFixed),
          total_fee_percent_outside: money(totals.feePercent),
          total_cartmod_amount: money(totals.discount),
          total_payments: money(paid),
          total_outstanding: money(outstanding),
          total_before_fees_price: money(totals.total - totals.feeFixed - totals.feePercent),
          total_after_fees_price: money(totals.total),
        },
      },
    ]),
    ticket: coll(ticketResources),
    ticket_type: coll(types.map((type) => serializeTicketType(type, { currency }))),
    ticket_group: coll(groups.map((g) => serializeGroup(g))),
    event_session: coll(sessions.map((x) => ({ ...serializeSession(x), all_day: allDay.has(x.id) }))),
    event_template: coll(eventRows.map((r) => serializeEvent(r.event))),
    venue: coll([...venues.values()].map((v) => serializeVenue(v))),
    meta: coll(metas.flatMap((m) => serializeMeta(m))),
    config: coll(configs.map((x) => serializeConfig(x))),
    seller: coll([serializeSeller(seller)]),
    seat: coll(seats),
    payment: coll(payments.map((p) => serializePayment(p, currency))),
    ...(plan ? { scheduled_payment: coll(serializeScheduled(cart.id, plan, now, seller)) } : {}),
  };
}
