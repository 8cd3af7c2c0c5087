// Serves the built storefront (dist/) on HOST:PORT, default 127.0.0.1:4321.
// The database is migrated, and seeded with the demo tenants when empty, before the first request
// is answered: we warm it up by calling the health endpoint once the server listens.
import { existsSync } from "node:fs";

process.env.HOST ??= "127.0.0.1";
process.env.PORT ??= "4321";

const entry = new URL("../dist/server/entry.mjs", import.meta.url);
if (!existsSync(entry)) {
  console.error("No build found in dist/. Run `npm run build` first (npm start does it for you).");
  process.exit(1);
}
const started = performance.now();
await import(entry.href);
const base = `http://${process.env.HOST.includes(":") ? `[${process.env.HOST}]` : process.env.HOST}:${process.env.PORT}`;
for (let attempt = 0; attempt < 600; attempt++) {
  try {
    const res = await fetch(`${base}/api/health`);
    if (res.ok) break;
    console.error(`Startup check failed with HTTP ${res.status}: ${await res.text()}`);
    process.exit(1);
  } catch {
    // The server is not listening yet.
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`Foyer is ready at ${base}/ (${Math.round(performance.now() - started)} ms)`);
