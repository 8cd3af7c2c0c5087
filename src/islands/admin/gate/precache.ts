/**
 * The gate page and every hashed asset it can load, put into the service worker's cache, so the
 * gate opens (and reads QR codes: the decoder's chunks and its .wasm) without the network. The
 * assets are found by following references from the page's HTML through its CSS and scripts
 * (static and lazy imports, Vite's preload lists, `?url` files), not from what happened to load:
 * the first visit ran before the worker could see it, and the camera's decoder loads only later.
 */

/** The most files followed: far above a page's real count, a bound on a runaway crawl. */
const MAX_FILES = 300;

/** The /_astro/ files a page, a stylesheet or a script refers to, as absolute URLs. */
export function assetRefs(text: string, from: string): string[] {
  const origin = new URL(from).origin;
  const found = new Set<string>();
  for (const m of text.matchAll(/["'`(\s=,[](\/?_astro\/[^"'`()\s?#,]+)/g)) {
    const path = m[1] ?? "";
    found.add(new URL(path.startsWith("/") ? path : `/${path}`, origin).href);
  }
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["'`](\.\.?\/[^"'`]+)["'`]/g)) {
    found.add(new URL(m[1] ?? "", from).href);
  }
  return [...found].filter((u) => new URL(u).pathname.startsWith("/_astro/"));
}

export async function precacheGate(cacheName: string, pagePath: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const page = await fetch(pagePath, { credentials: "same-origin" });
  // A redirect (the session ended) is never kept as the gate page.
  if (!page.ok || page.redirected) return;
  const html = await page.clone().text();
  await cache.put(pagePath, page);
  const todo = assetRefs(html, location.href);
  const seen = new Set<string>();
  while (todo.length > 0 && seen.size < MAX_FILES) {
    const url = todo.pop() ?? "";
    if (seen.has(url)) continue;
    seen.add(url);
    let file = await cache.match(url);
    if (!file) {
      const fetched = await fetch(url).catch(() => null);
      if (!fetched?.ok) continue;
      await cache.put(url, fetched.clone());
      file = fetched;
    }
    if (/\.(js|mjs|css)$/.test(new URL(url).pathname)) todo.push(...assetRefs(await file.text(), url));
  }
}
