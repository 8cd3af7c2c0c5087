/**
 * The membership rules of a cart modify (spec 1 §3, §5, §6, §9), inside the modify
 * transaction, before any place is taken:
 * - member tickets: every membership ticket gets its party role (a missing one: the level's next
 *   free named role, the primary first) and its price (the primary role's ticket carries the
 *   level's price, the others are free); the roles must fit the level's rules;
 * - a renewal with 'extend' only within the renewal window before the current term's end;
 * - member benefits (per ticket type and the wildcard pool) over the member's held and booked
 *   tickets of the current term, serialized per member by locking their membership rows;
 * - the level's member_event_purchase_limit per event, under the same lock (event-limit.ts);
 * - members-only tickets for a session after the term follow `reserve_beyond_term`.
 */
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { indefiniteArticle } from "../../../domain/article.ts";
import {
  type Benefits,
  benefitExceeded,
  memberLimitMessage,
  mergeBenefits,
  type TypeCount,
} from "../../../domain/membership/benefits.ts";
import {
  memberFaceValue,
  memberTicketsProblem,
  resolveMemberRoles,
} from "../../../domain/membership/members.ts";
import {
  extendsTerm,
  mayReserveBeyondTerm,
  type RenewalConfig,
  renewalConfigOf,
  renewalOpen,
  renewalOpensAt,
} from "../../../domain/membership/renewal.ts";
import { msg } from "../../../domain/messages.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import type { MembershipCartOptions } from "../../db/schema.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import { reserveError } from "../cart/errors.ts";
import type { GroupRow, TicketInsert, TicketRow } from "../cart/types.ts";
import { checkMemberEventLimit } from "./event-limit.ts";
import { memberTickets } from "./member-tickets.ts";

export const RENEWAL_NOT_OPEN_CODE = "renewal_not_open";
export const BEYOND_TERM_TEXT =
  "Your membership ends before this date. Please renew your membership to reserve these tickets.";

type MembershipRow = typeof s.membership.$inferSelect;

export interface PlannedMemberLine {
  row: TicketInsert;
  line: { group: GroupRow; faceValue: number; session: { startDatetime: Date } | null };
}

export interface MembershipReserveInput {
  now: Date;
  sellerId: string;
  /** The seller's slug and time zone (read only when a rule needs them). */
  seller: () => Promise<{ slug: string; timezone: string }>;
  /** The logged-in caller's identity at this seller (null: a guest cart). */
  identityId: string | null;
  kept: readonly TicketRow[];
  removed: readonly TicketRow[];
  planned: readonly PlannedMemberLine[];
  /** The groups of kept tickets, when known (membership tickets are told by their party role). */
  groups: ReadonlyMap<string, GroupRow>;
  /** The members-only groups the caller's membership opened (not a code). */
  memberOpen: ReadonlySet<string>;
  options: MembershipCartOptions;
}

export function renewalConfigFor(slug: string): RenewalConfig {
  return renewalConfigOf(getTenant(slug)?.web.membership);
}

export async function checkMembershipReserve(tx: Tx, input: MembershipReserveInput): Promise<void> {
  const memberPlanned = input.planned.filter((p) => p.line.group.handler === "membership");
  const removedMember = input.removed.some(
    (t) => t.partyRole !== null || input.groups.get(t.ticketGroupId)?.handler === "membership",
  );
  if (memberPlanned.length || removedMember) await applyMemberTickets(tx, input, memberPlanned);
  if (memberPlanned.length && input.options.extendMembership === true && input.identityId) {
    await checkRenewalWindow(tx, input, memberPlanned);
  }
  if (
    memberPlanned.length &&
    input.options.extendMembership === undefined &&
    !input.options.gifteeIdentityId &&
    !input.options.redeemMembership &&
    input.identityId
  ) {
    await askToExtend(tx, input, input.identityId, memberPlanned);
  }
  if (
    memberPlanned.length &&
    input.options.extendMembership !== true &&
    !input.options.gifteeIdentityId &&
    !input.options.redeemMembership &&
    input.identityId
  ) {
    await refuseParallelMembership(tx, input, input.identityId, memberPlanned);
  }
  // Benefits and the term concern members-only tickets (no extra query for any other reserve).
  const membersOnly = input.planned.filter(
    (p) => p.line.group.handler !== "membership" && p.line.group.hiddenType === "public_member_only",
  );
  if (membersOnly.length && input.identityId)
    await checkBenefitsAndTerm(tx, input, input.identityId, membersOnly);
}

