/**
 * The membership purchase form's rules (spec 1 §2 "Membership purchase form", §3 membership rule,
 * member ticket and member detail, §4 "Membership form", §5 "Membership form", §9). Pure: the
 * island renders what these functions answer and sends what they build.
 *
 * - Levels are the ticket types of the membership group, sorted by rank; a single level is chosen
 *   for the shopper.
 * - A level's membership rules give its member sections: a named rule (named 'yes' or 'other')
 *   asks for first name, last name and e-mail of each of its members; an unnamed rule ('no') is a
 *   stepper between min and max starting at min, hidden when min equals max, with a maximum of 10
 *   when the rule's max is negative.
 * - Changing the level copies the details of a party role to the same role of the new level (a
 *   role that several rules share, some of them named, is reported and nothing is copied for it)
 *   and resets auto-renew to 'no'.
 * - Named entries are kept only when the rule is not 'no' and a name or e-mail was given; at least
 *   one member is required.
 */

import { serverText } from "../api-failure.ts";
import { roleRank } from "./members.ts";

export { roleRank };

export type Named = "yes" | "no" | "other";

export interface FormRule {
  ticketTypeId: string;
  partyRole: string;
  named: Named;
  min: number;
  max: number;
}

export interface FormLevel {
  id: string;
  name: string;
  summary: string | null;
  /** Minor units. */
  amount: number;
  rank: number;
}

/** Spec 1 §3 "Member detail entry". */
export interface MemberEntry {
  first: string;
  last: string;
  email: string;
  /** A prefilled entry the shopper cannot change (not used by the demo). */
  disabled?: boolean;
}

/** One named member to fill in: `key` is `${role}#${index}`. */
export interface NamedSlot {
  key: string;
  role: string;
  index: number;
  /** named 'yes' and within the rule's min: first and last name are required. */
  required: boolean;
}

/** An unnamed role's stepper. */
export interface UnnamedStepper {
  role: string;
  min: number;
  max: number;
  /** Spec 1 §5: hidden when min equals max (the count is then fixed at min). */
  hidden: boolean;
}

export interface MemberSections {
  named: NamedSlot[];
  unnamed: UnnamedStepper[];
}

/** Spec 1 §9: unnamed ticket maximum 10 when the rule max is negative. */
export const UNNAMED_MAX_WHEN_UNLIMITED = 10;

/** Spec 1 §9 "Ticket sort for membership by rank" (then price, then name for a stable order). */
export function sortLevels<T extends FormLevel>(levels: readonly T[]): T[] {
  return [...levels].sort((a, b) => a.rank - b.rank || a.amount - b.amount || a.name.localeCompare(b.name));
}

/**
 * The level chosen when the form opens: a preselected one (the `select` query value, a redeem
 * link, a renewal's current level) when it exists, else the only level (spec 1 §4), else none.
 */
export function initialLevel(levels: readonly FormLevel[], preselect?: string | null): string | undefined {
  if (preselect && levels.some((l) => l.id === preselect)) return preselect;
  return levels.length === 1 ? levels[0]?.id : undefined;
}

export const rulesOfLevel = (rules: readonly FormRule[], levelId: string | undefined): FormRule[] =>
  levelId ? rules.filter((r) => r.ticketTypeId === levelId) : [];

const byRole = (a: FormRule, b: FormRule) =>
  roleRank(a.partyRole) - roleRank(b.partyRole) || a.partyRole.localeCompare(b.partyRole);

