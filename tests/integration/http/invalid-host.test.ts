/**
 * Regression: `Host: a@b` answered 500 on every route, in demo and production mode alike, and the
 * access log never saw the request: Astro's Node adapter built `http://a@b/...`, a URL with
 * credentials that `new Request` refuses, before any middleware ran. The listener
 * (src/perf/request-listener.mjs) now sends such a request on with a plain host and a mark, and the
 * middleware (http/invalid-host.ts) answers 400 inside the access log.
 */

import { mkdtempSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIContext } from "astro";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_HOST_MARK } from "../../../src/lib/server/http/host-header.mjs";
import { invalidHost } from "../../../src/lib/server/http/invalid-host.ts";
import { requestLog } from "../../../src/lib/server/http/request-log.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { createRequestListener } from "../../../src/perf/request-listener.mjs";
import { rawRequest } from "../../helpers/http-server.ts";

let server: Server;
let base: string;
const seen: { host: string | undefined; mark: string | string[] | undefined; url: string | undefined }[] = [];

beforeAll(async () => {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ host: req.headers.host, mark: req.headers[INVALID_HOST_MARK], url: req.url });
    res.end("astro");
  };
  const clientDir = mkdtempSync(join(tmpdir(), "foyer-host-"));
  server = createServer(createRequestListener({ handler, clientDir, pageFastPath: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("a Host header that names no host", () => {
  it("the listener hands Astro a plain host and the mark, on any route (pages, the API, static paths)", async () => {
    for (const path of ["/harbour-museum/events", "/api/health", "/favicon.svg", "/no-such-page"]) {
      seen.length = 0;
      const answer = await rawRequest(`${base}${path}`, { Host: "a@b" });
      expect(answer.status, path).toBe(200);
      expect(seen, path).toEqual([{ host: "localhost", mark: "1", url: path }]);
    }
  });

  it("a usable host goes on as it came, and a client's own mark is removed", async () => {
    seen.length = 0;
    await rawRequest(`${base}/harbour-museum/events`, {
      Host: "tickets.harbour-museum.example",
      [INVALID_HOST_MARK]: "1",
    });
    expect(seen).toEqual([
      { host: "tickets.harbour-museum.example", mark: undefined, url: "/harbour-museum/events" },
    ]);
  });

  it("the middleware answers the marked request 400, and the access log has its line like any other", async () => {
    const lines: Record<string, unknown>[] = [];
    const restore = captureLogLines((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    try {
      const request = new Request("http://localhost/harbour-museum/events", {
        headers: { [INVALID_HOST_MARK]: "1" },
      });
      const context = {
        request,
        url: new URL(request.url),
        routePattern: "/[seller]/events",
      } as unknown as APIContext;
      let rendered = false;
      const answer = async (): Promise<Response> => {
        const refused = await invalidHost(context, () => {
          rendered = true;
          return Promise.resolve(new Response("page"));
        });
        if (!(refused instanceof Response)) throw new Error("no answer");
        return refused;
      };
      const response = (await requestLog(context, answer)) as Response;
      expect(response.status).toBe(400);
      expect(rendered).toBe(false);
      expect(await response.text()).toContain("Host header");
      const access = lines.filter((l) => l.msg === "request");
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({ method: "GET", status: 400, path: "/harbour-museum/events" });
      expect(
        lines.filter((l) => l.level === "error" || (typeof l.level === "number" && l.level >= 50)),
      ).toEqual([]);
    } finally {
      restore();
    }
  });
});
