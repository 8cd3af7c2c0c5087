/**
 * Editing an order (spec 2 §4, §7): the bodies of POST ticket_order/{id}/edit_cart and
 * POST cart/{id}/remove, and the texts of the edit and reschedule errors (spec 2 §8). The edit
 * cart answers are the ordinary cart envelope (cart-schemas.ts).
 */
import { z } from "zod";
import { moneyString } from "../schemas.ts";
import { manageToken } from "./schemas.ts";

const id = z.string().min(1).max(200);

/** POST ticket_order/{id}/edit_cart. */
export const editCartBody = z.strictObject({ manage_token: manageToken });

/** POST cart/{id}/remove: the order's tickets the edit cart removes. */
export const cartRemoveBody = z.strictObject({ tickets: z.array(id).min(1).max(1000) });

/**
 * GET ticket_order/{id}/reschedule_quote: what moving `tickets` (comma-separated ids of the order's
 * tickets) to `event_session_id` would cost, priced as the edit cart and its checkout price it
 * (domain/manage/edit-price.ts), so the preview shows the amount the confirm page then charges.
 * (Its query schema is the route's: server-only zod.)
 */
export const rescheduleQuote = z.object({
  event_session_id: z.string(),
  /** What the change costs: the new tickets' total less the credit (below zero: it costs less). */
  difference: moneyString,
  /** The new tickets within the changed order: face value, outside fees, the kept promo discount. */
  face_value: moneyString,
  fees: moneyString,
  discount: moneyString,
  total: moneyString,
  /** What the moved tickets are worth. */
  credit: moneyString,
});

export const rescheduleQuoteAnswer = z.object({
  reschedule_quote: z.object({ _count: z.number().int(), _data: z.array(rescheduleQuote) }),
});

/** The `_context` of the ticket errors of an edit (spec 2 §8 "Edit-order known codes"). */
export const REMOVE_TICKETS_CONTEXT = "cart_remove_tickets";

export const TICKETS_TOO_OLD_TEXT = "These tickets can no longer be changed.";
export const TICKET_NOT_FOUND_TEXT = "We could not find that ticket on this order.";
export const TICKET_STATE_INCORRECT_TEXT = "This ticket can no longer be changed.";
/** Spec 2 §8: self-edit is off, or the tickets are past the horizon. */
export const RESCHEDULE_CONTACT_TEXT = "Please contact us to reschedule your tickets.";
/** Spec 2 §8: the reschedule fallback. */
export const RESCHEDULE_FALLBACK_TEXT = "Oops! Sorry, something went wrong.";
/** Spec 2 §6. */
export const LOG_OUT_TO_EDIT_TEXT = "Please log-out to edit your tickets";

export type EditCartBody = z.input<typeof editCartBody>;
export type CartRemoveBody = z.input<typeof cartRemoveBody>;
export type RescheduleQuote = z.infer<typeof rescheduleQuote>;
export type RescheduleQuoteAnswer = z.infer<typeof rescheduleQuoteAnswer>;
