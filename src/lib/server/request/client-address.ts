/**
 * The caller's network address, for per-address rate limits. Astro hands the socket address to
 * the API handler as a binding. Behind a CDN or load balancer (DESIGN §10) the socket address is
 * the proxy's, so `TRUST_PROXY_HOPS=n` takes the n-th address from the right of X-Forwarded-For
 * (each trusted proxy appends one; entries further left are client-controlled and ignored).
 */
import type { Context } from "hono";

export interface ApiBindings {
  /** The TCP peer's address, when the server knows it. */
  clientAddress?: string;
}

const MAX_ADDRESS_LENGTH = 64;

export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const hops = Number(env.TRUST_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops > 0 && hops < 10 ? hops : 0;
}

/** The address from a socket address and an X-Forwarded-For header, given the trusted hops. */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const picked = entries[entries.length - hops];
    if (picked) return picked.slice(0, MAX_ADDRESS_LENGTH);
  }
  return (socketAddress ?? "unknown").slice(0, MAX_ADDRESS_LENGTH);
}

export function clientAddress<E extends { Bindings: ApiBindings }>(c: Context<E>): string {
  return resolveClientAddress(
    (c.env as ApiBindings | undefined)?.clientAddress,
    c.req.header("x-forwarded-for"),
    trustedProxyHops(),
  );
}
