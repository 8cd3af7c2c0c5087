/**
 * The gate without the network: pure rules over the day's codes the gate downloaded (a SHA-256 of
 * each ticket's scan code, its type, session, start and state) and the scans it queued while
 * offline. The same verdict rules as the server (verdict.ts) where they can apply offline; what
 * cannot be checked offline (a member card, a ticket of another day) says so honestly.
 */
import { type GateScope, type TicketFacts, verdictOf, verdictWords } from "./verdict.ts";

/** One of the day's codes, as GET admin/gate/codes lists it, plus what this gate did with it. */
export interface OfflineCode {
  /** sha256 hex of the scan code, trimmed. */
  hash: string;
  ticket_type_name: string;
  session_id: string | null;
  event_id: string;
  /** The session's start (ISO); a pass's first day of validity; null when none is set. */
  start: string | null;
  /** booked (still to admit) or redeemed (admitted). */
  state: string;
  /** Set when this gate admitted the code offline. */
  admitted_at?: string;
  admitted_gate?: string;
}

/** The day's codes as the gate keeps them. */
export interface OfflineDay {
  date: string;
  codes: OfflineCode[];
  /** When they were downloaded (ISO). */
  fetched_at: string;
}

/** What a gate checks, in the API's shape. */
export type OfflineScope =
  | { kind: "today" }
  | { kind: "event"; event_id: string }
  | { kind: "session"; session_id: string };

/** A scan decided offline, waiting to be sent with POST admin/gate/sync. */
export interface QueuedScan {
  scan_id: string;
  code: string;
  gate: string;
  scope: OfflineScope;
  override?: boolean;
  reason?: string;
  /** ISO instant of the scan on the gate's clock. */
  scanned_at: string;
  /** The offline gate let the visitor in. */
  admitted: boolean;
}

/** The offline answer, in the words and lights of an online one. */
export interface OfflineAnswer {
  light: "green" | "amber" | "red";
  kind: string;
  headline: string;
  detail: string;
  canOverride: boolean;
  /** The visitor goes in: the code is marked redeemed locally and the scan queued as admitted. */
  admitted: boolean;
}

export interface OfflineContext {
  scope: OfflineScope;
  now: Date;
  timeZone: string;
  override?: boolean;
  locale?: string;
}

function domainScope(scope: OfflineScope): GateScope {
  if (scope.kind === "event") return { kind: "event", eventId: scope.event_id };
  if (scope.kind === "session") return { kind: "session", sessionId: scope.session_id };
  return { kind: "today" };
}

function factsOf(code: OfflineCode): TicketFacts {
  return {
    kind: "ticket",
    ticketId: code.hash,
    state: code.state,
    refunded: false,
    sessionId: code.session_id,
    eventId: code.event_id,
    sessionStart: code.start ? new Date(code.start) : null,
    validUntil: null,
    ticketTypeName: code.ticket_type_name,
    holderName: null,
    seat: null,
    admittedAt: code.admitted_at ? new Date(code.admitted_at) : null,
    admittedGate: code.admitted_gate ?? null,
  };
}

/** What the day's codes hold for a code's hash: one entry, or none. */
export function findCode(day: OfflineDay | null, hash: string): OfflineCode | undefined {
  return day?.codes.find((c) => c.hash === hash);
}

/**
 * The offline verdict for a scanned code's entry in the day's codes. An unknown code is not "not
 * found" but "not found offline": a member card or another day's ticket is not in the day's codes.
 */
export function offlineVerdict(entry: OfflineCode | undefined, ctx: OfflineContext): OfflineAnswer {
  if (!entry) {
    return {
      light: "red",
      kind: "not_found_offline",
      headline: "Not found offline",
      detail:
        "This code is not among today's tickets. A member card, or a ticket for another day, can only be checked when the gate is back online.",
      canOverride: false,
      admitted: false,
    };
  }
  const verdict = verdictOf(factsOf(entry), {
    scope: domainScope(ctx.scope),
    now: ctx.now,
    timeZone: ctx.timeZone,
    override: ctx.override,
  });
  const words = verdictWords(verdict, ctx.timeZone, ctx.locale);
  if (verdict.kind === "already_admitted" && !entry.admitted_gate) {
    // Admitted before the codes were downloaded: the day's codes know it was, not when or where.
    words.detail = entry.ticket_type_name;
  }
  return {
    light: verdict.light,
    kind: verdict.kind,
    headline: verdict.kind === "admitted" ? `${words.headline} offline` : words.headline,
    detail: words.detail,
    canOverride: verdict.light === "amber",
    admitted: verdict.kind === "admitted",
  };
}

