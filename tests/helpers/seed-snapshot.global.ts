/**
 * Vitest global setup of the integration project: builds (or finds in the cache) the seeded demo
 * database snapshot once, before the workers start, and provides its path to them.
 * See seed-snapshot.ts.
 */
import type { TestProject } from "vitest/node";
import { ensureSeedSnapshot, SNAPSHOT_PROVIDE_KEY } from "./seed-snapshot.ts";
import { TEST_NOW } from "./test-now.ts";

export async function setup(project: TestProject) {
  const path = await ensureSeedSnapshot(project.config.root, TEST_NOW);
  project.provide(SNAPSHOT_PROVIDE_KEY, path);
}