async function applyMemberTickets(
  tx: Tx,
  input: MembershipReserveInput,
  planned: readonly PlannedMemberLine[],
): Promise<void> {
  const keptMember = input.kept.filter(
    (t) => t.partyRole !== null || input.groups.get(t.ticketGroupId)?.handler === "membership",
  );
  const levels = [...new Set([...keptMember, ...planned.map((p) => p.row)].map((t) => t.ticketTypeId))];
  if (!levels.length) return;
  const rules = await tx
    .select()
    .from(s.membershipRule)
    .where(inArray(s.membershipRule.ticketTypeId, levels));
  const tickets = [
    ...keptMember.map((t) => ({ ticketTypeId: t.ticketTypeId, partyRole: t.partyRole })),
    ...planned.map((p) => ({ ticketTypeId: p.row.ticketTypeId, partyRole: p.row.partyRole ?? null })),
  ];
  const roles = resolveMemberRoles(tickets, rules);
  const problem = memberTicketsProblem(
    tickets.map((t, i) => ({ ticketTypeId: t.ticketTypeId, partyRole: roles[i] ?? "" })),
    rules,
  );
  if (problem) {
    throw fail("validation_failed", {
      message: problem.words,
      context: "reserve",
      extra: {
        ticket_type_id: problem.ticketTypeId,
        ...(problem.partyRole ? { party_role: problem.partyRole } : {}),
      },
    });
  }
  planned.forEach((p, i) => {
    const role = roles[keptMember.length + i] ?? null;
    const levelRules = rules.filter((r) => r.ticketTypeId === p.row.ticketTypeId);
    p.row.partyRole = role;
    if (role) p.row.faceValue = memberFaceValue(role, levelRules, p.line.faceValue);
  });
}

/** The caller's memberships of the programs (ticket groups), latest term first. */
async function programMemberships(tx: Tx, identityId: string, sellerId: string, groupIds: string[]) {
  return tx
    .select()
    .from(s.membership)
    .where(
      and(
        eq(s.membership.identityId, identityId),
        eq(s.membership.sellerId, sellerId),
        inArray(s.membership.ticketGroupId, groupIds),
      ),
    )
    .orderBy(sql`${s.membership.validTo} desc`);
}

async function checkRenewalWindow(
  tx: Tx,
  input: MembershipReserveInput,
  planned: readonly PlannedMemberLine[],
): Promise<void> {
  if (!input.identityId) return;
  const groupIds = [...new Set(planned.map((p) => p.line.group.id))];
  const [latest] = await programMemberships(tx, input.identityId, input.sellerId, groupIds);
  if (!latest) return;
  const seller = await input.seller();
  const config = renewalConfigFor(seller.slug);
  const tz = seller.timezone;
  if (renewalOpen(latest.validTo, input.now, config.windowDays, tz)) return;
  const opens = renewalOpensAt(latest.validTo, config.windowDays, tz);
  throw fail(RENEWAL_NOT_OPEN_CODE, {
    message: msg("apiError.renewal_not_open.from", { days: config.windowDays }),
    dates: { date: { at: opens, timeZone: tz } },
    extra: {
      membership_id: latest.id,
      valid_to: latest.validTo.toISOString(),
      renewal_opens_at: opens.toISOString(),
      renewal_window_days: config.windowDays,
    },
  });
}

export const EXTEND_PROMPT_CODE = "membership_extend_prompt";

/**
 * Spec 1 §8 "a prompt-marked reserve code shows a prompt whose answer resubmits": a member who
 * buys their own program again while its renewal is open (or it ended within the grace days) has
 * not said whether the new term extends the current one. The answer (extendMembership true or
 * false) is sent with the resubmitted reserve, which then does not ask again.
 */
