import { describe, expect, it } from "vitest";
import {
  conflictWords,
  findCode,
  markAdmitted,
  mergeDownloaded,
  nextBatch,
  type OfflineCode,
  type OfflineDay,
  offlineVerdict,
  type QueuedScan,
  syncOutcome,
  waitingWords,
} from "../../../src/lib/domain/gate/offline.ts";

const NY = "America/New_York";
const now = new Date("2026-11-29T15:00:00Z"); // 10:00 in New York
const code = (over: Partial<OfflineCode> = {}): OfflineCode => ({
  hash: "h1",
  ticket_type_name: "Adult",
  session_id: "s-today",
  event_id: "e1",
  start: "2026-11-29T16:00:00.000Z",
  state: "booked",
  ...over,
});
const day = (codes: OfflineCode[]): OfflineDay => ({
  date: "2026-11-29",
  codes,
  fetched_at: "2026-11-29T14:00:00.000Z",
});
const today = { scope: { kind: "today" as const }, now, timeZone: NY };
const queued = (over: Partial<QueuedScan> = {}): QueuedScan => ({
  scan_id: "a",
  code: "HM-TICKET-123456789",
  gate: "North gate",
  scope: { kind: "today" },
  scanned_at: "2026-11-29T15:00:00.000Z",
  admitted: true,
  ...over,
});

describe("the offline gate's decision", () => {
  it("a booked ticket of today that fits what the gate checks is admitted offline, in green", () => {
    const a = offlineVerdict(code(), today);
    expect(a).toMatchObject({
      light: "green",
      kind: "admitted",
      headline: "Admitted offline",
      admitted: true,
    });
    expect(a.detail).toContain("Adult");
  });

  it("a code admitted before the download reads as already admitted, in red, and lets nobody in", () => {
    const a = offlineVerdict(code({ state: "redeemed" }), today);
    expect(a).toMatchObject({
      light: "red",
      kind: "already_admitted",
      headline: "Already admitted",
      admitted: false,
    });
  });

  it("a code admitted offline here reads as already admitted on a second scan, with when and where", () => {
    const marked = markAdmitted(day([code(), code({ hash: "h2" })]), "h1", now, "North gate");
    const again = offlineVerdict(findCode(marked, "h1"), today);
    expect(again).toMatchObject({ kind: "already_admitted", admitted: false });
    expect(again.detail).toContain("North gate");
    expect(findCode(marked, "h2")?.state).toBe("booked");
  });

  it("an unknown code is not found offline, honest that member cards and other days cannot be checked", () => {
    const a = offlineVerdict(findCode(day([code()]), "nope"), today);
    expect(a).toMatchObject({
      light: "red",
      kind: "not_found_offline",
      headline: "Not found offline",
      admitted: false,
    });
    expect(a.detail).toMatch(/member card/i);
    expect(a.detail).toMatch(/another day/i);
    expect(offlineVerdict(findCode(null, "h1"), today).kind).toBe("not_found_offline");
  });

  it("a ticket of another session is amber with Admit anyway; admitted anyway it goes in", () => {
    const scope = { kind: "session" as const, session_id: "s-other" };
    const held = offlineVerdict(code(), { ...today, scope });
    expect(held).toMatchObject({ light: "amber", kind: "wrong_session", canOverride: true, admitted: false });
    const anyway = offlineVerdict(code(), { ...today, scope, override: true });
    expect(anyway).toMatchObject({ light: "green", headline: "Admitted (override) offline", admitted: true });
  });

  it("a ticket of another event is amber when the gate checks one event", () => {
    const a = offlineVerdict(code(), { ...today, scope: { kind: "event", event_id: "e2" } });
    expect(a).toMatchObject({ light: "amber", kind: "wrong_session" });
  });

  it("a pass (no session) valid from before today is admitted at any session of the day", () => {
    const pass = code({ session_id: null, start: "2026-11-01T05:00:00.000Z" });
    expect(
      offlineVerdict(pass, { ...today, scope: { kind: "session", session_id: "s-today" } }).admitted,
    ).toBe(true);
  });
});

describe("the day's codes downloaded again", () => {
  it("keep an admission made offline that is still waiting to sync, and take the server's word for the rest", () => {
    const before = markAdmitted(day([code(), code({ hash: "h2" })]), "h1", now, "North gate");
    const merged = mergeDownloaded(
      { date: "2026-11-29", codes: [code(), code({ hash: "h2", state: "redeemed" })] },
      before,
      now,
      ["h1"],
    );
    expect(findCode(merged, "h1")).toMatchObject({ state: "redeemed", admitted_gate: "North gate" });
    expect(findCode(merged, "h2")?.state).toBe("redeemed");
    expect(merged.fetched_at).toBe(now.toISOString());
  });

  it("drop the local mark once the scan is synced, and a previous day's marks", () => {
    const before = markAdmitted(day([code()]), "h1", now, "North gate");
    expect(
      findCode(mergeDownloaded({ date: "2026-11-29", codes: [code()] }, before, now, []), "h1")?.state,
    ).toBe("booked");
    expect(
      findCode(mergeDownloaded({ date: "2026-11-30", codes: [code()] }, before, now, ["h1"]), "h1")?.state,
    ).toBe("booked");
  });
});

describe("the queue of offline scans", () => {
  it("syncs the oldest first, in batches of at most the API's limit", () => {
    const q = [
      queued({ scan_id: "c", scanned_at: "2026-11-29T15:03:00.000Z" }),
      queued({ scan_id: "a", scanned_at: "2026-11-29T15:01:00.000Z" }),
      queued({ scan_id: "b", scanned_at: "2026-11-29T15:02:00.000Z" }),
    ];
    expect(nextBatch(q, 2).map((s) => s.scan_id)).toEqual(["a", "b"]);
    expect(nextBatch([], 500)).toEqual([]);
  });

  it("removes what the server answered, keeps what it did not, and reports every conflict", () => {
    const batch = [queued({ scan_id: "a" }), queued({ scan_id: "b" }), queued({ scan_id: "c" })];
    const outcome = syncOutcome(batch, [
      { scan_id: "a", headline: "Admitted", detail: "Adult", conflict: false },
      {
        scan_id: "b",
        headline: "Already admitted",
        detail: "At 9:58 AM on Sun, Nov 29, Main gate. Adult",
        conflict: true,
      },
    ]);
    expect(outcome.synced).toEqual(["a", "b"]);
    expect(outcome.unanswered).toEqual(["c"]);
    expect(outcome.conflicts.map((c) => c.scan.scan_id)).toEqual(["b"]);
  });

  it("words a conflict with the ticket's last characters, where it was admitted, and that the back office knows", () => {
    const words = conflictWords(queued(), {
      scan_id: "a",
      headline: "Already admitted",
      detail: "At 9:58 AM on Sun, Nov 29, Main gate. Adult",
      conflict: true,
    });
    expect(words).toContain("…456789");
    expect(words).not.toContain("HM-TICKET-123456789");
    expect(words).toContain("Main gate");
    expect(words).toBe(
      "Ticket …456789 was already admitted before North gate let it in offline: At 9:58 AM on Sun, Nov 29, Main gate. Adult. Reported to the back office.",
    );
  });

  it("says offline and how many scans wait, or online", () => {
    expect(waitingWords(false, 2)).toBe("Offline: 2 scans waiting");
    expect(waitingWords(false, 1)).toBe("Offline: 1 scan waiting");
    expect(waitingWords(true, 0)).toBe("Online");
    expect(waitingWords(true, 3)).toBe("Online: sending 3 scans");
  });
});
