import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_CHROMIUM } from "./scripts/chromium-path.mjs";
import { E2E_NOW, withClockRuns } from "./tests/e2e/clock-runs.ts";
import { withFlagsOffRun } from "./tests/e2e/flags-off-run.ts";
import { e2eOidcIssuer } from "./tests/e2e/helpers/oidc.ts";
import { withProductionRun } from "./tests/e2e/production-run.ts";
import { withServersStartedTogether } from "./tests/e2e/servers-together.ts";
import { SUITE_INSTANTS } from "./tests/helpers/instants.ts";

// e2e runs against the built server (npm run build first), on its own port and a fresh data dir.
const port = Number(process.env.E2E_PORT ?? 4391);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "foyer-e2e-"));

const VISUAL_SPEC = /\/(rtl-)?visual\.spec\.ts$/;

const config = defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's DOM snapshot and screencast frame: on every test that cost a
    // third of the suite's time on the 2 cores (46 tests: 2.4 min with, 1.7 min without). So a
    // trace is recorded only when a failed test runs again (retries, CI), and a failure keeps its
    // screenshot.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: E2E_CHROMIUM.path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"] },
      // The key-page baselines show the dates of the suite's default instant: another
      // E2E_NOW leaves them out rather than comparing other dates against them.
      testIgnore: E2E_NOW === SUITE_INSTANTS.afternoon ? [] : [VISUAL_SPEC],
    },
  ],
  webServer: {
    command: "node scripts/serve.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    // Started by tests/e2e/servers-together.ts, which waits this long for `url` and refuses a port
    // that already answers (never reuses another server).
    timeout: 120_000,
    // Demo mode (src/lib/server/config/mode.ts): the e2e tests read the mail the server wrote at
    // /_mail, and a test server takes a fixed clock; production mode refuses both.
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      // A fixed clock (test servers only): the same hour and date on every run, see tests/e2e/clock-runs.ts.
      FOYER_NOW: E2E_NOW,
      FOYER_MODE: "demo",
      NODE_ENV: "production",
      // Every browser of the suite is 127.0.0.1: per-address limits are shared by all of its tests.
      RATE_LIMIT_ADDRESS_FACTOR: "50",
      // Harbour Museum's external login: the provider external-login.spec.ts starts.
      FOYER_DEMO_OIDC_ISSUER: e2eOidcIssuer(),
    },
  },
});

// The time-sensitive specs again at 23:30 New York and on a DST change day (tests/e2e/clock-runs.ts).
// The my-account pages with their flags off, on a server of their own (tests/e2e/flags-off-run.ts).
// The back office in production mode, on the real clock (tests/e2e/production-run.ts).
// All of them started side by side, not one after the other (tests/e2e/servers-together.ts).
export default withServersStartedTogether(withProductionRun(withFlagsOffRun(withClockRuns(config))));
