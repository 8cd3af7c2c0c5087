import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { describe, expect, it } from "vitest";
import startServersTogether, { serversOf, withServersStartedTogether } from "../../e2e/servers-together.ts";

const server = (port: number) => ({
  command: "node scripts/serve.mjs",
  url: `http://127.0.0.1:${port}/api/health`,
  env: { PORT: String(port) },
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

const listen = (port: number) =>
  `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
/** A tiny HTTP server that listens only once `flag` exists, as a web server command. */
const waitingServer = (port: number, flag: string) =>
  `node -e "const f = require('node:fs'); const t = setInterval(() => { if (f.existsSync('${flag}')) { clearInterval(t); ${listen(port)}; } }, 50)"`;
/** One that first writes `flag`, then listens. */
const flaggingServer = (port: number, flag: string) =>
  `node -e "require('node:fs').writeFileSync('${flag}', ''); ${listen(port)}"`;

const asFull = (metadata: Record<string, unknown>) => ({ metadata }) as unknown as FullConfig;

describe("e2e servers start side by side (Playwright starts its web servers one after the other)", () => {
  it("moves every web server into the global setup, with its command, url, timeout and env", () => {
    const out = withServersStartedTogether({ metadata: { a: 1 }, webServer: [server(4391), server(4392)] });
    expect(out.webServer).toBeUndefined();
    expect(out.globalSetup).toBe("./tests/e2e/servers-together.ts");
    expect(out.metadata?.a).toBe(1);
    expect(serversOf(asFull(out.metadata ?? {})).map((s) => [s.url, s.env.PORT, s.timeout])).toEqual([
      ["http://127.0.0.1:4391/api/health", "4391", 120_000],
      ["http://127.0.0.1:4392/api/health", "4392", 120_000],
    ]);
  });

  it("starts them at once, waits until each answers, and the teardown stops them", async () => {
    const ports = [await freePort(), await freePort()];
    // The first answers only once the second has started: one after the other, it never would.
    const flag = join(mkdtempSync(join(tmpdir(), "foyer-together-")), "second-started");
    const commands = [waitingServer(ports[0] ?? 0, flag), flaggingServer(ports[1] ?? 0, flag)];
    const teardown = await startServersTogether(
      asFull({
        foyerServers: ports.map((port, i) => ({
          command: commands[i],
          url: `http://127.0.0.1:${port}/`,
          timeout: 20_000,
          env: {},
        })),
      }),
    );
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    await teardown();
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const port of ports) await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 30_000);

  it("a server that exits before it answers fails the setup with its command and url", async () => {
    const port = await freePort();
    await expect(
      startServersTogether(
        asFull({
          foyerServers: [{ command: "exit 3", url: `http://127.0.0.1:${port}/`, timeout: 20_000, env: {} }],
        }),
      ),
    ).rejects.toThrow(/'exit 3' for http:\/\/127\.0\.0\.1:\d+\/ exited \(3\)/);
  });
});
