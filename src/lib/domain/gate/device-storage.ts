/**
 * Where the gate keeps its things on a device, named once for the gate page, its service worker
 * and the logout that clears them: all under `foyer-gate:`, never the shop's own storage (the cart).
 */

/** The gate page's path, which is also the service worker's scope and the web app's start. */
export const gatePath = (base: string) => `${base}/admin/gate`;
export const gateWorkerPath = (base: string) => `${base}/admin/gate-sw.js`;
export const gateManifestPath = (base: string) => `${base}/admin/gate.webmanifest`;

export const GATE_STORAGE_PREFIX = "foyer-gate:";
/** The service worker's cache of the gate page and its assets: one per tenant. */
export const gateCacheName = (seller: string) => `${GATE_STORAGE_PREFIX}${seller}`;
/** The IndexedDB database of the day's codes and the waiting scans: one per tenant and staff member. */
export const gateDbName = (seller: string, staffId: string) => `${GATE_STORAGE_PREFIX}${seller}:${staffId}`;
/** The remembered gate name's localStorage key (islands/admin/gate/gate-name.ts). */
export const gateNamePrefix = (seller: string) => `foyer.gate.name:${seller}:`;
