/**
 * GET my/membership (spec 1 §3, §7; issue 12): the logged-in identity's memberships at a seller,
 * with the spec's embeds — the member's role (with its membership program, the level), the
 * order and its membership ticket (with ticket type, group and event template ids).
 */
import { z } from "zod";
import { collection } from "./schemas.ts";

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
});

export const membershipTicket = z.object({
  id: z.string(),
  ticket_order_id: z.string().nullable(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
});

export const membershipOrder = z.object({ id: z.string(), order_number: z.string(), state: z.string() });

export const myMembershipEnvelope = z.object({
  membership: collection(membershipResource),
  role: collection(membershipRole),
  membership_program: collection(membershipProgram),
  ticket: collection(membershipTicket),
  ticket_order: collection(membershipOrder),
});
export type MyMembershipEnvelope = z.infer<typeof myMembershipEnvelope>;
export type Membership = z.infer<typeof membershipResource>;
