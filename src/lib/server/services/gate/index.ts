/**
 * The gate: scans that admit a ticket once (scan.ts), member cards checked, and admissions undone
 * (undo.ts). Every call takes the acting staff member or API key, whose role must allow
 * `gate.scan`, and reads and writes only that actor's seller.
 */

export { scanCode } from "./scan.ts";
export * from "./schemas.ts";
export { undoAdmission } from "./undo.ts";