async function askToExtend(
  tx: Tx,
  input: MembershipReserveInput,
  identityId: string,
  planned: readonly PlannedMemberLine[],
): Promise<void> {
  const groupIds = [...new Set(planned.map((p) => p.line.group.id))];
  const [latest] = await programMemberships(tx, identityId, input.sellerId, groupIds);
  if (!latest) return;
  const seller = await input.seller();
  const config = renewalConfigFor(seller.slug);
  const tz = seller.timezone;
  if (!renewalOpen(latest.validTo, input.now, config.windowDays, tz)) return;
  if (!extendsTerm(latest.validTo, input.now, config.graceDays, tz)) return;
  const ended = latest.validTo.getTime() <= input.now.getTime();
  const asked = fail(EXTEND_PROMPT_CODE, {
    message: msg(
      ended ? "apiError.membership_extend_prompt.ended" : "apiError.membership_extend_prompt.until",
    ),
    dates: ended ? undefined : { date: { at: lastValidInstant(latest.validTo), timeZone: tz } },
  });
  const prompt = asked.message;
  throw fail(EXTEND_PROMPT_CODE, {
    message: asked.wording,
    dates: asked.dates,
    extra: {
      prompt,
      prompt_option: "extendMembership",
      membership_id: latest.id,
      valid_to: latest.validTo.toISOString(),
    },
  });
}

export const MEMBERSHIP_HELD_CODE = "membership_already_held";

/**
 * A member who buys their own program again, outside its renewal window (askToExtend asks within
 * it), would get a second membership beside the current one: new member IDs, two terms at once, and
 * no word about it. Refused with what they hold and when it can be renewed (the form also says so
 * before they start), whether or not the call says extendMembership false. A renewal
 * (extendMembership true, checkRenewalWindow), the extend prompt's answer within the window, a gift
 * for someone else and a redeemed gift are not this purchase.
 */
async function refuseParallelMembership(
  tx: Tx,
  input: MembershipReserveInput,
  identityId: string,
  planned: readonly PlannedMemberLine[],
): Promise<void> {
  const groupIds = [...new Set(planned.map((p) => p.line.group.id))];
  const [latest] = await programMemberships(tx, identityId, input.sellerId, groupIds);
  if (!latest || latest.validTo.getTime() <= input.now.getTime()) return;
  const seller = await input.seller();
  const config = renewalConfigFor(seller.slug);
  const tz = seller.timezone;
  // Inside the window the extend prompt gave the choice; its 'no' (extendMembership false) stands.
  if (renewalOpen(latest.validTo, input.now, config.windowDays, tz)) return;
  const opens = renewalOpensAt(latest.validTo, config.windowDays, tz);
  const [level] = latest.ticketTypeId
    ? await tx
        .select({ name: s.ticketType.name })
        .from(s.ticketType)
        .where(eq(s.ticketType.id, latest.ticketTypeId))
    : [];
  const name = level?.name.trim();
  throw fail(MEMBERSHIP_HELD_CODE, {
    message: name
      ? msg("apiError.membership_already_held.level", { article: indefiniteArticle(name), level: name })
      : msg("apiError.membership_already_held.some"),
    dates: {
      date: { at: lastValidInstant(latest.validTo), timeZone: tz },
      opens: { at: opens, timeZone: tz },
    },
    extra: {
      membership_id: latest.id,
      valid_to: latest.validTo.toISOString(),
      renewal_opens_at: opens.toISOString(),
      ...(level ? { level: level.name } : {}),
    },
  });
}

/** The last instant inside a term that ends (exclusively) at `validTo`: its last full day. */
const lastValidInstant = (validTo: Date) => new Date(validTo.getTime() - 1);

/**
 * The member's current memberships, locked: concurrent reserves of one member wait here, so the
 * count below sees the tickets the other committed (READ COMMITTED takes a new snapshot per
 * statement) and a limit is never exceeded, as capacity never is.
 */
async function lockCurrentMemberships(
  tx: Tx,
  identityId: string,
  sellerId: string,
  now: Date,
): Promise<MembershipRow[]> {
  return tx
    .select()
    .from(s.membership)
    .where(
      and(
        eq(s.membership.identityId, identityId),
        eq(s.membership.sellerId, sellerId),
        lte(s.membership.validFrom, now),
        gt(s.membership.validTo, now),
      ),
    )
    .orderBy(s.membership.id)
    .for("update");
}

