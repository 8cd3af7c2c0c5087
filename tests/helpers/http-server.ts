/**
 * Serves a fetch-style app (the Hono API) over real HTTP on 127.0.0.1 and a free port, with a
 * small node:http adapter, so tests and the bench can hit it with concurrent fetches.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

async function handle(
  app: FetchApp,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const body = await readBody(req);
  const response = await app.fetch(
    new Request(new URL(req.url ?? "/", origin), {
      method: req.method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
    }),
  );
  res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    // Headers yields each Set-Cookie on its own: set one by one, only the last would be sent.
    if (key !== "set-cookie") res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function serveApp(app: FetchApp): Promise<{ url: string; close(): Promise<void> }> {
  let origin = "http://127.0.0.1";
  const server = createServer((req, res) => {
    handle(app, origin, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An answer as the wire gave it: status, headers and the undecoded body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add its own and decode the body). */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}
