/** The inputs of the back office's waiting list calls, for the admin API's routes to share. */
import { z } from "zod";

const id = z.string().min(1).max(200);

export const waitingListRefInput = z.object({ sessionId: id }).strict();
export type WaitingListRefInput = z.input<typeof waitingListRefInput>;

export const waitingEntryRefInput = z.object({ entryId: id }).strict();
export type WaitingEntryRefInput = z.input<typeof waitingEntryRefInput>;

export const removeWaitingEntryInput = z
  .object({
    entryId: id,
    /** Why staff removed it: kept in the audit log; optional. */
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type RemoveWaitingEntryInput = z.input<typeof removeWaitingEntryInput>;