/** The member's held (pending carts) and booked tickets of `typeIds` created since `since`. */
export async function memberTicketCounts(
  tx: Executor,
  identityId: string,
  sellerId: string,
  typeIds: readonly string[] | "members_only",
  since: Date,
  excludeIds: readonly string[] = [],
): Promise<TypeCount[]> {
  const typeFilter =
    typeIds === "members_only"
      ? eq(s.ticketGroup.hiddenType, "public_member_only")
      : or(inArray(s.ticket.ticketTypeId, [...typeIds]), eq(s.ticketGroup.hiddenType, "public_member_only"));
  const rows = await memberTickets(tx, { identityId, sellerId, since, which: typeFilter });
  const excluded = new Set(excludeIds);
  const counts = new Map<string, TypeCount>();
  for (const r of rows) {
    if (excluded.has(r.id)) continue;
    const c = counts.get(r.ticketTypeId) ?? {
      ticketTypeId: r.ticketTypeId,
      membersOnly: r.hiddenType === "public_member_only",
      count: 0,
    };
    c.count += 1;
    counts.set(r.ticketTypeId, c);
  }
  return [...counts.values()];
}

async function checkBenefitsAndTerm(
  tx: Tx,
  input: MembershipReserveInput,
  identityId: string,
  planned: readonly PlannedMemberLine[],
): Promise<void> {
  const current = await lockCurrentMemberships(tx, identityId, input.sellerId, input.now);
  if (!current.length) return;
  const benefits: Benefits = mergeBenefits(current.map((m) => m.benefits));
  const adding = countTypes(planned);
  const relevant = adding.filter(
    (c) => Object.hasOwn(benefits, c.ticketTypeId) || (c.membersOnly && "*" in benefits),
  );
  if (relevant.length) {
    const since = new Date(Math.min(...current.map((m) => m.validFrom.getTime())));
    const held = await memberTicketCounts(
      tx,
      identityId,
      input.sellerId,
      Object.keys(benefits).filter((k) => k !== "*"),
      since,
      input.removed.map((t) => t.id),
    );
    const exceeded = benefitExceeded(benefits, held, relevant);
    if (exceeded) {
      throw fail("member_limit_exceeded", {
        message: memberLimitMessage(exceeded.limit, exceeded.available),
        extra: {
          ...(exceeded.pool === "*" ? { pool: "*" } : { ticket_type_id: exceeded.pool }),
          limit: exceeded.limit,
          available: exceeded.available,
        },
      });
    }
  }
  // The level's per-event limit (member_event_purchase_limit), under the same lock.
  await checkMemberEventLimit(tx, {
    identityId,
    sellerId: input.sellerId,
    current,
    adding: planned.map((p) => p.line),
    removedIds: input.removed.map((t) => t.id),
  });
  const opened = planned.filter((p) => input.memberOpen.has(p.line.group.id) && p.line.session);
  if (!opened.length) return;
  const config = renewalConfigFor((await input.seller()).slug);
  if (config.beyondTerm === "always") return;
  const last = current.reduce((a, b) => (b.validTo > a.validTo ? b : a));
  for (const p of opened) {
    const start = p.line.session?.startDatetime;
    if (!start || start.getTime() < last.validTo.getTime()) continue;
    if (mayReserveBeyondTerm(config.beyondTerm, last.autoRenewState)) continue;
    throw reserveError("membership_expires_before_session", BEYOND_TERM_TEXT, {
      ticket_group_id: p.line.group.id,
      valid_to: last.validTo.toISOString(),
      reserve_beyond_term: config.beyondTerm,
    });
  }
}

function countTypes(planned: readonly PlannedMemberLine[]): TypeCount[] {
  const out = new Map<string, TypeCount>();
  for (const p of planned) {
    const c = out.get(p.row.ticketTypeId) ?? {
      ticketTypeId: p.row.ticketTypeId,
      membersOnly: p.line.group.hiddenType === "public_member_only",
      count: 0,
    };
    c.count += 1;
    out.set(p.row.ticketTypeId, c);
  }
  return [...out.values()];
}
