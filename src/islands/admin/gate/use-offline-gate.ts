/**
 * The gate's offline side, for GateScanner: while it checks, it keeps the day's codes (downloaded
 * at the start and every few minutes while online) in IndexedDB, decides a scan locally when the
 * network fails (domain/gate/offline.ts), queues the admissions, and syncs them, oldest first,
 * when the network is back (the online event, and a retry every little while). A conflict the
 * server reports is shown until staff dismiss the gate, never dropped.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminApi } from "../../../lib/api/admin/client.ts";
import { gateCacheName, gatePath, gateWorkerPath } from "../../../lib/domain/gate/device-storage.ts";
import {
  conflictWords,
  findCode,
  markAdmitted,
  mergeDownloaded,
  nextBatch,
  type OfflineAnswer,
  type OfflineScope,
  offlineVerdict,
  type QueuedScan,
  syncOutcome,
} from "../../../lib/domain/gate/offline.ts";
import { codeHash, type GateStore, isNetworkFailure, openGateStore } from "./offline-store.ts";
import { precacheGate } from "./precache.ts";

/** The day's codes are downloaded again this often while online. */
const CODES_EVERY_MS = 5 * 60_000;
/** Waiting scans are tried again this often (besides the browser's online event). */
const RETRY_EVERY_MS = 20_000;
/** The API takes at most this many scans per sync call. */
const SYNC_BATCH = 500;

export interface OfflineGateOptions {
  api: AdminApi;
  seller: string;
  staffId: string;
  base: string;
  timeZone: string;
  locale: string;
  /** The gate checks (named, scope chosen): codes are kept fresh and scans synced. */
  active: boolean;
  /** Waiting scans reached the server: the day's counts have changed. */
  onSynced?: () => void;
}

export interface OfflineScanInput {
  scanId: string;
  code: string;
  gate: string;
  scope: OfflineScope;
  override?: { reason: string };
}

