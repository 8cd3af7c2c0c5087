import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The unit tests that run again with the browser's zod: those that load client code, the
 * typed API client and its contract (`src/lib/api`), the islands, the stores, a domain module that
 * builds zod schemas, or zod itself, plus zod-browser-client-modules.test.ts, which loads every
 * module the islands can reach. Server-only zod code (the tenant config loader, the catalogue files'
 * check, the server's config readers) uses classic-only API (url, transform, iso, toJSONSchema) the
 * client bundle never includes, so a test that also loads it stays with classic zod. Chosen by what
 * the files import, so a new test of client code is picked up without a list to keep.
 */
function browserZodUnitTests(): string[] {
  const domainWithZod = readdirSync("src/lib/domain", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && /from "zod"/.test(readFileSync(join("src/lib/domain", f), "utf8")))
    .map((f) => `src/lib/domain/${f.replace(/\\/g, "/")}`);
  const client = new RegExp(
    [
      "src/(lib/api|islands|stores)/",
      'from "zod"',
      ...domainWithZod.map((f) => f.replace(/[.]/g, "\\.")),
    ].join("|"),
  );
  const serverZod = /src\/lib\/(server|tenant\/load|catalogue)/;
  return readdirSync("tests/unit", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts") && f !== "performance/zod-browser.test.ts")
    .map((f) => `tests/unit/${f.replace(/\\/g, "/")}`)
    .filter((f) => {
      const source = readFileSync(f, "utf8");
      return client.test(source) && !serverZod.test(source);
    });
}

/**
 * The test files that need a fresh module graph of their own: those that stub the environment,
 * mock a module, spy on one, stub or assign a global, or fake the timers. The app reads its
 * environment (the content directory, captcha and login provider settings) once, on first use, and
 * keeps it, and the stores keep their state in their modules; such a file would see what an
 * earlier file left in a shared worker. The other files share their worker's modules
 * (`isolate: false`), so the modules load once per worker rather than once per file: that took
 * the integration step from about 450 s to about 240 s, and spares the unit step a worker per
 * file. Chosen by what the files do, so a new file that stubs the environment is isolated without
 * a list to keep.
 */
function filesNeedingIsolation(dir: "tests/unit" | "tests/integration"): string[] {
  const changesModuleState =
    /vi\.(stubEnv|mock|doMock|spyOn|stubGlobal|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis(\.\w+|\[[^\]]+\])\s*=[^=]/;
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `${dir}/${f.replace(/\\/g, "/")}`)
    .filter((f) => changesModuleState.test(readFileSync(f, "utf8")));
}

const INTEGRATION = {
  environment: "node",
  // Builds (or finds cached) the migrated+seeded PGlite snapshot each file's withTestApi() loads.
  globalSetup: "tests/helpers/seed-snapshot.global.ts",
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // PGlite instances are memory-hungry; two workers match the 2-core machine.
  maxWorkers: 2,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Runs only where `zod` is the browser's (the project below).
          exclude: [
            "tests/unit/performance/zod-browser-client-modules.test.ts",
            ...filesNeedingIsolation("tests/unit"),
          ],
          environment: "node",
          isolate: false,
        },
      },
      {
        test: {
          name: "unit-isolated",
          include: filesNeedingIsolation("tests/unit"),
          environment: "node",
        },
      },
      {
        // The unit tests again, with `zod` resolved to the browser's façade
        // (src/perf/zod-browser.ts) as the client build resolves it (astro.config.mjs): the contract's
        // schemas and the client-side form validation must behave the same with it.
        resolve: {
          alias: [
            {
              find: /^zod$/,
              replacement: fileURLToPath(new URL("./src/perf/zod-browser.ts", import.meta.url)),
            },
          ],
        },
        test: {
          name: "unit-browser-zod",
          // Not zod-browser.test.ts: it compares the façade with classic zod, which this project replaces.
          include: browserZodUnitTests(),
          environment: "node",
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: filesNeedingIsolation("tests/integration"),
          isolate: false,
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: "integration-isolated",
          include: filesNeedingIsolation("tests/integration"),
        },
      },
    ],
  },
});
