/**
 * One server's start-up, as a child process for tests/integration/server/multi-server-startup.test.ts:
 * the runtime's own start (migrations, demo seed, background jobs, API app) on DATABASE_URL, then
 * the health check. It prints "ready" once loaded and waits for a line on stdin, so the test can
 * release several of these at the same moment; then it prints one JSON line with the health answer.
 *
 *   DATABASE_URL=postgres://... npx tsx tests/helpers/start-runtime.ts
 */
import { once } from "node:events";
import { getRuntime } from "../../src/lib/server/runtime.ts";

process.stdout.write("ready\n");
await once(process.stdin, "data");
process.stdin.pause();
try {
  const { api, handle } = await getRuntime();
  const res = await api.request("/api/health");
  process.stdout.write(`${JSON.stringify({ status: res.status, body: await res.json() })}\n`);
  await handle.close();
  process.exit(0);
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
  );
  process.exit(1);
}
