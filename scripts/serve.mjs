// Serves the built storefront (dist/) on HOST:PORT, default 127.0.0.1:4321 (loopback: the demo's
// mailbox must not be reachable from other machines unless HOST says so).
// The database is migrated, and seeded with the demo tenants when empty, before the first request
// is answered: we warm it up by calling the health endpoint once the server listens. That first
// call also runs the startup check (src/lib/server/config/startup.ts): when production mode refuses
// the settings, the health call answers 503 `configuration_refused` and we print why and exit 1.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { prepareServeEnv } from "./serve-env.mjs";

prepareServeEnv(process.env);

const entry = new URL("../dist/server/entry.mjs", import.meta.url);
if (!existsSync(entry)) {
  console.error("No build found in dist/. Run `npm run build` first (npm start does it for you).");
  process.exit(1);
}
const started = performance.now();
// Our own HTTP server around the adapter's handler (src/perf/request-listener.mjs): precompressed
// /_astro files first (the adapter serves none), then fresh micro-cached pages before Astro
// (PAGE_FAST_PATH=off sends them through Astro too), then the API straight to its app
// (src/lib/server/http/api-direct.ts; API_DIRECT_PATH=off sends it through Astro too), then the
// build's static files (src/perf/static-files.mjs), then the adapter in middleware mode (pages, API).
// An entry without the handler export (a test's stand-in) has started a server of its own.
const { handler } = await import(entry.href);
if (typeof handler === "function") {
  const { createRequestListener } = await import("../src/perf/request-listener.mjs");
  const clientDir = fileURLToPath(new URL("../dist/client/", import.meta.url));
  const pageFastPath = process.env.PAGE_FAST_PATH !== "off";
  const apiDirectPath = process.env.API_DIRECT_PATH !== "off";
  createServer(createRequestListener({ handler, clientDir, pageFastPath, apiDirectPath })).listen(
    Number(process.env.PORT),
    process.env.HOST,
  );
}
const base = `http://${process.env.HOST.includes(":") ? `[${process.env.HOST}]` : process.env.HOST}:${process.env.PORT}`;
for (let attempt = 0; attempt < 600; attempt++) {
  try {
    const res = await fetch(`${base}/api/health`);
    if (res.ok) break;
    console.error(startupFailure(res.status, await res.text()));
    process.exit(1);
  } catch {
    // The server is not listening yet.
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`Foyer is ready at ${base}/ (${Math.round(performance.now() - started)} ms)`);

/** The refusal's own message (it says what to set), else the status and body of the failed check. */
function startupFailure(status, text) {
  try {
    const error = JSON.parse(text)?._data?.[0];
    if (error?._code === "configuration_refused" && typeof error._description === "string") {
      return error._description;
    }
  } catch {
    // Not the API's JSON error body: print it as it came.
  }
  return `Startup check failed with HTTP ${status}: ${text}`;
}
