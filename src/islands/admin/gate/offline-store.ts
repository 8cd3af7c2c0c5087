/**
 * The offline gate's storage, in plain IndexedDB: one database per tenant and staff member
 * (`foyer-gate:{seller}:{staffId}`), with the day's codes (store `day`, one record) and the scans
 * waiting to be synced (store `queue`, by scan id). Logout deletes it (gate-clear.ts).
 */
import { ApiClientError } from "../../../lib/api/errors.ts";
import { gateDbName } from "../../../lib/domain/gate/device-storage.ts";
import type { OfflineDay, QueuedScan } from "../../../lib/domain/gate/offline.ts";

const DAY = "day";
const QUEUE = "queue";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export interface GateStore {
  readDay(): Promise<OfflineDay | null>;
  writeDay(day: OfflineDay): Promise<void>;
  queued(): Promise<QueuedScan[]>;
  enqueue(scan: QueuedScan): Promise<void>;
  remove(scanIds: readonly string[]): Promise<void>;
}

export async function openGateStore(seller: string, staffId: string): Promise<GateStore> {
  const open = indexedDB.open(gateDbName(seller, staffId), 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(DAY);
    open.result.createObjectStore(QUEUE, { keyPath: "scan_id" });
  };
  const db = await request(open);
  return {
    async readDay() {
      const day = await request(db.transaction(DAY).objectStore(DAY).get(DAY));
      return (day as OfflineDay | undefined) ?? null;
    },
    async writeDay(day) {
      const tx = db.transaction(DAY, "readwrite");
      tx.objectStore(DAY).put(day, DAY);
      await done(tx);
    },
    async queued() {
      return (await request(db.transaction(QUEUE).objectStore(QUEUE).getAll())) as QueuedScan[];
    },
    async enqueue(scan) {
      const tx = db.transaction(QUEUE, "readwrite");
      tx.objectStore(QUEUE).put(scan);
      await done(tx);
    },
    async remove(scanIds) {
      const tx = db.transaction(QUEUE, "readwrite");
      for (const id of scanIds) tx.objectStore(QUEUE).delete(id);
      await done(tx);
    },
  };
}

/** sha256 hex of the trimmed code, as the server hashes the day's codes. */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code.trim()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A request that failed for the network's sake, not an answer from the server: the browser is
 * offline, or the typed client got no answer (status 0: fetch threw, or it timed out).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof ApiClientError && error.status === 0;
}