/** The member sections of a level, named roles first, in role order. */
export function memberSections(rules: readonly FormRule[], levelId: string | undefined): MemberSections {
  const named: NamedSlot[] = [];
  const unnamed: UnnamedStepper[] = [];
  const seen = new Map<string, number>();
  for (const rule of rulesOfLevel(rules, levelId).sort(byRole)) {
    if (rule.named === "no") {
      const min = Math.max(0, rule.min);
      const max = rule.max < 0 ? UNNAMED_MAX_WHEN_UNLIMITED : Math.max(min, rule.max);
      unnamed.push({ role: rule.partyRole, min, max, hidden: min === max });
      continue;
    }
    // A named role holds one card per level (domain/membership/members.ts); 'other' is optional.
    const index = seen.get(rule.partyRole) ?? 0;
    named.push({
      key: `${rule.partyRole}#${index}`,
      role: rule.partyRole,
      index,
      required: rule.named === "yes" && rule.min > 0,
    });
    seen.set(rule.partyRole, index + 1);
  }
  return { named, unnamed };
}

/** The starting counts of the unnamed steppers: each at its min. */
export function initialCounts(sections: MemberSections): Record<string, number> {
  return Object.fromEntries(sections.unnamed.map((s) => [s.role, s.min]));
}

/** A count kept within its stepper's bounds. */
export function clampCount(stepper: UnnamedStepper, value: number): number {
  if (!Number.isFinite(value)) return stepper.min;
  return Math.min(stepper.max, Math.max(stepper.min, Math.trunc(value)));
}

const ruleCountsByRole = (rules: readonly FormRule[]) => {
  const counts = new Map<string, { rules: number; named: boolean }>();
  for (const r of rules) {
    const c = counts.get(r.partyRole) ?? { rules: 0, named: false };
    counts.set(r.partyRole, { rules: c.rules + 1, named: c.named || r.named !== "no" });
  }
  return counts;
};

export interface CarriedDetails {
  details: Record<string, MemberEntry>;
  counts: Record<string, number>;
  /** Roles that could not be copied (several rules share the role and some are named). */
  problems: string[];
}

/**
 * Spec 1 §4: on a level change the details of a party role go to the same role of the new level;
 * when several rules share a party role (in either level) and some are named, the problem is
 * reported and nothing is copied for that role. Counts of unnamed roles are copied within the new
 * bounds; roles the new level has not are dropped.
 */
export function carryDetails(
  rules: readonly FormRule[],
  fromLevel: string | undefined,
  toLevel: string,
  details: Readonly<Record<string, MemberEntry>>,
  counts: Readonly<Record<string, number>>,
): CarriedDetails {
  const before = ruleCountsByRole(rulesOfLevel(rules, fromLevel));
  const after = ruleCountsByRole(rulesOfLevel(rules, toLevel));
  const sections = memberSections(rules, toLevel);
  const problems: string[] = [];
  const blocked = new Set<string>();
  for (const [role, a] of after) {
    const b = before.get(role);
    if (!b) continue;
    if ((a.rules > 1 || b.rules > 1) && (a.named || b.named)) {
      problems.push(role);
      blocked.add(role);
    }
  }
  const nextDetails: Record<string, MemberEntry> = {};
  for (const slot of sections.named) {
    const entry = Object.hasOwn(details, slot.key) ? details[slot.key] : undefined;
    if (entry && !blocked.has(slot.role) && before.has(slot.role)) nextDetails[slot.key] = { ...entry };
  }
  const nextCounts = initialCounts(sections);
  for (const stepper of sections.unnamed) {
    const old = Object.hasOwn(counts, stepper.role) ? counts[stepper.role] : undefined;
    if (old !== undefined && !blocked.has(stepper.role) && before.has(stepper.role))
      nextCounts[stepper.role] = clampCount(stepper, old);
  }
  return { details: nextDetails, counts: nextCounts, problems };
}

/** Spec 1 §4: changing the level resets auto-renew to 'no'. */
export const AUTO_RENEW_AFTER_LEVEL_CHANGE = false;

const hasContent = (e: MemberEntry | undefined): e is MemberEntry =>
  !!e && (e.first.trim() !== "" || e.last.trim() !== "" || e.email.trim() !== "");

/**
 * Spec 1 §5: named-role entries are kept only when the rule's named value is not 'no' and a name
 * or e-mail exists.
 */
