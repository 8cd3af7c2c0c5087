/**
 * The request being handled, kept in AsyncLocalStorage so any log line written while it runs
 * (the API's error handler, a service) carries its id without passing it down every call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface RequestContext {
  /** The request id: the caller's X-Request-Id when it is sane, else a new UUID. */
  readonly id: string;
  /** The matched route pattern, when the API router knows it (set by recordApiRoute). */
  route?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Letters, digits and `._:-`, at most 128 characters: safe to echo and to log as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | null | undefined): string {
  const value = header?.trim();
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

export function runWithRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
