/**
 * Response compression (DESIGN §9 "responses compressed": HTML,
 * JSON, JS and CSS once went out uncompressed).
 *
 * Pages and API answers (everything Astro renders) are compressed here, as they stream: brotli when
 * the client accepts it, else gzip, else nothing. Static files under /_astro are compressed once at
 * build time (src/perf/precompressed.mjs) and served by scripts/serve.mjs, which serves the build's
 * static files itself (src/perf/static-files.mjs).
 *
 * - Only text types are compressed (HTML, JSON, JS, CSS, SVG, XML, plain text); images, PDFs and
 *   anything already encoded are passed through.
 * - A body whose Content-Length is under 1 KB is not worth the bytes of a compressed frame.
 * - Each chunk is flushed as it is written (SYNC_FLUSH), so a streamed page still reaches the
 *   browser piece by piece: the head and the first content arrive before the slow parts render.
 * - Brotli at quality 5 and gzip at level 6: a page rendered per request is compressed per
 *   request, so speed matters more than the last percent. A page the micro-cache serves (X-Cache:
 *   hit) is compressed once per coding and kept with the page (`compressedCopy`, page-cache.ts).
 * - `Vary: Accept-Encoding` on every compressible answer, compressed or not, so a cache never hands
 *   a brotli body to a client that did not ask for it.
 * - The answer keeps every header it had (Content-Security-Policy, X-Request-Id, Cache-Control,
 *   Set-Cookie); Content-Length goes (the length changes) and a strong ETag becomes weak.
 */
import { Duplex } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "astro";
import { type Coding, negotiateEncoding } from "./accept-encoding.mjs";
import { withEditedHeaders } from "./edited-headers.ts";

export type { Coding };
export { negotiateEncoding };

/** Below this many bytes (when the length is known) the answer goes out as it is. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|[a-z.+-]*\+(json|xml))|image\/svg\+xml)/i;

/** True for the text types worth compressing; images, fonts, archives and octet streams are not. */
export function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType.trim());
}

/** Adds `Accept-Encoding` to the Vary header (kept once). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!vary) {
    headers.set("Vary", "Accept-Encoding");
    return;
  }
  const names = vary.split(",").map((n) => n.trim().toLowerCase());
  if (!names.includes("accept-encoding") && !names.includes("*")) headers.append("Vary", "Accept-Encoding");
}

/** Whether an answer may be compressed at all: its type, status, length and its own headers. */
export function shouldCompress(method: string, response: Response): boolean {
  if (method === "HEAD" || !response.body) return false;
  if (
    response.status < 200 ||
    response.status === 204 ||
    response.status === 206 ||
    response.status === 304
  ) {
    return false;
  }
  const headers = response.headers;
  if (headers.has("Content-Encoding")) return false;
  if (/\bno-transform\b/i.test(headers.get("Cache-Control") ?? "")) return false;
  if (!isCompressibleType(headers.get("Content-Type"))) return false;
  const length = headers.get("Content-Length");
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return false;
  return true;
}

export const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  // A 256 KB window: pages are far smaller, and a smaller window is cheaper to set up per answer.
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};
export const GZIP_LEVEL = 6;

/** A streaming compressor that flushes each chunk (a streamed page keeps streaming). */
function compressor(coding: Coding): zlib.BrotliCompress | zlib.Gzip {
  if (coding === "br") {
    return zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS });
  }
  return zlib.createGzip({ level: GZIP_LEVEL, flush: zlib.constants.Z_SYNC_FLUSH });
}

/** The body compressed with `coding`, as a web stream. */
export function compressStream(body: ReadableStream<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> {
  const pair = Duplex.toWeb(compressor(coding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return body.pipeThrough(pair);
}

/** A body kept in memory with its compressed copies (a micro-cached page, page-cache.ts). */
export interface KeptBody {
  body: Uint8Array<ArrayBuffer>;
  compressed: Partial<Record<Coding, Uint8Array<ArrayBuffer>>>;
}

/**
 * The kept body compressed with `coding`: made on the first call for each coding and kept with the
 * body, so the same page, served thousands of times within its few seconds, is compressed once.
 */
export function compressedCopy(kept: KeptBody, coding: Coding): Uint8Array<ArrayBuffer> {
  const copy = kept.compressed[coding];
  if (copy) return copy;
  const out =
    coding === "br"
      ? zlib.brotliCompressSync(kept.body, { params: BROTLI_PARAMS })
      : zlib.gzipSync(kept.body, { level: GZIP_LEVEL });
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
  kept.compressed[coding] = bytes;
  return bytes;
}

/** The headers of a compressed answer: the coding set, the length gone or new, a strong ETag weak. */
function compressedHeaders(headers: Headers, coding: Coding, length?: number): Headers {
  const out = new Headers(headers);
  out.set("Content-Encoding", coding);
  if (length === undefined) out.delete("Content-Length");
  else out.set("Content-Length", String(length));
  const etag = out.get("ETag");
  if (etag && !etag.startsWith("W/")) out.set("ETag", `W/${etag}`);
  varyOnAcceptEncoding(out);
  return out;
}

/**
 * The answer for a client that sent `acceptEncoding`: compressed when it may be, else as it was.
 * `kept`: the answer is a micro-cached page whose body is in memory already, with its copies.
 */
export async function compressResponse(
  method: string,
  acceptEncoding: string | null,
  response: Response,
  kept?: KeptBody,
): Promise<Response> {
  if (!isCompressibleType(response.headers.get("Content-Type"))) return response;
  const coding = shouldCompress(method, response) ? negotiateEncoding(acceptEncoding) : null;
  const init = { status: response.status, statusText: response.statusText };
  if (coding && kept && kept.body.byteLength >= MIN_COMPRESS_BYTES) {
    await response.body?.cancel();
    const compressed = compressedCopy(kept, coding);
    return new Response(compressed, {
      ...init,
      headers: compressedHeaders(response.headers, coding, compressed.byteLength),
    });
  }
  if (coding && response.body) {
    return new Response(compressStream(response.body, coding), {
      ...init,
      headers: compressedHeaders(response.headers, coding),
    });
  }
  return withEditedHeaders(response, varyOnAcceptEncoding);
}

/** Astro middleware: compresses pages and API answers for clients that accept it. */
export const compression: MiddlewareHandler = async (context, next) => {
  const response = await next();
  // A micro-cache hit (src/middleware.ts) leaves its page here: its compressed copies are kept with it.
  const kept = response.headers.get("X-Cache") === "hit" ? context.locals.cachedPage : undefined;
  return compressResponse(
    context.request.method,
    context.request.headers.get("Accept-Encoding"),
    response,
    kept,
  );
};
