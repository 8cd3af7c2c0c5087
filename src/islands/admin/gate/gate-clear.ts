/**
 * Logout clears the gate's data on this device for the tenant: the day's codes and waiting scans
 * (IndexedDB), the service worker's cache of the gate page and the worker itself, and the
 * remembered gate name. One browser holds one staff session per tenant, so whatever gate data of
 * the tenant is here belongs to a staff member who is no longer logged in. The shop's own storage
 * (the cart, under its own keys) is never touched.
 */
import {
  GATE_STORAGE_PREFIX,
  gateCacheName,
  gateNamePrefix,
  gatePath,
} from "../../../lib/domain/gate/device-storage.ts";

async function deleteDatabases(seller: string): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const prefix = `${GATE_STORAGE_PREFIX}${seller}:`;
  const names = (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.startsWith(prefix));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const req = indexedDB.deleteDatabase(name);
          req.onsuccess = req.onerror = req.onblocked = () => resolve();
        }),
    ),
  );
}

async function deleteWorker(base: string): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const scope = new URL(gatePath(base), location.origin).href;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.filter((r) => r.scope === scope).map((r) => r.unregister()));
}

function forgetGateNames(seller: string): void {
  try {
    const prefix = gateNamePrefix(seller);
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? "");
    for (const key of keys.filter((k) => k.startsWith(prefix))) localStorage.removeItem(key);
  } catch {
    // No storage: nothing was remembered.
  }
}

export async function clearGateData(seller: string, base: string): Promise<void> {
  forgetGateNames(seller);
  await Promise.allSettled([
    deleteDatabases(seller),
    deleteWorker(base),
    typeof caches === "undefined" ? Promise.resolve(false) : caches.delete(gateCacheName(seller)),
  ]);
}
