/**
 * The reserve island's props: what the event page serializes into the page for it. The page
 * loader builds them; the island and its parts read them.
 */
import type { EventTemplate, TicketGroup } from "../../lib/api/schemas.ts";
import type { AddOnRule } from "../../lib/domain/add-on-offer.ts";
import type { AdmitMode } from "../../lib/domain/admit-fields.ts";
import type { MessageRuleLike } from "../../lib/domain/message-rules.ts";
import type { OutsideFees } from "../../lib/domain/price-display.ts";
import type { CodePerTicket } from "../../lib/domain/reserve-request.ts";
import type { SessionTabsConfig } from "../../lib/domain/session-tabs.ts";
import type { ReserveStrings } from "../../lib/tenant/strings.ts";

/** A ticket type as the reserve island needs it: amounts in minor units. */
export interface ReserveType {
  id: string;
  name: string;
  summary: string | null;
  amount: number;
  min: number | undefined;
  max: number | undefined;
  flexible: boolean;
  fees: OutsideFees;
  /** The member benefit still left on this type (null: no limit). */
  memberRemaining?: number | null;
}

export interface ReserveGroup {
  id: string;
  name: string;
  description: string | null;
  handler: TicketGroup["handler"];
  /** Flexible (any-date) tickets: passes have no sessions. */
  anyDate: boolean;
  min_tickets_per_order: number | null;
  max_tickets_per_order: number | null;
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
  sold_out: boolean;
  additional_info_spec: Record<string, unknown> | null;
  admitNames: AdmitMode;
  admitEmails: AdmitMode;
  /** A code-required group: a voucher field per ticket, checked against the tenant's CityPASS patterns. */
  codePerTicket: CodePerTicket | null;
  types: ReserveType[];
}

export type ReserveFlow = "date_first" | "quantity_first" | "single" | "one_ticket";

/** The island's props: small, serialized into the page. */
export interface ReserveIslandProps {
  seller: string;
  currency: string;
  locale: string;
  tagManagerId: string | undefined;
  eventId: string;
  eventName: string;
  category: string | null;
  /** Spec 1 §9: a repeating event's date with one session over 5 hours is all day (domain/all-day.ts). */
  eventType: EventTemplate["event_type"];
  timezone: string;
  flow: ReserveFlow;
  priceDisplay: "all" | "sessions_and_tickets" | "none";
  pricePrefix: string | undefined;
  primaryTypeId: string | undefined;
  includeFees: boolean;
  remainingThreshold: number | undefined;
  sessionTabs: SessionTabsConfig | undefined;
  requiresAnchor: boolean;
  /** The upsell rule when the event is an add-on of an anchor (domain/add-on-offer.ts). */
  addOn: AddOnRule | undefined;
  padPreStart: number | undefined;
  padPostEnd: number | undefined;
  defaultPadPreStart: number | undefined;
  defaultPadPostEnd: number | undefined;
  messageRules: MessageRuleLike[];
  groups: ReserveGroup[];
  select: string | undefined;
  price: string | undefined;
  /** The upsell listing when the page allows skipping the add-on. */
  skipHref: string | undefined;
  /** The join page of the event's waiting list, when the tenant keeps one for it. */
  waitingListHref: string | undefined;
  strings: ReserveStrings;
}
