/**
 * The framework floor of `npm run bench` (DESIGN §9): a constant page of the listing's HTML, served
 * through the same server and middleware, so the bench can tell our own work from the framework's.
 * Only a server started with BENCH_FLOOR_FILE (the bench's) has it; any other answers 404.
 */
import { readFileSync } from "node:fs";

let cached: string | undefined;

export function benchFloorHtml(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env.BENCH_FLOOR_FILE;
  if (!file) return undefined;
  cached ??= readFileSync(file, "utf8");
  return cached;
}
