/**
 * A venue of a spec's own: its tenant file and catalogue written into a fresh content folder, and a
 * server of its own started on them (an empty database, DEMO_DATA=off), on a free loopback port.
 * For the specs that must not meet the shared demo server's data (a first sale from files, an
 * on-sale line), as a venue opens its shop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "../fixtures.ts";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface VenueFiles {
  work: string;
  content: string;
  /** The server's PGlite folder. */
  data: string;
}

/** A fresh folder with `content/tenants/{slug}.json` and `content/catalogue/{slug}/catalogue.yaml`. */
export function writeVenue(prefix: string, slug: string, tenant: object, catalogue: string): VenueFiles {
  const work = mkdtempSync(join(tmpdir(), `foyer-${prefix}-`));
  const content = join(work, "content");
  mkdirSync(join(content, "tenants"), { recursive: true });
  mkdirSync(join(content, "catalogue", slug), { recursive: true });
  writeFileSync(join(content, "tenants", `${slug}.json`), JSON.stringify(tenant, null, 2));
  writeFileSync(join(content, "catalogue", slug, "catalogue.yaml"), catalogue);
  return { work, content, data: join(work, "data") };
}

/** The environment a venue's commands and server run with. */
export function venueEnv(
  files: VenueFiles,
  foyerNow: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CONTENT_DIR: files.content,
    DATA_DIR: files.data,
    DEMO_DATA: "off",
    FOYER_NOW: foyerNow,
    ...extra,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface VenueServer {
  base: string;
  /** Stops the server and removes the venue's folder. */
  stop(): void;
}

/** Starts `scripts/serve.mjs` on the venue (demo mode, production build) and waits until it is healthy. */
export async function startVenueServer(files: VenueFiles, env: NodeJS.ProcessEnv): Promise<VenueServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...env, FOYER_MODE: "demo", NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 60_000 })
    .toBe(200);
  return {
    base,
    stop: () => {
      server.kill();
      rmSync(files.work, { recursive: true, force: true });
    },
  };
}
