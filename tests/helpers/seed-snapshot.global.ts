/**
 * Vitest global setup of the integration project: builds (or finds in the cache) the seeded demo
 * database snapshot once, before the workers start, and provides its path to them.
 * See seed-snapshot.ts.
 */
import type { TestProject } from "vitest/node";
import { ensureSeedSnapshot, SNAPSHOT_PROVIDE_KEY } from "./seed-snapshot.ts";
import { TEST_NOW } from "./test-now.ts";

export async function setup(project: TestProject) {
  try {
    project.provide(SNAPSHOT_PROVIDE_KEY, await ensureSeedSnapshot(project.config.root, TEST_NOW));
  } catch (error) {
    // As before the snapshot: each file migrates and seeds its own database, and a broken
    // migration or seed fails the tests that need it, not the whole run.
    console.warn("[foyer] no seeded test database snapshot, every file seeds its own:", error);
    project.provide(SNAPSHOT_PROVIDE_KEY, undefined);
  }
}
