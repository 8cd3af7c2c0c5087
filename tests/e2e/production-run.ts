/**
 * One more server in production mode, for the specs whose rule holds there only (the back office's
 * second factor: "required for admin and box office in production mode"). Production mode refuses
 * a fixed clock, a mailbox and an empty database that would be seeded with the demo, so this
 * server seeds its own data folder first (`scripts/seed.ts`, deliberately, as an operator would)
 * and runs on the real clock: its specs must hold at any hour, which they do by reading the open
 * sessions from the API rather than naming a date. Only tests/e2e/production-*.spec.ts run
 * against it (project "production"); the other projects leave them out.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { origin } from "./clock-runs.ts";

export const PRODUCTION_SPECS = /\/production-[^/]*\.spec\.ts$/;
export const PRODUCTION_PROJECT = "production";
/** Ports above the main server's: the clock runs take +1 and +2, the flags-off server +5. */
const PORT_OFFSET = 6;

type Config = PlaywrightTestConfig;
type WebServer = NonNullable<Extract<Config["webServer"], { command: string }>>;

/** `config` with the production server and project added, and its specs left out of the others. */
export function withProductionRun(config: Config): Config {
  const servers = Array.isArray(config.webServer)
    ? config.webServer
    : config.webServer
      ? [config.webServer]
      : [];
  const main = servers[0] as WebServer | undefined;
  if (!main?.env?.PORT) throw new Error("withProductionRun: expected a web server with PORT in its env");
  const { FOYER_NOW: _fixedClock, FOYER_DEMO_OIDC_ISSUER: _oidc, ...env } = main.env;
  const port = String(Number(main.env.PORT) + PORT_OFFSET);
  const host = main.env.HOST ?? "127.0.0.1";
  const server: WebServer = {
    ...main,
    command: `npx tsx scripts/seed.ts && ${main.command}`,
    url: `http://${host}:${port}/api/health`,
    env: {
      ...env,
      PORT: port,
      DATA_DIR: mkdtempSync(join(tmpdir(), "foyer-e2e-production-")),
      FOYER_MODE: "production",
      NODE_ENV: "production",
      PUBLIC_URL: "https://tickets.example.com",
      DEMO_DATA: "off",
      MAILBOX: "off",
    },
  };
  const projects = (config.projects ?? []).map((p) => ({
    ...p,
    testIgnore: [...[p.testIgnore ?? []].flat(), PRODUCTION_SPECS],
  }));
  const desktop = projects.find((p) => p.name === "desktop") ?? projects[0];
  return {
    ...config,
    projects: [
      ...projects,
      {
        ...desktop,
        name: PRODUCTION_PROJECT,
        testMatch: PRODUCTION_SPECS,
        testIgnore: [],
        use: { ...desktop?.use, baseURL: origin(server) },
      },
    ],
    webServer: [...servers, server],
  };
}
