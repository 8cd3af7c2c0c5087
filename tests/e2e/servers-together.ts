/**
 * The e2e servers start side by side. Playwright starts the entries of `webServer` one after the
 * other, each after the one before answers: the suite's four servers (the main one, two extra
 * clocks, the flags-off one), each migrating and seeding a fresh database, took about 40 s before
 * the first test ran. `withServersStartedTogether` moves them to this file's global setup, which
 * starts them all at once, waits until each answers its `url`, and stops them after the run as
 * Playwright did (SIGKILL to the process group). The server settings themselves stay where they
 * are built (playwright.config.ts, clock-runs.ts, flags-off-run.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { FullConfig, PlaywrightTestConfig } from "@playwright/test";

type Config = PlaywrightTestConfig;
type WebServer = NonNullable<Extract<Config["webServer"], { command: string }>>;

/** The settings of one server this setup starts (JSON, kept in the config's metadata). */
export interface TogetherServer {
  command: string;
  url: string;
  timeout: number;
  env: Record<string, string>;
}

const METADATA_KEY = "foyerServers";

/** `config` with its web servers started by this file's global setup instead of one by one. */
export function withServersStartedTogether(config: Config): Config {
  const servers = [config.webServer ?? []].flat() as WebServer[];
  if (servers.length === 0) return config;
  const together: TogetherServer[] = servers.map((s) => {
    if (!s.url) throw new Error(`withServersStartedTogether: '${s.command}' needs a url to wait for`);
    return { command: s.command, url: s.url, timeout: s.timeout ?? 120_000, env: { ...s.env } };
  });
  const { webServer: _startedHere, ...rest } = config;
  return {
    ...rest,
    // Resolved from the config's folder (the project root).
    globalSetup: "./tests/e2e/servers-together.ts",
    metadata: { ...config.metadata, [METADATA_KEY]: together },
  };
}

/** The servers `withServersStartedTogether` put in the config. */
export function serversOf(config: Pick<FullConfig, "metadata">): TogetherServer[] {
  const servers = config.metadata[METADATA_KEY];
  return Array.isArray(servers) ? (servers as TogetherServer[]) : [];
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Starts one server and resolves once its url answers; rejects if it exits or times out first. */
async function start(server: TogetherServer, children: ChildProcess[]): Promise<void> {
  // As Playwright's `reuseExistingServer: false`: a port someone else serves is an error, not a reuse.
  if (await answers(server.url)) throw new Error(`${server.url} is already in use: stop that server first`);
  const child = spawn(server.command, {
    shell: true,
    detached: true,
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  child.stderr?.pipe(process.stderr);
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(
        new Error(`'${server.command}' for ${server.url} exited (${signal ?? code}) before it answered`),
      ),
    ),
  );
  exited.catch(() => undefined);
  // A timer, not a clock read (tests/unit/no-wall-clock.test.ts).
  const giveUp = AbortSignal.timeout(server.timeout);
  while (!(await Promise.race([answers(server.url), exited]))) {
    if (giveUp.aborted) throw new Error(`${server.url} did not answer within ${server.timeout} ms`);
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
}

/** Global setup: every server at once; the returned function (global teardown) stops them. */
export default async function startServersTogether(config: FullConfig): Promise<() => Promise<void>> {
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) stop(child);
  };
  // Also when the runner exits without its teardown (an interrupted run): no server is left behind.
  process.once("exit", stopAll);
  const teardown = async () => stopAll();
  try {
    await Promise.all(serversOf(config).map((server) => start(server, children)));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
