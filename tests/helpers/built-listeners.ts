/**
 * The built app (dist/) loaded in this process behind two request listeners of scripts/serve.mjs
 * (src/perf/request-listener.mjs), one with a fast path and one without, for the specs that ask
 * a fast path to answer exactly as Astro does (page-cache-fast-path, api-direct). A counter around
 * Astro's handler tells which requests reached it; the access lines are read from stdout.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect } from "@playwright/test";
import { type RawAnswer, rawRequest } from "./http-server.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The headers of an answer without those the connection itself writes. */
export function comparable(headers: RawAnswer["headers"]): RawAnswer["headers"] {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}

export interface BuiltListeners {
  /** The port of the listener with the fast path, and of the one without. */
  fastPort: number;
  astroPort: number;
  /** Requests that reached Astro's handler so far, on either listener. */
  reachedAstro(): number;
  /** The access lines written since the last call, without the time and the duration. */
  accessLines(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/**
 * Loads the build with a fresh demo data folder and listens twice. `fastPath` names the listener
 * option the spec compares (`pageFastPath`, `apiDirectPath`). The health check migrates and
 * seeds, and loads the middleware module that publishes the fast paths.
 */
export async function builtListeners(
  name: string,
  fastPath: "pageFastPath" | "apiDirectPath",
): Promise<BuiltListeners> {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), `foyer-e2e-${name}-`));
  process.env.FOYER_MODE = "demo";
  process.env.NODE_ENV = "production";
  process.env.LOG_LEVEL = "info";
  delete process.env.PAGE_CACHE;
  const entry: { handler: (req: IncomingMessage, res: ServerResponse) => void } = await import(
    pathToFileURL(join(root, "dist/server/entry.mjs")).href
  );
  const { createRequestListener } = await import("../../src/perf/request-listener.mjs");
  const clientDir = join(root, "dist/client/");
  let reached = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    reached += 1;
    entry.handler(req, res);
  };
  const listen = async (on: boolean): Promise<[Server, number]> => {
    const server = createServer(createRequestListener({ handler, clientDir, [fastPath]: on }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return [server, (server.address() as AddressInfo).port];
  };
  const [fast, fastPort] = await listen(true);
  const [slow, astroPort] = await listen(false);
  const health = await rawRequest(`http://127.0.0.1:${astroPort}/api/health`);
  expect(health.status).toBe(200);
  let logged: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return {
    fastPort,
    astroPort,
    reachedAstro: () => reached,
    async accessLines() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const lines = logged
        .flatMap((chunk) => chunk.split("\n"))
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "request")
        .map(({ time: _time, durationMs, pid: _pid, hostname: _hostname, ...line }) => {
          expect(typeof durationMs).toBe("number");
          return line;
        });
      logged = [];
      return lines;
    },
    async close() {
      process.stdout.write = write;
      for (const server of [fast, slow]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
