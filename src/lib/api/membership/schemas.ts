/**
 * GET my/membership (spec 1 §3, §7): the logged-in identity's memberships at a seller,
 * with the spec's embeds — the member's role (with its membership program, the level), the
 * order and its membership ticket (with ticket type, group and event template ids).
 */
import { z } from "zod";
import { collection, membershipRuleResource, ticketTypeResource } from "../schemas.ts";

export const membershipProgram = z.object({ id: z.string(), name: z.string(), _rank: z.number().int() });

export const membershipRole = z.object({
  id: z.string(),
  name: z.string(),
  _rank: z.number().int(),
  membership_program_id: z.string().nullable(),
});

export const membershipResource = z.object({
  id: z.string(),
  scan_code: z.string(),
  role: z.string(),
  role_id: z.string(),
  name: z.string(),
  last_name: z.string(),
  auto_renew_state: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  membership_program_id: z.string().nullable(),
  ticket_group_id: z.string().nullable(),
  event_template_id: z.string().nullable(),
  ticket_order_id: z.string().nullable(),
  /** Optional for older answers: the level (ticket type), last full day, renewal, benefits. */
  ticket_type_id: z.string().nullable().optional(),
  /** The last full day of the term (YYYY-MM-DD, tenant's calendar): a term ending at midnight 22 Nov gives 21 Nov. */
  valid_until: z.string().optional(),
  renews_membership_id: z.string().nullable().optional(),
  member_event_purchase_limit: z.number().int().nullable().optional(),
  /** The level's benefits: allowed tickets per term by ticket type id, "*" for the members-only pool. */
  benefits: z.record(z.string(), z.number().int()).optional(),
  /** What remains of each benefit pool in the current term (the reserve steppers cap at it). */
  remaining_benefits: z
    .array(
      z.object({
        pool: z.string(),
        limit: z.number().int(),
        used: z.number().int(),
        remaining: z.number().int(),
      }),
    )
    .optional(),
  /**
   * With a member_event_purchase_limit, in the current term: the members-only tickets held or
   * booked per event and what remains of the limit (an event not listed has the whole limit left).
   */
  remaining_event_purchases: z
    .array(
      z.object({
        event_template_id: z.string(),
        limit: z.number().int(),
        used: z.number().int(),
        remaining: z.number().int(),
      }),
    )
    .optional(),
  /** Renewal opens `window_days` before the term ends (tenant web membership.renewal_window_days). */
  renewal: z
    .object({
      open: z.boolean(),
      opens_at: z.string(),
      window_days: z.number().int(),
      /** The term has ended (by the server's clock): a renewal then starts at once. */
      ended: z.boolean().optional(),
    })
    .optional(),
});

export const membershipTicket = z.object({
  id: z.string(),
  ticket_order_id: z.string().nullable(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
  party_role: z.string().nullable().optional(),
  admit_name: z.string().nullable().optional(),
  state: z.string().optional(),
});

export const membershipOrder = z.object({ id: z.string(), order_number: z.string(), state: z.string() });

export const myMembershipEnvelope = z.object({
  membership: collection(membershipResource),
  role: collection(membershipRole),
  membership_program: collection(membershipProgram),
  ticket: collection(membershipTicket),
  ticket_order: collection(membershipOrder),
  /** The identity each membership belongs to (embed identity_link). */
  identity_link: collection(
    z.object({ id: z.string(), identity_id: z.string(), membership_id: z.string() }),
  ).optional(),
  ticket_type: collection(
    z.object({ id: z.string(), name: z.string(), _rank: z.number().int(), ticket_group_id: z.string() }),
  ).optional(),
  ticket_group: collection(
    z.object({ id: z.string(), name: z.string(), event_template_id: z.string(), handler: z.string() }),
  ).optional(),
  event_template: collection(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type MyMembershipEnvelope = z.infer<typeof myMembershipEnvelope>;
export type Membership = z.infer<typeof membershipResource>;

/** GET membership_rules?ticket_group_id=…&_embed=ticket_type&_limit=1000 (spec 1 §7): the form's rules. */
export const membershipRulesEnvelope = z.object({
  membership_rule: collection(membershipRuleResource),
  ticket_type: collection(ticketTypeResource).optional(),
});
export type MembershipRulesEnvelope = z.infer<typeof membershipRulesEnvelope>;
