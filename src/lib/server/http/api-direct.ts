/**
 * The API's direct path in the built server. The request listener of scripts/serve.mjs
 * (src/perf/request-listener.mjs) hands an /api or /cached_api request here instead of to Astro's
 * adapter. Astro's render pipeline cost about 0.9 ms of CPU per API call on the 2-core bench
 * machine (1.16 ms per /api/health through Astro, 0.25 ms for the API alone), and on an on-sale
 * every hold, checkout and place-in-line question is an API call.
 *
 * The answer is the one Astro's pipeline gives, built from the same pieces:
 * - the request as the adapter makes it (`createRequestFromNodeRequest`, the same body limit), and
 *   the answer written as the adapter writes it (`writeResponse`);
 * - Astro's origin check (`security.checkOrigin`): a cross-site write that a form could send is
 *   refused with 403 before anything else runs, as Astro refuses it before the middleware;
 * - then what src/middleware.ts does for an API path: the access line and X-Request-Id
 *   (`loggedAnswer`), compression, the security headers. The other middlewares pass API paths by.
 *
 * What Astro alone does differently stays with Astro: a path ending in `/` (Astro redirects it),
 * HEAD (Astro replaces a body-less 404 with its error page), and a request without a Host header
 * (Astro names the host itself). tests/e2e/api-direct.spec.ts compares both paths answer by answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestFromNodeRequest, writeResponse } from "astro/app/node";
import { logger } from "../log/logger.ts";
import { REQUEST_ID_HEADER } from "../log/request-log.ts";
import { apiAnswer } from "./astro-endpoint.ts";
import { compressResponse } from "./compression.ts";
import { loggedAnswer } from "./request-log.ts";
import { withSecurityHeaders } from "./security-headers.ts";

/** The key the direct path is published under; the request listener looks it up there. */
const DIRECT_PATH_KEY = Symbol.for("foyer.api.directPath");
/** Where the adapter's request keeps the caller's address (Astro's `context.clientAddress`). */
const CLIENT_ADDRESS = Symbol.for("astro.clientAddress");
const API_PATH = /^\/(api|cached_api)(\/|$)/;
/** The Node adapter's default body limit (@astrojs/node), which astro.config.mjs keeps. */
const BODY_SIZE_LIMIT = 1024 * 1024 * 1024;

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Astro's `security.checkOrigin` rule: a write from another origin is refused when a form could
 * have sent it (a form's content type, or none at all).
 */
export function crossSiteFormWrite(request: Request, origin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const sameOrigin = request.headers.get("origin") === origin;
  const contentType = request.headers.get("content-type");
  if (contentType === null) return !sameOrigin;
  const lower = contentType.toLowerCase();
  return FORM_CONTENT_TYPES.some((type) => lower.includes(type)) && !sameOrigin;
}

/** Whether the direct path answers this request (else Astro does; see the file comment). */
export function takesDirectPath(
  method: string | undefined,
  pathname: string,
  host: string | undefined,
): boolean {
  return (
    API_PATH.test(pathname) &&
    !pathname.endsWith("/") &&
    method !== "HEAD" &&
    typeof host === "string" &&
    host.length > 0
  );
}

/** The answer to one API request, as Astro's pipeline would give it. */
async function directAnswer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (crossSiteFormWrite(request, url.origin)) {
    return new Response(`Cross-site ${request.method} form submissions are forbidden`, { status: 403 });
  }
  const clientAddress = Reflect.get(request, CLIENT_ADDRESS);
  return loggedAnswer(
    {
      method: request.method,
      pathname: url.pathname,
      requestId: request.headers.get(REQUEST_ID_HEADER),
      routePattern: () =>
        url.pathname.startsWith("/cached_api") ? "/cached_api/[...path]" : "/api/[...path]",
    },
    async () =>
      compressResponse(
        request.method,
        request.headers.get("Accept-Encoding"),
        withSecurityHeaders(
          request,
          url.pathname,
          await apiAnswer(request, typeof clientAddress === "string" ? clientAddress : undefined),
        ),
      ),
  );
}

/** Answers `req` on the direct path; the listener has checked `takesDirectPath`. */
async function serveDirect(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let request: Request;
  try {
    request = createRequestFromNodeRequest(req, { allowedDomains: [], bodySizeLimit: BODY_SIZE_LIMIT });
  } catch (error) {
    logger.error({ err: error }, "request.unreadable");
    res.statusCode = 500;
    res.end("Internal Server Error");
    return;
  }
  try {
    await writeResponse(await directAnswer(request), res);
  } catch {
    // What the adapter does with a request whose rendering threw (loggedAnswer has logged it).
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end("Internal Server Error");
    } else {
      res.destroy();
    }
  }
}

export interface ApiDirectPath {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Publishes the direct path for the request listener. The built middleware module calls it when
 * Astro loads it, with the first request (scripts/serve.mjs's health check); until then API
 * requests go through Astro.
 */
export function publishApiDirectPath(): void {
  const path: ApiDirectPath = {
    serve(req, res) {
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      if (!takesDirectPath(req.method, pathname, req.headers.host)) return false;
      void serveDirect(req, res);
      return true;
    },
  };
  Object.defineProperty(globalThis, DIRECT_PATH_KEY, { value: path, configurable: true, writable: true });
}
