/**
 * Row builders that keep the tenant catalogue files short and the ids predictable.
 */
import type { EventMeta } from "../../../api/schemas.ts";
import type {
  code,
  config,
  eventTemplate,
  ledger,
  membershipRule,
  messageRule,
  meta,
  seatMap,
  seatTemplate,
  seller,
  sessionSeat,
  ticketGroup,
  ticketType,
  venue,
} from "../schema.ts";
import type { SessionPlan, SessionRow } from "./sessions.ts";

export type SellerRow = typeof seller.$inferInsert;
export type VenueRow = typeof venue.$inferInsert;
export type EventRow = typeof eventTemplate.$inferInsert;
export type MetaRow = typeof meta.$inferInsert;
export type ConfigRow = typeof config.$inferInsert;
export type GroupRow = typeof ticketGroup.$inferInsert;
export type TypeRow = typeof ticketType.$inferInsert;
export type MessageRuleRow = typeof messageRule.$inferInsert;
export type MembershipRuleRow = typeof membershipRule.$inferInsert;
export type CodeRow = typeof code.$inferInsert;
export type LedgerRow = typeof ledger.$inferInsert;
export type SeatMapRow = typeof seatMap.$inferInsert;
export type SeatRow = typeof seatTemplate.$inferInsert;
export type SessionSeatRow = typeof sessionSeat.$inferInsert;

/** Everything one demo tenant inserts, apart from the generated sessions. */
export interface TenantSeed {
  seller: SellerRow;
  venue: VenueRow;
  events: EventRow[];
  metas: MetaRow[];
  configs: ConfigRow[];
  groups: GroupRow[];
  types: TypeRow[];
  messageRules: MessageRuleRow[];
  membershipRules: MembershipRuleRow[];
  codes: CodeRow[];
  ledgers: LedgerRow[];
  seatMaps: SeatMapRow[];
  seats: SeatRow[];
  sessionPlans: SessionPlan[];
  /** Adjusts the freshly generated sessions (demo bookings) and returns booked seats. */
  decorateSessions(sessions: SessionRow[], now: Date): SessionSeatRow[];
}

/** A collector with one builder per table, bound to a seller. */
export function tenantBuilder(sellerId: string) {
  const rows = {
    events: [] as EventRow[],
    metas: [] as MetaRow[],
    configs: [] as ConfigRow[],
    groups: [] as GroupRow[],
    types: [] as TypeRow[],
    messageRules: [] as MessageRuleRow[],
    membershipRules: [] as MembershipRuleRow[],
  };
  return {
    rows,
    event(
      row: Omit<EventRow, "sellerId" | "rank">,
      metaData: EventMeta,
      extraMeta: Record<string, unknown> = {},
    ) {
      rows.events.push({ ...row, sellerId, rank: rows.events.length * 10 });
      rows.metas.push({
        id: `meta-event_template-${row.id}`,
        sellerId,
        resource: "event_template",
        resourceId: row.id,
        data: { ...metaData, ...extraMeta },
      });
    },
    /** The meta row of a ticket group or the seller (admit_names, admit_emails, default pads ...). */
    meta(resource: "ticket_group" | "seller", resourceId: string, data: Record<string, unknown>) {
      rows.metas.push({ id: `meta-${resource}-${resourceId}`, sellerId, resource, resourceId, data });
    },
    config(resource: string, resourceId: string, key: string, value: unknown) {
      rows.configs.push({ id: `config-${resourceId}-${key}`, sellerId, resource, resourceId, key, value });
    },
    group(row: Omit<GroupRow, "sellerId" | "rank">) {
      const rank = rows.groups.filter((g) => g.eventTemplateId === row.eventTemplateId).length * 10;
      rows.groups.push({ ...row, sellerId, rank });
    },
    /** Ticket types of a group, ranked in the order given. */
    types(ticketGroupId: string, list: Omit<TypeRow, "sellerId" | "rank" | "ticketGroupId">[]) {
      list.forEach((t, i) => {
        rows.types.push({ ...t, sellerId, ticketGroupId, rank: i * 10 });
      });
    },
    messageRule(eventTemplateId: string, actions: Record<string, string>, triggers: Record<string, unknown>) {
      const n = rows.messageRules.filter((r) => r.eventTemplateId === eventTemplateId).length;
      rows.messageRules.push({
        id: `${eventTemplateId}-rule-${n + 1}`,
        sellerId,
        eventTemplateId,
        rank: n * 10,
        actions,
        triggers,
      });
    },
    membershipRule(
      ticketGroupId: string,
      ticketTypeId: string,
      partyRole: string,
      named: "yes" | "no" | "other",
      min: number,
      max: number,
    ) {
      rows.membershipRules.push({
        id: `${ticketTypeId}-${partyRole}`,
        sellerId,
        ticketGroupId,
        ticketTypeId,
        partyRole,
        named,
        min,
        max,
      });
    },
  };
}

export type TenantBuilder = ReturnType<typeof tenantBuilder>;

/** Config rows of a seller from its tenant file's web settings. */
export function sellerConfigs(sellerId: string, web: Record<string, unknown>): ConfigRow[] {
  const keys = ["price_display", "session_picker_tabs", "show_remaining_session_capacity_threshold"];
  return keys
    .filter((k) => web[k] !== undefined)
    .map((k) => ({
      id: `config-${sellerId}-web.${k}`,
      sellerId,
      resource: "seller",
      resourceId: sellerId,
      key: `web.${k}`,
      value: web[k],
    }));
}
