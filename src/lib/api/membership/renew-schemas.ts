/**
 * Automatic renewal (spec 2 §3, §4, §7): the answer of `DELETE ticket_order/{id}/auto_renew`
 * and of `GET ticket_order/{id}/auto_renew` (the cancel page's read): the order's memberships with
 * their auto_renew_state (scheduled, cancelled, else not enrolled), the level's name, and the saved
 * payment method shown by its identifier ("Visa ending 4242").
 */
import { z } from "zod";
import { collection } from "../schemas.ts";

export const autoRenewMembership = z.object({
  id: z.string(),
  scan_code: z.string(),
  role: z.string(),
  name: z.string(),
  ticket_order_id: z.string().nullable(),
  auto_renew_state: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  level_name: z.string().nullable(),
  saved_payment_method_id: z.string().nullable(),
});

export const savedPaymentMethodResource = z.object({ id: z.string(), identifier: z.string() });

export const autoRenewEnvelope = z.object({
  ticket_order: collection(z.object({ id: z.string(), order_number: z.string() })),
  membership: collection(autoRenewMembership),
  saved_payment_method: collection(savedPaymentMethodResource),
});

export type AutoRenewEnvelope = z.infer<typeof autoRenewEnvelope>;
export type AutoRenewMembership = z.infer<typeof autoRenewMembership>;

/** GET my/identity/saved_payment_method (spec 2 §7): the caller's saved cards, by identifier. */
export const savedPaymentMethodEnvelope = z.object({
  saved_payment_method: collection(savedPaymentMethodResource),
});
export type SavedPaymentMethodEnvelope = z.infer<typeof savedPaymentMethodEnvelope>;

/** The route's parameters: the ticket order id and the seller. */
export const autoRenewParams = z.object({ id: z.string().min(1).max(200) });
export const autoRenewQuery = z.object({ _seller: z.string().max(200).optional() });