/** The day with one code marked admitted here, so a second offline scan says already admitted. */
export function markAdmitted(day: OfflineDay, hash: string, at: Date, gate: string): OfflineDay {
  return {
    ...day,
    codes: day.codes.map((c) =>
      c.hash === hash ? { ...c, state: "redeemed", admitted_at: at.toISOString(), admitted_gate: gate } : c,
    ),
  };
}

/**
 * Freshly downloaded codes, keeping what this gate admitted offline and has not synced yet: the
 * server does not know of those admissions, and must not be believed over them until it does.
 */
export function mergeDownloaded(
  fresh: Omit<OfflineDay, "fetched_at">,
  previous: OfflineDay | null,
  fetchedAt: Date,
  waiting: readonly string[],
): OfflineDay {
  const pending = new Set(waiting);
  const admittedHere = new Map(
    (previous?.date === fresh.date ? previous.codes : [])
      .filter((c) => c.admitted_at && pending.has(c.hash))
      .map((c) => [c.hash, c] as const),
  );
  return {
    date: fresh.date,
    fetched_at: fetchedAt.toISOString(),
    codes: fresh.codes.map((c) => admittedHere.get(c.hash) ?? c),
  };
}

/** The next batch to sync: the oldest scans first, at most `max`. */
export function nextBatch(queue: readonly QueuedScan[], max: number): QueuedScan[] {
  return [...queue].sort((a, b) => a.scanned_at.localeCompare(b.scanned_at)).slice(0, max);
}

/** The server's answer to one synced scan (POST admin/gate/sync). */
export interface SyncedAnswer {
  scan_id: string;
  headline: string;
  detail: string;
  conflict: boolean;
}

export interface SyncOutcome {
  /** Scans the server answered: to remove from the queue. */
  synced: string[];
  /** Scans sent but not answered: they stay queued for the next try. */
  unanswered: string[];
  /** Admissions the server had already given to another gate: each is reported, never dropped. */
  conflicts: { scan: QueuedScan; answer: SyncedAnswer }[];
}

/** What a sync's answers mean for the batch that was sent. */
export function syncOutcome(batch: readonly QueuedScan[], answers: readonly SyncedAnswer[]): SyncOutcome {
  const byId = new Map(answers.map((a) => [a.scan_id, a]));
  const outcome: SyncOutcome = { synced: [], unanswered: [], conflicts: [] };
  for (const scan of batch) {
    const answer = byId.get(scan.scan_id);
    if (!answer) {
      outcome.unanswered.push(scan.scan_id);
      continue;
    }
    outcome.synced.push(scan.scan_id);
    if (answer.conflict) outcome.conflicts.push({ scan, answer });
  }
  return outcome;
}

/** The last characters of a code: enough for staff to tell tickets apart, never the whole code. */
export function codeTail(code: string): string {
  const trimmed = code.trim();
  return trimmed.length > 6 ? `…${trimmed.slice(-6)}` : trimmed;
}

/** The gate's words for a conflict the server reported: which ticket, and the first admission. */
export function conflictWords(scan: QueuedScan, answer: SyncedAnswer): string {
  const detail = answer.detail.trim().replace(/([^.])$/, "$1.");
  return `Ticket ${codeTail(scan.code)} was already admitted before ${scan.gate} let it in offline${detail ? `: ${detail}` : "."} Reported to the back office.`;
}

/** "Offline: 2 scans waiting", or the online words. */
export function waitingWords(online: boolean, waiting: number): string {
  const scans = waiting === 1 ? "1 scan" : `${waiting} scans`;
  if (!online) return `Offline: ${scans} waiting`;
  return waiting > 0 ? `Online: sending ${scans}` : "Online";
}
