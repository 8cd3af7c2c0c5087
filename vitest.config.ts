import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Builds (or finds cached) the migrated+seeded PGlite snapshot each file's withTestApi() loads.
          globalSetup: ["tests/helpers/seed-snapshot.global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are memory-hungry; two workers match the 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
