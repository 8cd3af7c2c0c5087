/**
 * The waiting list's answers (POST waiting_list, GET waiting_list/{id}, the leave and offer calls):
 * a place in the line, and an offer as its link shows it.
 */
import { z } from "zod";

const entryOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ waiting_list_entry: z.object({ _count: z.number(), _data: z.array(z.object(shape)).min(1) }) });

export const joinedAnswer = entryOf({
  entry_id: z.string(),
  position: z.number().int().min(1),
  leave_token: z.string(),
});
export type JoinedAnswer = z.infer<typeof joinedAnswer>;

export const positionAnswer = entryOf({ entry_id: z.string(), position: z.number().int().min(1).nullable() });

export const leftAnswer = entryOf({ entry_id: z.string() });

export const offerAnswer = entryOf({
  entry_id: z.string(),
  /** offered while it holds; converted, expired, declined, left, removed or closed after. */
  state: z.string(),
  cart_id: z.string().nullable(),
  expires_at: z.string().nullable(),
  quantity: z.number().int(),
  event_name: z.string(),
  start_datetime: z.string(),
});
export type OfferAnswer = z.infer<typeof offerAnswer>;

export interface JoinBody {
  event_session_id: string;
  /** Omitted by a logged-in member: the account's e-mail. */
  email?: string;
  tickets: { ticket_type_id: string; quantity: number }[];
}
