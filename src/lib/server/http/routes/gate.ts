/**
 * The admin API's gate (services/gate): a scan, an admission undone, the day's sessions to choose
 * what a gate checks, the day's codes for a gate that goes offline, and an offline gate's scans
 * synced. Every call needs the role's `gate.scan` (gate, box office, admin) and a `_seller` of the
 * caller's own tenant; the services check both again.
 */
import { createRoute, z } from "@hono/zod-openapi";
import * as A from "../../../api/admin/schemas.ts";
import {
  gateCodes,
  gateConflicts,
  gateDay,
  SYNC_MAX_SCANS,
  scanCode,
  syncOfflineScans,
  undoAdmission,
} from "../../services/gate/index.ts";
import type { ApiRouter } from "../router.ts";
import { jsonBody } from "./_shared.ts";
import { requireActor } from "./admin/access.ts";
import { answer, idParam, many, one, sellerQuery } from "./admin/shapes.ts";

const scope = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("today") }),
    z.object({ kind: z.literal("event"), event_id: z.string().max(100) }),
    z.object({ kind: z.literal("session"), session_id: z.string().max(100) }),
  ])
  .openapi({ description: "What the gate checks: everything today, one event's sessions, or one session." });

const scanBody = z.object({
  scan_id: z.string().max(64).openapi({
    description: "A UUID the gate gives the scan: sent again, it is answered again, not counted again.",
  }),
  code: z.string().max(200),
  gate: z.string().max(60).openapi({ description: "The gate's name, e.g. North gate." }),
  scope,
  override: z
    .boolean()
    .optional()
    .openapi({ description: "Admit a ticket that is not for today or this session (logged)." }),
  reason: z.string().max(300).optional(),
});
type ScanBody = z.infer<typeof scanBody>;

const toScan = (b: ScanBody) => ({
  scanId: b.scan_id,
  code: b.code,
  gate: b.gate,
  scope:
    b.scope.kind === "today"
      ? b.scope
      : b.scope.kind === "event"
        ? { kind: "event" as const, eventId: b.scope.event_id }
        : { kind: "session" as const, sessionId: b.scope.session_id },
  override: b.override ?? false,
  reason: b.reason,
});

const routes = {
  scan: createRoute({
    method: "post",
    path: "/admin/gate/scans",
    request: { query: sellerQuery, body: jsonBody(scanBody) },
    responses: answer(
      "The verdict: green (admitted, a valid member card), amber (not for today or this session) or red.",
      A.gateScanAnswer,
    ),
  }),
  undo: createRoute({
    method: "post",
    path: "/admin/gate/admissions/{id}/undo",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(z.object({ reason: z.string().max(300) })),
    },
    responses: answer("The ticket is booked again; the undo is in the audit log."),
  }),
  day: createRoute({
    method: "get",
    path: "/admin/gate/day",
    request: { query: sellerQuery },
    responses: answer("Today's sessions at the venue, with sold and checked-in counts.", A.gateDayAnswer),
  }),
  codes: createRoute({
    method: "get",
    path: "/admin/gate/codes",
    request: { query: sellerQuery },
    responses: answer(
      "Today's codes for a gate that goes offline: SHA-256 of each scan code, type, session, state.",
    ),
  }),
  conflicts: createRoute({
    method: "get",
    path: "/admin/gate/conflicts",
    request: { query: sellerQuery.extend({ date: z.string().max(10).optional() }) },
    responses: answer(
      "A day's tickets an offline gate let in after another gate had admitted them.",
      A.gateConflictsAnswer,
    ),
  }),
  sync: createRoute({
    method: "post",
    path: "/admin/gate/sync",
    request: {
      query: sellerQuery,
      body: jsonBody(
        z.object({
          scans: z
            .array(
              scanBody.extend({
                scanned_at: z.string().max(40),
                admitted: z.boolean().openapi({ description: "The offline gate let the visitor in." }),
              }),
            )
            .max(SYNC_MAX_SCANS),
        }),
      ),
    },
    responses: answer(
      "Each offline scan decided at its time; the server's first admission wins, later ones are conflicts.",
    ),
  }),
};

export function registerGate(router: ApiRouter): void {
  router.openapi(routes.scan, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "gate.scan", c.req.valid("query")._seller);
    return c.json(one("gate_scan", await scanCode(db, actor, toScan(c.req.valid("json")), clock.now())), 200);
  });
  router.openapi(routes.undo, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "gate.scan", c.req.valid("query")._seller);
    const done = await undoAdmission(
      db,
      actor,
      { ticketId: c.req.valid("param").id, reason: c.req.valid("json").reason },
      clock.now(),
    );
    return c.json(one("ticket", done), 200);
  });
  router.openapi(routes.day, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "gate.scan", c.req.valid("query")._seller);
    return c.json(one("gate_day", await gateDay(db, actor, clock.now())), 200);
  });
  router.openapi(routes.codes, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "gate.scan", c.req.valid("query")._seller);
    return c.json(one("gate_codes", await gateCodes(db, actor, clock.now())), 200);
  });
  router.openapi(routes.conflicts, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "gate.scan", q._seller);
    return c.json(one("gate_conflicts", await gateConflicts(db, actor, { date: q.date }, clock.now())), 200);
  });
  router.openapi(routes.sync, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "gate.scan", c.req.valid("query")._seller);
    const scans = c.req.valid("json").scans.map((s) => ({
      ...toScan(s),
      scannedAt: s.scanned_at,
      admitted: s.admitted,
    }));
    return c.json(many("gate_scan", await syncOfflineScans(db, actor, { scans }, clock.now())), 200);
  });
}
