/**
 * Where links in mails may point (DESIGN §5: "Mail links are built only from configured origins,
 * never from a request header").
 *
 * The request's URL carries the Host header the client sent: `Host: evil.example` on a password
 * reset request once mailed the real user a link to http://evil.example/...?token=<valid token>.
 * So the origin of a mail link is chosen from a list of configured origins:
 * - `PUBLIC_URL` (set it in production; the startup check refuses production without it);
 * - further configured origins handed in by the caller: the seam for a tenant's own host names
 *   (`extraOrigins`).
 * A request whose origin is on the list keeps it (a tenant on its own host name gets links to
 * that host); any other request gets the first configured origin. With nothing configured (the
 * demo), only loopback origins are used: a request to 127.0.0.1, localhost or [::1] keeps its own
 * loopback origin, anything else gets the server's own loopback origin (http://127.0.0.1:PORT).
 */
import { z } from "zod";

export type PublicUrlSetting =
  | { kind: "unset" }
  | {
      kind: "valid";
      origin: string;
      https: boolean;
      /** It says more than an origin: a path other than "/", a query or a fragment (even an empty "?" or "#"). */
      beyondOrigin: boolean;
    }
  | { kind: "invalid" };

const publicUrlSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      const webScheme = url.protocol === "https:" || url.protocol === "http:";
      if (webScheme && url.hostname !== "" && !url.username && !url.password) return url;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: "PUBLIC_URL must be an http(s) URL with a host name." });
    return z.NEVER;
  });

/** PUBLIC_URL, parsed: its origin (any path is dropped: links are built from the origin). */
export function publicUrlSetting(env: NodeJS.ProcessEnv = process.env): PublicUrlSetting {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return { kind: "unset" };
  // A mail's links ask several times per checkout: the last answer is kept for its setting.
  if (lastPublicUrl?.raw !== raw) lastPublicUrl = { raw, setting: parsePublicUrl(raw) };
  return lastPublicUrl.setting;
}

let lastPublicUrl: { raw: string; setting: PublicUrlSetting } | undefined;

function parsePublicUrl(raw: string): PublicUrlSetting {
  const parsed = publicUrlSchema.safeParse(raw);
  if (!parsed.success) return { kind: "invalid" };
  const url = parsed.data;
  const beyondOrigin = url.pathname !== "/" || url.search !== "" || url.hash !== "" || /[?#]/.test(raw);
  return { kind: "valid", origin: url.origin, https: url.protocol === "https:", beyondOrigin };
}

/** True for localhost and the loopback addresses (127.0.0.0/8, ::1), with or without IPv6 brackets. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host === "::1") return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** The server's own loopback origin, from PORT (default 4321) and a loopback HOST if one is set. */
export function ownLoopbackOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PORT);
  const portPart = Number.isInteger(port) && port > 0 && port < 65536 ? port : 4321;
  const host = env.HOST?.trim() ?? "";
  const hostPart = isLoopbackHost(host)
    ? host.includes(":") && !host.startsWith("[")
      ? `[${host}]`
      : host
    : "127.0.0.1";
  return `http://${hostPart}:${portPart}`;
}

/** The configured origins links may use: PUBLIC_URL first, then the extra ones (tenant host names). */
export function configuredLinkOrigins(
  env: NodeJS.ProcessEnv = process.env,
  extraOrigins: readonly string[] = [],
): string[] {
  const origins: string[] = [];
  const publicUrl = publicUrlSetting(env);
  if (publicUrl.kind === "valid") origins.push(publicUrl.origin);
  for (const extra of extraOrigins) {
    try {
      const origin = new URL(extra).origin;
      if (origin !== "null" && !origins.includes(origin)) origins.push(origin);
    } catch {
      // Not an origin: never a link target.
    }
  }
  return origins;
}

export interface LinkOriginOptions {
  env?: NodeJS.ProcessEnv;
  /** Configured origins besides PUBLIC_URL: the seam for a tenant's own host names. */
  extraOrigins?: readonly string[];
}

/** The request's URL, parsed once per request: a confirmation mail asks for its links' origin often. */
function parsedRequestUrl(requestUrl: string): URL | undefined {
  if (lastRequestUrl?.raw === requestUrl) return lastRequestUrl.url;
  let url: URL | undefined;
  try {
    url = new URL(requestUrl);
  } catch {
    url = undefined;
  }
  lastRequestUrl = { raw: requestUrl, url };
  return url;
}

let lastRequestUrl: { raw: string; url: URL | undefined } | undefined;

/** The origin for links in a mail written while answering a request to `requestUrl`. */
export function mailLinkOrigin(requestUrl: string, options: LinkOriginOptions = {}): string {
  const env = options.env ?? process.env;
  const requestOrigin = parsedRequestUrl(requestUrl);
  const configured = configuredLinkOrigins(env, options.extraOrigins);
  const [first] = configured;
  if (first) {
    return requestOrigin && configured.includes(requestOrigin.origin) ? requestOrigin.origin : first;
  }
  // Nothing configured (the demo): loopback only, never a name a stranger can point elsewhere.
  if (requestOrigin && isLoopbackHost(requestOrigin.hostname) && /^https?:$/.test(requestOrigin.protocol)) {
    return requestOrigin.origin;
  }
  return ownLoopbackOrigin(env);
}
