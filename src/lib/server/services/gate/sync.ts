/**
 * An offline gate's scans, sent when the network is back. Each is decided as the server would have
 * decided it at the moment the gate scanned it, oldest first; the server's first admission wins: a
 * ticket this gate admitted offline that another gate had already admitted comes back as a
 * conflict, recorded for the back office, never dropped. A batch sent twice answers the same (each
 * scan keeps its id).
 */
import { z } from "zod";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import type { Executor } from "../../db/executor.ts";
import { assertAllowed, parseInput } from "../admin/permit.ts";
import { scanCode } from "./scan.ts";
import { type ScanAnswer, scanInput } from "./schemas.ts";

export const SYNC_MAX_SCANS = 500;

export const syncInput = z
  .object({
    scans: z
      .array(
        scanInput.extend({
          scannedAt: z.coerce.date(),
          /** What the offline gate did: it let the visitor in (green). */
          admitted: z.boolean(),
        }),
      )
      .min(1)
      .max(SYNC_MAX_SCANS),
  })
  .strict();
export type SyncInput = z.input<typeof syncInput>;

export async function syncOfflineScans(
  db: Executor,
  actor: StaffActor,
  input: SyncInput,
  now: Date,
): Promise<ScanAnswer[]> {
  assertAllowed(actor, "gate.scan");
  const { scans } = parseInput(syncInput, input);
  const ordered = [...scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime());
  const answers: ScanAnswer[] = [];
  for (const { scannedAt, admitted, ...scan } of ordered) {
    // A gate's clock ahead of the server's is taken as now: a scan cannot come from the future.
    const at = scannedAt.getTime() > now.getTime() ? now : scannedAt;
    answers.push(await scanCode(db, actor, scan, now, { offline: { scannedAt: at, admitted } }));
  }
  return answers;
}
