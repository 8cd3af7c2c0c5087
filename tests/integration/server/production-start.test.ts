/**
 * "A production start refuses unsafe settings with clear messages": the real
 * scripts/serve.mjs is started in a child process, in production mode, and must print the
 * refusal on stderr and exit 1. Only Astro's built server is stood in for (no build needed): a
 * stand-in dist/server/entry.mjs serves /api/* through the real API endpoint
 * (http/astro-endpoint.ts), so the startup check, the runtime and serve.mjs are the real ones.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { PROBLEMS } from "../../../src/lib/server/config/startup.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), "foyer-start-"));
const endpoint = pathToFileURL(join(root, "src/lib/server/http/astro-endpoint.ts")).href;

// The layout serve.mjs expects: scripts/serve.mjs (and the env it imports) next to dist/server/entry.mjs.
mkdirSync(join(sandbox, "scripts"));
mkdirSync(join(sandbox, "dist/server"), { recursive: true });
for (const file of ["serve.mjs", "serve-env.mjs"]) {
  copyFileSync(join(root, "scripts", file), join(sandbox, "scripts", file));
}
writeFileSync(
  join(sandbox, "dist/server/entry.mjs"),
  `// Stand-in for Astro's standalone server: every request goes to the API endpoint.
import { createServer } from "node:http";
const { handleApiRequest } = await import(${JSON.stringify(endpoint)});
createServer(async (req, res) => {
  const request = new Request(new URL(req.url ?? "/", "http://" + req.headers.host));
  const response = await handleApiRequest({ request, clientAddress: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}).listen(Number(process.env.PORT), process.env.HOST);
`,
);

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Runs serve.mjs with `env` over a clean environment; answers its exit code and output. */
async function serve(env: Record<string, string>) {
  const base: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  const child = spawn(process.execPath, ["--import", "tsx", join(sandbox, "scripts/serve.mjs")], {
    cwd: root,
    env: { ...base, LOG_LEVEL: "silent", HOST: "127.0.0.1", PORT: String(await freePort()), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  // A server that wrongly starts would serve forever: stop it, so the test fails instead of hanging.
  const stop = setTimeout(() => child.kill(), 50_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(stop);
  return { code, stdout, stderr };
}

describe("a production-mode start (scripts/serve.mjs)", () => {
  it("with the mailbox on and no PUBLIC_URL: prints what to set on stderr and exits 1", async () => {
    const run = await serve({
      FOYER_MODE: "production",
      MAILBOX: "on",
      DATA_DIR: join(sandbox, "data-a"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Foyer refuses to start (2 settings to fix):");
    expect(run.stderr).toContain(PROBLEMS.mailboxOn);
    expect(run.stderr).toContain(PROBLEMS.publicUrlUnset);
    expect(run.stdout).not.toContain("Foyer is ready");
  });

  it("on an empty database with DEMO_DATA not off: refuses to seed the demo tenants and exits 1", async () => {
    const run = await serve({
      NODE_ENV: "production",
      PUBLIC_URL: "https://tickets.example.com",
      SMTP_URL: "smtp://smtp.example.com",
      DATA_DIR: join(sandbox, "data-b"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(PROBLEMS.demoSeed);
    expect(run.stdout).not.toContain("Foyer is ready");
  });
});