export function keptEntries(
  sections: MemberSections,
  details: Readonly<Record<string, MemberEntry>>,
): { slot: NamedSlot; entry: MemberEntry }[] {
  const kept: { slot: NamedSlot; entry: MemberEntry }[] = [];
  for (const slot of sections.named) {
    const entry = Object.hasOwn(details, slot.key) ? details[slot.key] : undefined;
    if (hasContent(entry)) kept.push({ slot, entry });
  }
  return kept;
}

/** One line of the membership reserve (the cart modify payload's `add`). */
export interface MemberTicketLine {
  ticket_type_id: string;
  party_role: string;
  quantity?: number;
  admit_name?: string;
  admit_email?: string;
}

/** Spec 1 §3 "Member ticket": admit_name is first and last joined. */
export const admitName = (e: MemberEntry): string =>
  [e.first.trim(), e.last.trim()].filter(Boolean).join(" ");

/**
 * The membership reserve's lines: one per kept named member (level, party role, name, e-mail), and
 * a `quantity` line per unnamed role with a count above zero. The primary role comes first.
 */
export function memberTicketLines(
  levelId: string,
  sections: MemberSections,
  details: Readonly<Record<string, MemberEntry>>,
  counts: Readonly<Record<string, number>>,
): MemberTicketLine[] {
  const lines: MemberTicketLine[] = keptEntries(sections, details).map(({ slot, entry }) => {
    const email = entry.email.trim();
    return {
      ticket_type_id: levelId,
      party_role: slot.role,
      admit_name: admitName(entry),
      ...(email ? { admit_email: email } : {}),
    };
  });
  for (const stepper of sections.unnamed) {
    const n = clampCount(stepper, Object.hasOwn(counts, stepper.role) ? (counts[stepper.role] ?? 0) : 0);
    if (n > 0) lines.push({ ticket_type_id: levelId, party_role: stepper.role, quantity: n });
  }
  return lines;
}

/**
 * A gift's reserve: the level's primary member ticket (it carries the level's price), named after
 * the recipient. A gift becomes a gift code (spec 2 §5); the member details are the redeemer's to
 * fill in when the code is redeemed, so gift mode does not ask the buyer for them.
 */
export function giftTicketLines(
  levelId: string,
  sections: MemberSections,
  recipient: { first: string; last: string; email: string },
): MemberTicketLine[] {
  const primary = sections.named[0];
  if (!primary) return [];
  const email = recipient.email.trim();
  return [
    {
      ticket_type_id: levelId,
      party_role: primary.role,
      admit_name: admitName({ ...recipient, email }),
      ...(email ? { admit_email: email } : {}),
    },
  ];
}

/** Spec 1 §5: the form's own refusals. */
export const AT_LEAST_ONE_MEMBER = "At least one member is required to purchase a membership";
export const GIFT_TO_SELF =
  "You can not gift membership to yourself. Do you want to buy or renew membership for yourself?";

/** The named members (card holders) among the lines: a membership needs at least one. */
export const namedMemberCount = (lines: readonly MemberTicketLine[]): number =>
  lines.filter((l) => l.quantity === undefined).length;

/** Spec 1 §5: 'At least one member is required to purchase a membership', else null. */
export function membersProblem(lines: readonly MemberTicketLine[]): string | null {
  return namedMemberCount(lines) === 0 ? AT_LEAST_ONE_MEMBER : null;
}

/** Spec 1 §5: gifting to one's own e-mail is refused (compared trimmed, ignoring case). */
export function isGiftToSelf(recipientEmail: string, ownEmail: string | null | undefined): boolean {
  const own = (ownEmail ?? "").trim().toLowerCase();
  return own !== "" && recipientEmail.trim().toLowerCase() === own;
}

