/** The inputs of the session operations, for the admin API's routes to share. */
import { z } from "zod";

const sessionId = z.string().min(1).max(200);
/** Why staff changed it: kept in the audit log. */
const reason = z.string().trim().min(1, "Say why.").max(500);

export const sessionRefInput = z.object({ sessionId }).strict();
export type SessionRefInput = z.input<typeof sessionRefInput>;

export const closeSessionInput = z.object({ sessionId, reason: reason.optional() }).strict();
export type CloseSessionInput = z.input<typeof closeSessionInput>;

export const setSessionCapacityInput = z
  .object({
    sessionId,
    /** -1 is unlimited. */
    capacity: z.number().int().min(-1).max(1_000_000),
    reason,
  })
  .strict();
export type SetSessionCapacityInput = z.input<typeof setSessionCapacityInput>;
