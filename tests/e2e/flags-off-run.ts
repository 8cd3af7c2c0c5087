/**
 * One more server, started like the main one (same command and settings, its own port, data folder and clock)
 * but with CONTENT_DIR pointing at a copy of src/content whose tenants have their
 * `my_account_pages` flags off (Riverside Zoo keeps its profile page) and
 * `prevent_membership_updates` on. Only
 * tests/e2e/account-flags-off.spec.ts runs against it (project "flags-off"); the other projects
 * leave that spec out.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { copyServer, origin } from "./clock-runs.ts";

export const FLAGS_OFF_SPEC = /\/account-flags-off\.spec\.ts$/;
export const FLAGS_OFF_PROJECT = "flags-off";
/** Ports above the main server's: the clock runs take +1 and +2. */
const PORT_OFFSET = 5;

type Config = PlaywrightTestConfig;
type WebServer = NonNullable<Extract<Config["webServer"], { command: string }>>;

/** A copy of `source` (src/content) with the my-account flags off (see the file comment). */
export function flagsOffContent(source = join(process.cwd(), "src", "content")): string {
  const dir = mkdtempSync(join(tmpdir(), "foyer-e2e-content-"));
  cpSync(source, dir, { recursive: true });
  const tenants = join(dir, "tenants");
  for (const file of readdirSync(tenants).filter((f) => f.endsWith(".json"))) {
    const tenant = JSON.parse(readFileSync(join(tenants, file), "utf8")) as { web?: Record<string, unknown> };
    // Harbour Museum: every page off. Riverside Zoo: the ticket pages off, the profile left on, so
    // prevent_membership_updates shows on its form.
    const profile = file === "riverside-zoo.json";
    tenant.web = {
      ...tenant.web,
      my_account_pages: { upcoming: false, orders: false, profile },
      prevent_membership_updates: true,
    };
    writeFileSync(join(tenants, file), `${JSON.stringify(tenant, null, 2)}\n`);
  }
  return dir;
}

/** `config` with the flags-off server and project added, and the spec left out of the others. */
export function withFlagsOffRun(config: Config): Config {
  const servers = Array.isArray(config.webServer)
    ? config.webServer
    : config.webServer
      ? [config.webServer]
      : [];
  const main = servers[0] as WebServer | undefined;
  if (!main?.env?.PORT || !main.env.FOYER_NOW) {
    throw new Error("withFlagsOffRun: expected a web server with PORT and FOYER_NOW in its env");
  }
  const copy = copyServer(main, PORT_OFFSET, main.env.FOYER_NOW ?? "");
  const server: WebServer = { ...copy, env: { ...copy.env, CONTENT_DIR: flagsOffContent() } };
  const projects = (config.projects ?? []).map((p) => ({
    ...p,
    testIgnore: [...[p.testIgnore ?? []].flat(), FLAGS_OFF_SPEC],
  }));
  const desktop = projects.find((p) => p.name === "desktop") ?? projects[0];
  return {
    ...config,
    projects: [
      ...projects,
      {
        ...desktop,
        name: FLAGS_OFF_PROJECT,
        testMatch: FLAGS_OFF_SPEC,
        testIgnore: [],
        use: { ...desktop?.use, baseURL: origin(server) },
      },
    ],
    webServer: [...servers, server],
  };
}
