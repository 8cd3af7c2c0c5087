/**
 * Member tickets of a membership purchase (spec 1 §3 membership rule, §5, §9): one
 * ticket per member, each with its party role. Rules are keyed by level (ticket type): a named role
 * (named yes|other) holds a card and may appear once per level; an unnamed role (named no) counts
 * between its min and max (a negative max means 10). The level's primary role ("member", else the
 * highest-ranked named role) carries the level's price; every other member ticket is free.
 * Pure: no server, no API client.
 */
import { type Message, msg } from "../messages.ts";

/** The spec's role labels in card order, so 'member' is always the first card of a level. */
export const ROLE_ORDER = [
  "member",
  "second-card",
  "third-card",
  "additional-member",
  "youth-member",
  "child-member",
  "youth",
  "child",
  "caregiver",
  "guest",
] as const;

export const roleRank = (role: string): number => {
  const i = (ROLE_ORDER as readonly string[]).indexOf(role.trim().toLowerCase());
  return i < 0 ? ROLE_ORDER.length : i;
};

/** Spec 1 §9: 'Unnamed ticket maximum 10 when the rule max is negative.' */
export const UNNAMED_MAX_WHEN_NEGATIVE = 10;

export const AT_LEAST_ONE_MEMBER_TEXT = "At least one member is required to purchase a membership";

export interface MemberRule {
  ticketTypeId: string;
  partyRole: string;
  /** yes | no | other */
  named: string;
  min: number;
  max: number;
}

export interface MemberTicket {
  ticketTypeId: string;
  /** null: the level's next free named role (the primary role first). */
  partyRole: string | null;
}

export const isNamedRule = (rule: Pick<MemberRule, "named">): boolean => rule.named !== "no";

export const unnamedMax = (rule: Pick<MemberRule, "max">): number =>
  rule.max < 0 ? UNNAMED_MAX_WHEN_NEGATIVE : rule.max;

const byRank = (a: MemberRule, b: MemberRule) => roleRank(a.partyRole) - roleRank(b.partyRole);

/** The level's primary role: "member" when it is a role of the level, else the highest-ranked named role. */
export function primaryRole(levelRules: readonly MemberRule[]): string {
  const member = levelRules.find((r) => r.partyRole.toLowerCase() === "member");
  if (member) return member.partyRole;
  const named = levelRules.filter(isNamedRule).sort(byRank);
  return named[0]?.partyRole ?? levelRules[0]?.partyRole ?? "member";
}

/**
 * The party role of every ticket, in order: a given role stays; a missing one takes the level's
 * first named role (by rank) no other ticket holds, else the primary role (then refused as a
 * second card of the same role).
 */
export function resolveMemberRoles(tickets: readonly MemberTicket[], rules: readonly MemberRule[]): string[] {
  const taken = new Map<string, Set<string>>();
  for (const t of tickets) {
    if (!t.partyRole) continue;
    const set = taken.get(t.ticketTypeId) ?? new Set<string>();
    set.add(t.partyRole);
    taken.set(t.ticketTypeId, set);
  }
  return tickets.map((t) => {
    if (t.partyRole) return t.partyRole;
    const level = rules.filter((r) => r.ticketTypeId === t.ticketTypeId);
    const set = taken.get(t.ticketTypeId) ?? new Set<string>();
    taken.set(t.ticketTypeId, set);
    const free = level
      .filter(isNamedRule)
      .sort(byRank)
      .find((r) => !set.has(r.partyRole));
    const role = free?.partyRole ?? primaryRole(level);
    set.add(role);
    return role;
  });
}

/** The strings keys of the problems' words (the API says them in the call's language). */
export type MemberProblemId =
  | "apiError.members.atLeastOne"
  | "apiError.members.notARole"
  | "apiError.members.oneCard"
  | "apiError.members.between";

export interface MemberTicketsProblem {
  /** The English text. */
  message: string;
  /** The same words as a strings key and its values. */
  words: Message<MemberProblemId>;
  ticketTypeId: string;
  partyRole?: string;
}

/**
 * What is wrong with the member tickets of the levels in a cart (tickets with resolved roles), or
 * null. Levels without rules are one-card levels and are not checked.
 */
export function memberTicketsProblem(
  tickets: readonly { ticketTypeId: string; partyRole: string }[],
  rules: readonly MemberRule[],
): MemberTicketsProblem | null {
  const levels = [...new Set(tickets.map((t) => t.ticketTypeId))];
  for (const level of levels) {
    const levelRules = rules.filter((r) => r.ticketTypeId === level);
    if (!levelRules.length) continue;
    const counts = new Map<string, number>();
    for (const t of tickets.filter((x) => x.ticketTypeId === level)) {
      const rule = levelRules.find((r) => r.partyRole === t.partyRole);
      if (!rule) {
        return {
          message: `"${t.partyRole}" is not a member role of this membership level.`,
          words: msg("apiError.members.notARole", { role: t.partyRole }),
          ticketTypeId: level,
          partyRole: t.partyRole,
        };
      }
      counts.set(rule.partyRole, (counts.get(rule.partyRole) ?? 0) + 1);
    }
    if (!counts.get(primaryRole(levelRules)))
      return {
        message: AT_LEAST_ONE_MEMBER_TEXT,
        words: msg("apiError.members.atLeastOne"),
        ticketTypeId: level,
      };
    for (const rule of levelRules) {
      const n = counts.get(rule.partyRole) ?? 0;
      if (isNamedRule(rule)) {
        if (n > 1) {
          return {
            message: `A membership has one ${rule.partyRole} card.`,
            words: msg("apiError.members.oneCard", { role: rule.partyRole }),
            ticketTypeId: level,
            partyRole: rule.partyRole,
          };
        }
        continue;
      }
      const min = Math.max(0, rule.min);
      const max = unnamedMax(rule);
      if (n < min || n > max) {
        return {
          message: `Choose between ${min} and ${max} ${rule.partyRole} tickets.`,
          words: msg("apiError.members.between", { min, max, role: rule.partyRole }),
          ticketTypeId: level,
          partyRole: rule.partyRole,
        };
      }
    }
  }
  return null;
}

/** Face value of a member ticket: the primary role's ticket carries the level's price, the others are free. */
export function memberFaceValue(
  partyRole: string,
  levelRules: readonly MemberRule[],
  levelPrice: number,
): number {
  if (!levelRules.length) return levelPrice;
  return partyRole === primaryRole(levelRules) ? levelPrice : 0;
}

/** Whether a role holds a membership card (named yes|other); a level without rules is a one-card level. */
export function holdsCard(partyRole: string, levelRules: readonly MemberRule[]): boolean {
  if (!levelRules.length) return partyRole === "member";
  const rule = levelRules.find((r) => r.partyRole === partyRole);
  return rule ? isNamedRule(rule) : false;
}
