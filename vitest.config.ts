import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests that load server-only zod code (the tenant config loader and schema, the server's
 * config readers), which uses classic-only API (url, transform, iso) and which the client bundle
 * never includes: they run with classic zod only.
 */
const SERVER_ZOD_UNIT_TESTS = [
  "tests/unit/blocks.test.ts",
  "tests/unit/captcha-verify.test.ts",
  "tests/unit/checkout-blocking.test.ts",
  "tests/unit/clock-from-env.test.ts",
  "tests/unit/compat/cors.test.ts",
  "tests/unit/date-format.test.ts",
  "tests/unit/event-page-parts.test.ts",
  "tests/unit/external-login-outcome.test.ts",
  "tests/unit/tenant-copy.test.ts",
  "tests/unit/tenant-fonts.test.ts",
  "tests/unit/tenant-hosts/**",
  "tests/unit/tenant-messages.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Runs only where `zod` is the browser's (the project below).
          exclude: ["tests/unit/zod-browser-client-modules.test.ts"],
          environment: "node",
        },
      },
      {
        // Issue 17: the unit tests again, with `zod` resolved to the browser's façade
        // (src/lib/zod-browser.ts) as the client build resolves it (astro.config.mjs): the contract's
        // schemas and the client-side form validation must behave the same with it.
        resolve: {
          alias: [
            {
              find: /^zod$/,
              replacement: fileURLToPath(new URL("./src/lib/zod-browser.ts", import.meta.url)),
            },
          ],
        },
        test: {
          name: "unit-browser-zod",
          include: ["tests/unit/**/*.test.ts"],
          // zod-browser.test.ts compares the façade with classic zod, which this project replaces.
          exclude: ["tests/unit/zod-browser.test.ts", ...SERVER_ZOD_UNIT_TESTS],
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
