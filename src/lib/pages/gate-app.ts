/**
 * The gate as an installable web app: its manifest and its service worker's script, built per
 * tenant. The worker's scope is the gate page alone: it keeps that page (network first, so a
 * fresh page is shown whenever the network answers) and the hashed assets it loads (cache first:
 * a hashed /_astro/ file never changes), so the gate opens without the network. It never touches
 * the API: scans and the day's codes go through the page (islands/admin/gate/offline-store.ts).
 */

import { gateCacheName, gatePath } from "../domain/gate/device-storage.ts";
import { brandColours, iconHref } from "../tenant/favicon.ts";
import type { Tenant } from "../tenant/schema.ts";

/** The worker's own policy: it fetches from this origin and loads nothing else. */
export const GATE_WORKER_POLICY = "default-src 'none'; connect-src 'self'";

export function gateManifest(tenant: Pick<Tenant, "slug" | "name" | "theme">, base: string) {
  const { primary } = brandColours(tenant);
  return {
    name: `${tenant.name} gate`,
    short_name: "Gate",
    start_url: gatePath(base),
    scope: gatePath(base),
    display: "standalone",
    theme_color: primary,
    background_color: "#ffffff",
    icons: [{ src: iconHref(tenant), sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}

/** The service worker's script for one tenant's gate. */
export function gateWorkerScript(seller: string, base: string): string {
  const page = JSON.stringify(gatePath(base));
  const cache = JSON.stringify(gateCacheName(seller));
  return `"use strict";
const PAGE = ${page};
const CACHE = ${cache};
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
async function pageFirstFromNetwork(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // A redirect (the session ended: the login page) is passed on, never kept as the gate page.
    if (response.ok && response.type === "basic" && !response.redirected) {
      await cache.put(PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}
async function assetFromCache(request, hashed) {
  const cache = await caches.open(CACHE);
  if (hashed) {
    const kept = await cache.match(request);
    if (kept) return kept;
  }
  try {
    const response = await fetch(request);
    if (hashed && response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/^\\/(api|cached_api)(\\/|$)/.test(url.pathname)) return;
  if (request.mode === "navigate") {
    if (url.pathname === PAGE) event.respondWith(pageFirstFromNetwork(request));
    return;
  }
  event.respondWith(assetFromCache(request, url.pathname.startsWith("/_astro/")));
});
`;
}
