/**
 * The e2e runs at other hours ("The suite runs at least at 23:30 and 15:30 New York
 * time, and on a daylight-saving change day"). The config's one web server runs the whole suite at
 * E2E_NOW (15:30 New York by default). Unless E2E_NOW is set, each extra clock below gets a copy of
 * that server (same command and settings, its own port, data folder and FOYER_NOW) and projects that
 * run the tests whose answers depend on the hour and the date against it: the tests tagged
 * CLOCK_TAG in the time-sensitive specs. A test of those specs whose answer is the same at any
 * hour (a 404, an axe scan, a layout) runs once, at the main instant. So `npm test` covers all
 * three instants for the price of the time-sensitive specs only, and `E2E_NOW=<instant> npm test`
 * runs everything at one chosen instant.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { SUITE_INSTANTS } from "../helpers/instants.ts";

/** The main server's instant: E2E_NOW (an ISO-8601 instant with an offset) runs the suite at another. */
export const E2E_NOW: string = process.env.E2E_NOW?.trim() || SUITE_INSTANTS.afternoon;
if (!/T\d\d:\d\d.*(Z|[+-]\d\d:\d\d)$/.test(E2E_NOW) || Number.isNaN(Date.parse(E2E_NOW))) {
  throw new Error(`E2E_NOW must be an ISO-8601 instant with an offset, e.g. ${SUITE_INSTANTS.lateNight}`);
}

/** The specs that read "today", the open sessions or the hold timer. */
export const TIME_SENSITIVE_SPECS = /\/(browse|reserve|cart|seats|addon-and-prices)\.spec\.ts$/;

/** The tag of a test whose answer depends on the hour or the date: `test(title, { tag: CLOCK_TAG }, ...)`. */
export const CLOCK_TAG = "@clock";
/** The extra clocks' filter: Playwright matches `grep` against the titles and the tags. */
export const CLOCK_TAGGED = /@clock\b/;

const EXTRA_CLOCKS = [
  { name: "23:30 New York", now: SUITE_INSTANTS.lateNight },
  { name: "DST fall-back", now: SUITE_INSTANTS.dstFallBack },
];

type Config = PlaywrightTestConfig;
type WebServer = NonNullable<Extract<Config["webServer"], { command: string }>>;

export function withClockRuns(config: Config, env: NodeJS.ProcessEnv = process.env): Config {
  const main = config.webServer;
  if (!main || Array.isArray(main) || !main.env?.FOYER_NOW || !main.env.PORT) {
    throw new Error("withClockRuns: expected one web server with PORT and FOYER_NOW in its env");
  }
  const mainNow = main.env.FOYER_NOW;
  const projects = (config.projects ?? []).map((p) => ({ ...p, use: { ...p.use, foyerNow: mainNow } }));
  if (env.E2E_NOW) return { ...config, projects };
  const extra = EXTRA_CLOCKS.map((clock, i) => ({ ...clock, server: copyServer(main, i + 1, clock.now) }));
  return {
    ...config,
    // The extra clocks first: a server's clock runs on from its start, so the 23:30 run stays well
    // before midnight even on a slow machine.
    projects: [
      ...extra.flatMap(({ name, now, server }) =>
        projects.map((p) => ({
          ...p,
          name: `${p.name} @ ${name}`,
          testMatch: TIME_SENSITIVE_SPECS,
          grep: CLOCK_TAGGED,
          use: { ...p.use, foyerNow: now, baseURL: origin(server) },
        })),
      ),
      ...projects,
    ],
    webServer: [main, ...extra.map((e) => e.server)],
  };
}

/** The main server's copy `offset` ports up, with a fresh data folder and its own clock. */
export function copyServer(main: WebServer, offset: number, now: string): WebServer {
  const port = String(Number(main.env?.PORT) + offset);
  const host = main.env?.HOST ?? "127.0.0.1";
  return {
    ...main,
    url: `http://${host}:${port}/api/health`,
    env: {
      ...main.env,
      PORT: port,
      DATA_DIR: mkdtempSync(join(tmpdir(), "foyer-e2e-")),
      FOYER_NOW: now,
    },
  };
}

export function origin(server: WebServer): string {
  return `http://${server.env?.HOST ?? "127.0.0.1"}:${server.env?.PORT}`;
}
