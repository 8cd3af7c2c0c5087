/**
 * The membership form's API answers in the domain's shapes: the level rules of GET
 * membership_rules and the visitor's memberships of this program from GET my/membership.
 */
import type { MembershipRulesEnvelope, MyMembershipEnvelope } from "../../lib/api/membership/schemas.ts";
import type { FormRule, PreviousMember } from "../../lib/domain/membership/form.ts";

export function formRulesOf(envelope: MembershipRulesEnvelope, groupId: string): FormRule[] {
  return envelope.membership_rule._data
    .filter((r) => r.ticket_group_id === groupId)
    .map((r) => ({
      ticketTypeId: r.ticket_type_id,
      partyRole: r.party_role,
      named: r.named,
      min: r.min,
      max: r.max,
    }));
}

/** A membership's `name` is the card's full name; `last_name` is its last part. */
function splitName(name: string, lastName: string): { first: string; last: string } {
  const full = name.trim();
  const last = lastName.trim();
  if (last && full.endsWith(` ${last}`)) return { first: full.slice(0, -last.length).trim(), last };
  return { first: full === last ? "" : full, last };
}

/** The memberships of the program (the membership ticket group), with the level of their order. */
export function previousMembersOf(envelope: MyMembershipEnvelope, groupId: string): PreviousMember[] {
  const tickets = envelope.ticket._data;
  return envelope.membership._data
    .filter((m) => m.ticket_group_id === groupId)
    .map((m) => {
      const ticket = tickets.find(
        (t) => t.ticket_order_id === m.ticket_order_id && t.ticket_group_id === groupId,
      );
      return {
        role: m.role,
        ...splitName(m.name, m.last_name),
        validTo: m.valid_to,
        levelId: m.ticket_type_id ?? ticket?.ticket_type_id ?? null,
        orderId: m.ticket_order_id,
        renewalOpensAt: m.renewal && !m.renewal.open ? m.renewal.opens_at : null,
        ended: m.renewal?.ended === true,
      };
    });
}

/** The member tickets of an order counted by party role (the renewal's unnamed counts). */
export function roleCountsOf(envelope: MyMembershipEnvelope, orderId: string | null): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!orderId) return counts;
  for (const t of envelope.ticket._data) {
    if (t.ticket_order_id !== orderId || !t.party_role || t.state === "cancelled") continue;
    counts[t.party_role] = (Object.hasOwn(counts, t.party_role) ? (counts[t.party_role] ?? 0) : 0) + 1;
  }
  return counts;
}