/** What the previous membership summary and the renewal prefill read from GET my/membership. */
export interface PreviousMember {
  role: string;
  first: string;
  last: string;
  validTo: string;
  /** The level (ticket type) of the membership's order, when known. */
  levelId: string | null;
  /** The order the membership came from (one term of the program). */
  orderId: string | null;
  /** When renewal is not open yet: the instant it opens (spec 1 §6 renewal window). */
  renewalOpensAt?: string | null;
  /** The term has ended: a renewal starts at once, not at its end. */
  ended?: boolean;
}

export interface PreviousMembership {
  levelId: string | null;
  validTo: string;
  renewalOpensAt: string | null;
  ended: boolean;
  members: PreviousMember[];
}

/**
 * The latest term of the program among the visitor's memberships: its level, expiry and the
 * card holders of that order (spec 1 §2 "previous membership summary").
 */
export function previousMembership(members: readonly PreviousMember[]): PreviousMembership | null {
  const latest = [...members].sort((a, b) => b.validTo.localeCompare(a.validTo))[0];
  if (!latest) return null;
  const sameTerm = members.filter((m) =>
    latest.orderId ? m.orderId === latest.orderId : m.validTo === latest.validTo,
  );
  return {
    levelId: latest.levelId,
    validTo: latest.validTo,
    renewalOpensAt: latest.renewalOpensAt ?? null,
    ended: latest.ended === true,
    members: sameTerm,
  };
}

/**
 * What stands before the form's fields (spec 1 §4): gifting with tickets in the cart first asks to
 * act on the cart; a visitor not logged in and not going on as a guest, with an empty cart, first
 * meets the login-or-guest modal when the tenant offers a login (guests may gift).
 */
export function membershipGate(context: {
  action: "buy" | "renew" | "gift";
  loggedIn: boolean;
  guest: boolean;
  cartHasTickets: boolean;
  loginEnabled: boolean;
}): { cartAction: boolean; login: boolean } {
  return {
    cartAction: context.action === "gift" && context.cartHasTickets,
    login: !context.loggedIn && !context.guest && !context.cartHasTickets && context.loginEnabled,
  };
}

/**
 * The form's start button: a redeemed gift is redeemed, not bought; a gift is given; else bought.
 * Regression guard: redeeming a gift read 'Buy a membership'.
 */
export function startLabelKey(context: {
  action: "buy" | "renew" | "gift";
  redeem: boolean;
}): "membership.start" | "membership.start.gift" | "membership.start.redeem" {
  if (context.redeem) return "membership.start.redeem";
  return context.action === "gift" ? "membership.start.gift" : "membership.start";
}

/**
 * A member who opens the purchase form (not renew, not gift, not redeem) while their term of this
 * program runs would buy a second membership beside it; the form says what they hold, until when,
 * and links to renewing it. The server refuses such a parallel purchase outside the renewal window
 * (reserve-rules.ts) and asks whether to extend inside it.
 */
export function showsHeldMembership(
  previous: Pick<PreviousMembership, "ended"> | null,
  context: { action: "buy" | "renew" | "gift"; redeem: boolean },
): boolean {
  return previous !== null && !previous.ended && context.action === "buy" && !context.redeem;
}

/**
 * Spec 1 §4: renew prefills the current level, counts and named details. Named details go to the
 * slots of their role in order; the counts start from the given ones within the new bounds.
 */
export function renewPrefill(
  rules: readonly FormRule[],
  levels: readonly FormLevel[],
  previous: PreviousMembership,
  previousCounts: Readonly<Record<string, number>> = {},
): { levelId: string; details: Record<string, MemberEntry>; counts: Record<string, number> } | null {
  const levelId = previous.levelId;
  if (!levelId || !levels.some((l) => l.id === levelId)) return null;
  const sections = memberSections(rules, levelId);
  const details: Record<string, MemberEntry> = {};
  const used = new Set<string>();
  for (const m of [...previous.members].sort((a, b) => roleRank(a.role) - roleRank(b.role))) {
    const slot = sections.named.find((s) => s.role === m.role && !used.has(s.key));
    if (!slot) continue;
    used.add(slot.key);
    details[slot.key] = { first: m.first, last: m.last, email: "" };
  }
  const counts = initialCounts(sections);
  for (const stepper of sections.unnamed) {
    const n = Object.hasOwn(previousCounts, stepper.role) ? previousCounts[stepper.role] : undefined;
    if (n !== undefined) counts[stepper.role] = clampCount(stepper, n);
  }
  return { levelId, details, counts };
}

