/** The gate's inputs and answers, checked by zod (the API's routes and the pages use these). */
import { z } from "zod";
import { gateScopeSchema } from "../../../domain/gate/verdict.ts";

const gateName = z.string().trim().min(1, "Name the gate.").max(60);
const reason = z.string().trim().max(300);

export const scanInput = z
  .object({
    /** Given by the gate (a UUID): the same scan sent again is answered, not counted, again. */
    scanId: z.uuid(),
    code: z.string().trim().min(1, "Enter a code.").max(200),
    gate: gateName,
    scope: gateScopeSchema,
    /** Admit a ticket that is not for today or this session; logged with the reason. */
    override: z.boolean().default(false),
    reason: reason.optional(),
  })
  .strict();
export type ScanInput = z.input<typeof scanInput>;

export const undoAdmissionInput = z
  .object({ ticketId: z.string().min(1).max(100), reason: reason.min(1, "Say why.") })
  .strict();
export type UndoAdmissionInput = z.input<typeof undoAdmissionInput>;

export const scanAnswer = z.object({
  scanId: z.string(),
  light: z.enum(["green", "amber", "red"]),
  /** admitted | already_admitted | wrong_day | wrong_session | cancelled | refunded | not_found | member_valid | member_expired | member_not_yet_valid */
  kind: z.string(),
  headline: z.string(),
  detail: z.string(),
  ticketId: z.string().nullable(),
  membershipId: z.string().nullable(),
  /** An amber answer may be admitted anyway with `override`. */
  canOverride: z.boolean(),
  /** An offline admission the server had already given to another scan. */
  conflict: z.boolean(),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;