export function useOfflineGate(options: OfflineGateOptions) {
  const { seller, staffId, base } = options;
  // The island builds its client on each render: the callbacks read the latest through a ref.
  const apiRef = useRef(options.api);
  apiRef.current = options.api;
  const onSynced = useRef(options.onSynced);
  onSynced.current = options.onSynced;
  const [online, setOnline] = useState(true);
  const [waiting, setWaiting] = useState(0);
  const [conflicts, setConflicts] = useState<{ id: string; words: string }[]>([]);
  const [syncNote, setSyncNote] = useState<string | null>(null);
  const store = useRef<Promise<GateStore | null> | null>(null);
  const syncing = useRef(false);

  const storeOf = useCallback((): Promise<GateStore | null> => {
    store.current ??= openGateStore(seller, staffId).catch(() => null);
    return store.current;
  }, [seller, staffId]);

  const countWaiting = useCallback(async () => {
    const db = await storeOf();
    if (db) setWaiting((await db.queued()).length);
  }, [storeOf]);

  const refreshCodes = useCallback(async () => {
    const db = await storeOf();
    if (!db) return;
    try {
      const fresh = (await apiRef.current.gateCodes()).gate_codes._data[0];
      if (!fresh) return;
      const waitingHashes = await Promise.all((await db.queued()).map((s) => codeHash(s.code)));
      await db.writeDay(mergeDownloaded(fresh, await db.readDay(), new Date(), waitingHashes));
      setOnline(true);
    } catch (e) {
      if (isNetworkFailure(e)) setOnline(false);
    }
  }, [storeOf]);

  const sync = useCallback(async () => {
    if (syncing.current) return;
    const db = await storeOf();
    if (!db) return;
    syncing.current = true;
    try {
      for (;;) {
        const batch = nextBatch(await db.queued(), SYNC_BATCH);
        if (batch.length === 0) break;
        const answers = (
          await apiRef.current.syncScans({
            scans: batch.map((s) => ({
              scan_id: s.scan_id,
              code: s.code,
              gate: s.gate,
              scope: s.scope,
              ...(s.override ? { override: true, reason: s.reason } : {}),
              scanned_at: s.scanned_at,
              admitted: s.admitted,
            })),
          })
        ).gate_scan._data;
        const outcome = syncOutcome(batch, answers);
        // Conflicts are shown before the scans leave the queue: none is lost between the two.
        if (outcome.conflicts.length > 0) {
          setConflicts((list) => [
            ...outcome.conflicts.map((c) => ({ id: c.scan.scan_id, words: conflictWords(c.scan, c.answer) })),
            ...list.filter((x) => !outcome.conflicts.some((c) => c.scan.scan_id === x.id)),
          ]);
        }
        await db.remove(outcome.synced);
        setOnline(true);
        setWaiting((await db.queued()).length);
        if (outcome.synced.length === 0) break;
        onSynced.current?.();
        const reported = outcome.conflicts.length;
        setSyncNote(
          reported === 0
            ? "Waiting scans sent."
            : `Waiting scans sent. ${reported === 1 ? "1 conflict" : `${reported} conflicts`} reported to the back office.`,
        );
      }
    } catch (e) {
      if (isNetworkFailure(e)) setOnline(false);
      else
        setSyncNote("The waiting scans could not be sent yet. They stay on this device and are tried again.");
    } finally {
      syncing.current = false;
    }
  }, [storeOf]);

  // The service worker, registered by the gate page only, with the gate page as its scope; the
  // page and its assets go into its cache, so the page opens offline next time.
  useEffect(() => {
    if (!("serviceWorker" in navigator) || typeof caches === "undefined") return;
    void (async () => {
      try {
        await navigator.serviceWorker.register(gateWorkerPath(base), { scope: gatePath(base) });
        await precacheGate(gateCacheName(seller), gatePath(base));
      } catch {
        // No worker (a private window, an old browser): the gate still works, only not reopened offline.
      }
    })();
  }, [base, seller]);

  useEffect(() => {
    const goneOnline = () => {
      setOnline(true);
      void sync();
    };
    const goneOffline = () => setOnline(false);
    setOnline(navigator.onLine);
    void countWaiting();
    window.addEventListener("online", goneOnline);
    window.addEventListener("offline", goneOffline);
    return () => {
      window.removeEventListener("online", goneOnline);
      window.removeEventListener("offline", goneOffline);
    };
  }, [sync, countWaiting]);

  useEffect(() => {
    if (!options.active) return;
    void refreshCodes();
    void sync();
    const codes = setInterval(() => {
      if (navigator.onLine) void refreshCodes();
    }, CODES_EVERY_MS);
    const retry = setInterval(() => {
      if (navigator.onLine) void sync();
    }, RETRY_EVERY_MS);
    return () => {
      clearInterval(codes);
      clearInterval(retry);
    };
  }, [options.active, refreshCodes, sync]);

  // Logout deletes the gate's data (gate-clear.ts): scans still waiting are sent first, and are
  // only given up when staff say so, never silently.
  const waitingNow = useRef(0);
  waitingNow.current = waiting;
  useEffect(() => {
    const beforeLogout = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.action.endsWith("/admin/logout")) return;
      if (waitingNow.current === 0) return;
      event.preventDefault();
      void (async () => {
        await sync();
        const db = await storeOf();
        const left = db ? (await db.queued()).length : 0;
        const scans = left === 1 ? "1 scan has" : `${left} scans have`;
        if (
          left === 0 ||
          window.confirm(
            `${scans} not reached the server yet. Logging out deletes them from this device. Log out anyway?`,
          )
        ) {
          form.submit();
        }
      })();
    };
    document.addEventListener("submit", beforeLogout, true);
    return () => document.removeEventListener("submit", beforeLogout, true);
  }, [sync, storeOf]);

  /** A scan decided here, the network having failed: an admission is kept and queued. */
  async function decideOffline(input: OfflineScanInput): Promise<OfflineAnswer> {
    setOnline(false);
    const db = await storeOf();
    const day = db ? await db.readDay() : null;
    const hash = await codeHash(input.code);
    const now = new Date();
    const answer = offlineVerdict(findCode(day, hash), {
      scope: input.scope,
      now,
      timeZone: options.timeZone,
      locale: options.locale,
      override: Boolean(input.override),
    });
    if (answer.admitted && db && day) {
      // Only an admission is queued: a scan that let nobody in changes nothing on the server, and
      // sent later it could admit a ticket its visitor never used.
      const queued: QueuedScan = {
        scan_id: input.scanId,
        code: input.code,
        gate: input.gate,
        scope: input.scope,
        ...(input.override ? { override: true, reason: input.override.reason } : {}),
        scanned_at: now.toISOString(),
        admitted: true,
      };
      await db.enqueue(queued);
      await db.writeDay(markAdmitted(day, hash, now, input.gate));
      setWaiting((await db.queued()).length);
    }
    return answer;
  }

  return {
    online,
    waiting,
    conflicts,
    syncNote,
    decideOffline,
    sync,
    /** A scan the server answered: the network is there, and so may be the waiting scans' chance. */
    answeredOnline() {
      if (!online || waiting > 0) {
        setOnline(true);
        void sync();
      }
    },
  };
}
