import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// e2e runs against the built server (npm run build first), on its own port and a fresh data dir.
const port = Number(process.env.E2E_PORT ?? 4391);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "foyer-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/serve.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // MAILBOX=on: the e2e tests read the mail the server wrote at /_mail.
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      MAILBOX: "on",
      // Every browser of the suite is 127.0.0.1: per-address limits are shared by all of its tests.
      RATE_LIMIT_ADDRESS_FACTOR: "50",
    },
  },
});
