/**
 * What /manage shows of an order (spec 2 §5): its tickets with their session, type and
 * state, the mode (self-edit, cancel a free order, or contact us) and, per ticket, whether the
 * rules of domain/manage/rules.ts let the holder cancel or edit it now.
 */
import type { ManageAnswer } from "../../../api/manage/schemas.ts";
import {
  cancelRefusal,
  type ManageMode,
  type ManageTicket,
  manageMode,
  type SelfEditHorizon,
  ticketPermissions,
} from "../../../domain/manage/rules.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Executor } from "../../db/executor.ts";
import type { SellerRow } from "../catalogue/reads.ts";
import { loadOrderBundle, type OrderRow, type OrderTicketRow, serializeOrder } from "../checkout/orders.ts";

export interface SelfEditSettings {
  enabled: boolean;
  horizon: SelfEditHorizon;
}

/** The tenant's web.self_edit (off, with a one-day horizon, for a seller without a tenant file). */
export function selfEditOf(sellerSlug: string): SelfEditSettings {
  const config = getTenant(sellerSlug)?.web.self_edit;
  return {
    enabled: config?.enabled ?? false,
    horizon: { days: config?.horizon_days ?? 1, hours: config?.horizon_hours ?? 0 },
  };
}

/**
 * A ticket as the rules see it. The adjusted value is the face value, except on an order whose
 * total is 0 (a promo code took it all): there every ticket's adjusted value is 0.
 */
export function ruleTicket(order: Pick<OrderRow, "total">, row: OrderTicketRow): ManageTicket {
  const start = row.session?.startDatetime ?? row.ticket.validFrom ?? null;
  return {
    state: row.ticket.state,
    faceValue: row.ticket.faceValue,
    adjustedValue: order.total === 0 ? 0 : row.ticket.faceValue,
    start: start ? new Date(start) : null,
  };
}

export interface ManageView {
  order: OrderRow;
  rows: OrderTicketRow[];
  ruleTickets: ManageTicket[];
  mode: ManageMode;
  settings: SelfEditSettings;
  permissions: ReturnType<typeof ticketPermissions>;
}

/** The order's tickets (without holds of a cart) and what the rules allow on each. */
export async function manageView(
  ex: Executor,
  order: OrderRow,
  sellerSlug: string,
  now: Date,
): Promise<ManageView> {
  const bundle = await loadOrderBundle(ex, [order.id]);
  const rows = bundle.tickets.filter((r) => r.ticket.ticketOrderId === order.id && r.ticket.state !== "held");
  const ruleTickets = rows.map((r) => ruleTicket(order, r));
  const settings = selfEditOf(sellerSlug);
  const mode = manageMode(settings.enabled, ruleTickets);
  return {
    order,
    rows,
    ruleTickets,
    mode,
    settings,
    permissions: ticketPermissions(mode, ruleTickets, settings.horizon, now),
  };
}

export function serializeManage(view: ManageView, seller: Pick<SellerRow, "currencyCode">): ManageAnswer {
  return {
    ticket_order: serializeOrder(view.order, seller.currencyCode),
    tickets: view.rows.map((row, index) => ({
      id: row.ticket.id,
      state: row.ticket.state,
      ticket_type_id: row.ticket.ticketTypeId,
      ticket_type_name: row.type.name,
      ticket_group_id: row.ticket.ticketGroupId,
      event_template_id: row.ticket.eventTemplateId,
      event_name: row.event.name,
      event_session_id: row.ticket.eventSessionId,
      start_datetime: (row.session?.startDatetime ?? row.ticket.validFrom)?.toISOString() ?? null,
      timezone: row.venue.timezone,
      face_value: toMoneyString(row.ticket.faceValue, seller.currencyCode),
      adjusted_value: toMoneyString(
        view.ruleTickets[index]?.adjustedValue ?? row.ticket.faceValue,
        seller.currencyCode,
      ),
      admit_name: row.ticket.admitName,
      seat_name: row.seat?.name ?? null,
      can_cancel: view.permissions[index]?.canCancel ?? false,
      can_edit: view.permissions[index]?.canEdit ?? false,
    })),
    mode: view.mode,
    cancel_refusal: cancelRefusal(view.mode, view.ruleTickets),
    horizon: view.settings.enabled ? view.settings.horizon : null,
    currency_code: seller.currencyCode,
  };
}
