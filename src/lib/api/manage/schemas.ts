/**
 * The manage part of the contract (spec 2 §2, §5, §7, §8): the order a manage-link token
 * opens (GET ticket_order/{id}/manage), the link mailed again (POST ticket_order/manage_link) and the
 * cancel (POST ticket_order/{id}/cancel). The token travels as `?token=` on the read and as
 * `manage_token` in bodies.
 */
import { z } from "zod";
import { ticketOrderResource } from "../checkout/schemas.ts";
import { isoDateTime, moneyString } from "../schemas.ts";

/** The manage-link token's shape (`v1.{expires}.{mac}`); anything longer is refused before any lookup. */
export const manageToken = z.string().min(1).max(200);
const id = z.string().min(1).max(200);

export const manageMode = z.enum(["self_edit", "cancel_free", "contact_us"]);

export const manageTicket = z.object({
  id: z.string(),
  /** held | booked | cancelled */
  state: z.string(),
  ticket_type_id: z.string(),
  ticket_type_name: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
  event_name: z.string(),
  event_session_id: z.string().nullable(),
  start_datetime: isoDateTime.nullable(),
  timezone: z.string(),
  face_value: moneyString,
  adjusted_value: moneyString,
  admit_name: z.string().nullable(),
  seat_name: z.string().nullable(),
  can_cancel: z.boolean(),
  can_edit: z.boolean(),
});

export const manageAnswer = z.object({
  ticket_order: ticketOrderResource,
  tickets: z.array(manageTicket),
  mode: manageMode,
  /**
   * Why the order can't be cancelled here: `contact_us` ("You must contact us to cancel this
   * order."); null when the rules allow cancelling the tickets marked can_cancel.
   */
  cancel_refusal: z.enum(["contact_us"]).nullable(),
  /** The self-edit horizon (null when self-edit is off). */
  horizon: z.object({ days: z.number().int(), hours: z.number().int() }).nullable(),
  currency_code: z.string(),
});

export const manageQuery = z.object({
  /** Missing or empty reads as any bad token: the same 404. */
  token: z.string().max(200).optional(),
  _seller: z.string().max(200).optional(),
});

export const manageLinkBody = z.strictObject({
  order_number: z.string().trim().min(1).max(100),
  email: z.string().trim().min(3).max(254),
});

export const cancelBody = z.strictObject({
  manage_token: manageToken,
  tickets: z.array(id).min(1).max(500),
  gateway_data: z.record(z.string(), z.unknown()).optional(),
});

/** POST ticket_order/{id}/email from a logged-out holder of the manage link. */
export const manageEmailBody = z.strictObject({
  manage_token: manageToken,
  log_context: z.enum(["order_update", "order_cancel"]).optional(),
});

export type ManageMode = z.infer<typeof manageMode>;
export type ManageTicket = z.infer<typeof manageTicket>;
export type ManageAnswer = z.infer<typeof manageAnswer>;
export type CancelBody = z.infer<typeof cancelBody>;
export type ManageLinkBody = z.infer<typeof manageLinkBody>;
