/**
 * Gifts of membership in the ticketing API contract (spec 1 §3 "Giftee payload", §7 POST giftee;
 * spec 2 §2 /membership/redeem, §3 "Code lookup (gift code): valid_from, valid_to, exhausted";
 * ): the giftee body and answer, and the redeem lookup's answer (the code and the levels
 * its redeemer may choose).
 */
import { z } from "zod";
import { collection, isoDateTime, moneyString } from "../schemas.ts";

/** Spec 1 §9: names at most 50, e-mail at most 254, custom fields at most 1000. */
export const gifteeBody = z.strictObject({
  first_name: z.string().trim().min(1).max(50),
  last_name: z.string().trim().min(1).max(50),
  email: z.email().max(254),
  additional_info: z.record(z.string().max(100), z.unknown()).optional(),
});

export const gifteeAnswer = z.object({ identity_id: z.string() });

/** A level a gift code's redeemer may choose: its price and what is left to pay after the gift. */
export const redeemChoiceResource = z.object({
  ticket_type_id: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  price: moneyString,
  discounted: moneyString,
  _rank: z.number().int(),
});

export const redeemResource = z.object({
  code: z.string(),
  valid_from: isoDateTime.nullable(),
  valid_to: isoDateTime.nullable(),
  exhausted: z.boolean(),
  ticket_group_id: z.string(),
  event_template_id: z.string().nullable(),
  value: moneyString,
  choices: z.array(redeemChoiceResource),
});

export const redeemAnswer = z.object({ redeem_membership: collection(redeemResource) });

export type GifteeBody = z.input<typeof gifteeBody>;
export type GifteeAnswer = z.infer<typeof gifteeAnswer>;
export type RedeemAnswer = z.infer<typeof redeemAnswer>;
export type RedeemResource = z.infer<typeof redeemResource>;
export type RedeemChoiceResource = z.infer<typeof redeemChoiceResource>;