/** Spec 1 §9: the auto-renew prompt shows when config ask_to_autorenew is set or group meta says prompt. */
export function asksAutoRenew(configValue: unknown, groupMeta: Readonly<Record<string, unknown>>): boolean {
  if (configValue === true || configValue === "true" || configValue === "prompt") return true;
  const meta = groupMeta.auto_renew ?? groupMeta.autorenew ?? groupMeta.ask_to_autorenew;
  return meta === "prompt" || meta === true;
}

/** Where the shopper goes after the reserve: gift and redeem skip the upsell step (spec 1 §4). */
export function afterReservePath(
  base: string,
  context: { action: "buy" | "renew" | "gift"; redeem: boolean },
): string {
  return context.action === "gift" || context.redeem ? `${base}/checkout` : `${base}/events`;
}

/** A failed membership reserve, as the form shows it (spec 1 §8 "Membership form"). */
export interface MembershipErrorInput {
  status: number;
  code: string;
  description: string;
  extra: Record<string, unknown>;
}

export type MembershipErrorView =
  | { kind: "silent" }
  | { kind: "prompt"; text: string; option: MembershipPromptOption }
  | { kind: "giftToSelf" }
  | { kind: "ruleBlocks"; reason: string }
  | { kind: "message"; text: string };

/** The membership options a prompt's answer may set when it resubmits. */
export const PROMPT_OPTIONS = ["extendMembership", "autoRenewMembership"] as const;
export type MembershipPromptOption = (typeof PROMPT_OPTIONS)[number];

const UNEXPECTED = "Sorry! Something unexpected happened. Please try again.";

/**
 * - validation-flagged errors (`_extra.validation` true, or the form's own check) are silent: the
 *   fields show them;
 * - a prompt-marked reserve code (`_extra.prompt` text, `_extra.prompt_option` one of the
 *   membership options) opens a yes/no prompt whose answer resubmits with that option;
 * - validate_not_email is the gift-to-self refusal; rule_blocks_reserve its own message;
 * - anything else shows its description, or the unexpected text.
 */
export function membershipErrorView(error: MembershipErrorInput): MembershipErrorView {
  if (error.extra.validation === true || error.code === "form_validation") return { kind: "silent" };
  const prompt = error.extra.prompt;
  const option = error.extra.prompt_option;
  if (
    typeof prompt === "string" &&
    prompt.trim() !== "" &&
    typeof option === "string" &&
    (PROMPT_OPTIONS as readonly string[]).includes(option)
  )
    return { kind: "prompt", text: prompt, option: option as MembershipPromptOption };
  if (error.code === "validate_not_email") return { kind: "giftToSelf" };
  const described = serverText(error);
  if (error.code === "rule_blocks_reserve") return { kind: "ruleBlocks", reason: described ?? "" };
  return { kind: "message", text: described ?? UNEXPECTED };
}

/**
 * The last day a term is valid, as YYYY-MM-DD in the tenant's zone: valid_to is the exclusive end
 * (the tenant's midnight), so the day before it.
 */
export function lastValidDay(validTo: string, timeZone: string): string | null {
  const end = Date.parse(validTo);
  return Number.isFinite(end) ? dayIn(end - 1, timeZone) : null;
}

/** The calendar day (YYYY-MM-DD) of an instant in the tenant's zone. */
export function calendarDayOf(instant: string, timeZone: string): string | null {
  const at = Date.parse(instant);
  return Number.isFinite(at) ? dayIn(at, timeZone) : null;
}

function dayIn(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
