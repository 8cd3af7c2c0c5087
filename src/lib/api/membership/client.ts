/**
 * The membership form's calls (spec 1 §7): the level rules (GET membership_rules, a cached read),
 * the visitor's memberships (GET my/membership, fresh and private) and the giftee identity
 * (POST giftee, only when gifting, before the membership reserve). The reserve itself goes through
 * the cart store (POST my/cart[/{id}]/modify).
 */
import { z } from "zod";
import type { ApiClient } from "../client.ts";
import { membershipRulesEnvelope, myMembershipEnvelope } from "./schemas.ts";

/** Spec 1 §7 "GET membership_rules | embed ticket_type, limit 1000". */
export const MEMBERSHIP_RULES_LIMIT = 1000;

/** Spec 1 §3 "Giftee payload". */
export interface GifteePayload {
  first_name: string;
  last_name: string;
  email: string;
  additional_info: Record<string, unknown>;
}

/** The answer carries identity_id (plainly, or as the created identity resource). */
const gifteeAnswer = z.union([
  z.object({ identity_id: z.string().min(1) }),
  z.object({ identity: z.object({ _data: z.array(z.object({ id: z.string().min(1) })).min(1) }) }),
]);

export const MY_MEMBERSHIP_EMBEDS = [
  "role",
  "identity_link",
  "ticket",
  "ticket_order",
  "ticket.ticket_type",
  "ticket.event_template",
  "ticket.ticket_group",
  "role.membership_program",
];

export function membershipApi(clients: { cached: ApiClient; fresh: ApiClient }, seller: string) {
  return {
    rules(ticketGroupId: string) {
      return clients.cached.get(
        "membership_rules",
        {
          _seller: seller,
          ticket_group_id: ticketGroupId,
          _embed: "ticket_type",
          _limit: MEMBERSHIP_RULES_LIMIT,
        },
        membershipRulesEnvelope,
      );
    },
    myMembership() {
      return clients.fresh.get(
        "my/membership",
        { _seller: seller, _embed: MY_MEMBERSHIP_EMBEDS },
        myMembershipEnvelope,
      );
    },
    async giftee(payload: GifteePayload): Promise<string> {
      const answer = await clients.fresh.send("POST", "giftee", { _seller: seller }, payload, gifteeAnswer);
      return "identity_id" in answer ? answer.identity_id : (answer.identity._data[0]?.id ?? "");
    },
  };
}

export type MembershipApi = ReturnType<typeof membershipApi>;
