/**
 * The gate: scans that admit a ticket once (scan.ts), member cards checked, admissions undone
 * (undo.ts), the day's sessions and the codes an offline gate keeps (day.ts), and an offline
 * gate's scans synced (sync.ts). Every call takes the acting staff member or API key, whose role
 * must allow `gate.scan`, and reads and writes only that actor's seller.
 */
export { type GateConflict, gateConflicts } from "./conflicts.ts";
export { gateCodes, gateDay, scanCodeHash } from "./day.ts";
export { scanCode } from "./scan.ts";
export * from "./schemas.ts";
export { SYNC_MAX_SCANS, syncInput, syncOfflineScans } from "./sync.ts";
export { undoAdmission } from "./undo.ts";
