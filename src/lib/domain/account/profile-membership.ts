/**
 * The /my/membership page's content (spec 2 §2, §3, §4), from GET my/membership: one card
 * per membership term (an order's members share it), with its level, validity dates (`ddd, MMMM D
 * YYYY`; "valid until" is the last full day, as on the completion page), its status, the auto-renew
 * state (scheduled Enrolled, cancelled Cancelled, else Not enrolled) with whether it can be
 * cancelled, whether renewal is open, and every card holder (name, role, member ID) ordered by
 * role rank. Newest term first. Pure: no I/O.
 */
import { type AutoRenewStatus, autoRenewStatus, canCancelAny } from "../membership/auto-renew.ts";
import { formatOrderDate, formatValidUntil } from "../order-dates.ts";

export interface MembershipInput {
  id: string;
  scan_code: string;
  role: string;
  name: string;
  auto_renew_state: string | null;
  valid_from: string;
  valid_to: string;
  ticket_order_id: string | null;
  ticket_type_id?: string | null | undefined;
  membership_program_id: string | null;
  renewal?: { open: boolean } | undefined;
}

export interface CardHolder {
  membershipId: string;
  name: string;
  role: string;
  memberId: string;
}

export type TermStatus = "current" | "expired" | "upcoming";

export interface MembershipCard {
  key: string;
  ticketOrderId: string | null;
  level: string;
  validFrom: string;
  validUntil: string;
  status: TermStatus;
  autoRenew: AutoRenewStatus;
  canCancelAutoRenew: boolean;
  renewOpen: boolean;
  holders: CardHolder[];
}

export function membershipCards(input: {
  memberships: readonly MembershipInput[];
  /** Level (ticket type) and program names by id. */
  levelNames: ReadonlyMap<string, string>;
  roleRanks: ReadonlyMap<string, number>;
  timeZone: string;
  /** The page's locale: the validity dates in its language (English: 'ddd, MMMM D YYYY'). */
  locale?: string;
  now: Date;
}): MembershipCard[] {
  const groups = new Map<string, MembershipInput[]>();
  for (const m of input.memberships) {
    const key = `${m.ticket_order_id ?? m.id}|${m.valid_from}|${m.valid_to}`;
    const list = groups.get(key) ?? [];
    list.push(m);
    groups.set(key, list);
  }
  const rank = (role: string) => input.roleRanks.get(role) ?? Number.MAX_SAFE_INTEGER;
  // Renewal is offered on a program's latest term only: once renewed, the next term is the one
  // that may be renewed again (the current one still reads 'renewal open' on the server).
  const latestEnd = new Map<string, number>();
  for (const m of input.memberships) {
    const program = m.membership_program_id ?? "";
    latestEnd.set(program, Math.max(latestEnd.get(program) ?? 0, Date.parse(m.valid_to) || 0));
  }
  const cards: MembershipCard[] = [];
  for (const [key, members] of groups) {
    const sorted = [...members].sort(
      (a, b) => rank(a.role) - rank(b.role) || a.scan_code.localeCompare(b.scan_code),
    );
    const first = sorted[0];
    if (!first) continue;
    const levelId = first.ticket_type_id ?? first.membership_program_id ?? "";
    const from = Date.parse(first.valid_from);
    const to = Date.parse(first.valid_to);
    const now = input.now.getTime();
    const states = sorted.map((m) => m.auto_renew_state);
    cards.push({
      key,
      ticketOrderId: first.ticket_order_id,
      level: input.levelNames.get(levelId) ?? "",
      validFrom: formatOrderDate(first.valid_from, input.timeZone, input.locale),
      validUntil: formatValidUntil(first.valid_to, input.timeZone, input.locale),
      status: now < from ? "upcoming" : now >= to ? "expired" : "current",
      autoRenew: autoRenewStatus(states.find((s) => s === "scheduled") ?? first.auto_renew_state),
      canCancelAutoRenew: canCancelAny(states),
      renewOpen:
        sorted.some((m) => m.renewal?.open === true) &&
        to >= (latestEnd.get(first.membership_program_id ?? "") ?? 0),
      holders: sorted.map((m) => ({ membershipId: m.id, name: m.name, role: m.role, memberId: m.scan_code })),
    });
  }
  return cards.sort((a, b) => {
    const end = (c: MembershipCard) => Date.parse(groups.get(c.key)?.[0]?.valid_to ?? "") || 0;
    return end(b) - end(a);
  });
}
