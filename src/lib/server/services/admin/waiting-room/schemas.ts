/** The inputs of the back office's waiting room calls, for the admin API's routes to share. */
import { z } from "zod";

/** A room is named by its key: the events it guards, sorted, joined by commas ("*" for every event). */
const roomKey = z.string().min(1).max(10_000);

export const waitingRoomRefInput = z.object({ roomKey }).strict();
export type WaitingRoomRefInput = z.input<typeof waitingRoomRefInput>;

export const setWaitingRoomRateInput = z
  .object({
    roomKey,
    /** Shoppers let in per minute from now on; null: back to the tenant file's rate. */
    ratePerMinute: z.number().int().min(1).max(100_000).nullable(),
  })
  .strict();
export type SetWaitingRoomRateInput = z.input<typeof setWaitingRoomRateInput>;
