/**
 * Regression: an e2e test took "today" from the wall clock and failed between 15:00 and 17:00 New York time.
 * DESIGN §8: "No test reads the wall clock." Tests take their time from an injectable clock
 * (manualClock, a fixed instant, the e2e server's FOYER_NOW); a unique name takes randomUUID().
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SELF = relative(ROOT, import.meta.filename);

/** Reads of the process's wall clock, and the system clock handed on as a test's clock. */
const WALL_CLOCK_READS = [
  /\bDate\.now\(\)/,
  /\bnew Date\(\s*\)/,
  /\bdayjs\(\s*\)/,
  /\bperformance\.now\(\)/,
  /\bTemporal\.Now\b/,
  /\bsystemClock\.now\b/,
  /\bclock:\s*systemClock\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe("'No test reads the wall clock' (DESIGN §8)", () => {
  it("no test, fixture or helper under tests/ reads the wall clock: no Date now, no argument-less Date or dayjs, no system clock", () => {
    const found: string[] = [];
    for (const file of sources(ROOT)) {
      const name = relative(ROOT, file);
      if (name === SELF) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (WALL_CLOCK_READS.some((re) => re.test(line))) found.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
