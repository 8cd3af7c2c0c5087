/**
 * What the API's Hono context carries for every handler: the server's dependencies, whether the
 * call came in under /cached_api, and the socket's bindings. It sits below http/ and the services
 * because both read it (the account and lookup calls take the request context), and the routes
 * must not be imported back by anything they call.
 */
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import type { CaptchaVerifier } from "../security/captcha.ts";
import type { ApiBindings } from "./client-address.ts";

export interface ApiDeps {
  db: Db;
  clock: Clock;
  /** The captcha provider; default: hCaptcha-compatible siteverify over HTTP (security/captcha.ts). */
  captcha?: CaptchaVerifier;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  /** crossOriginWrite: a write from a tenant's CORS origin that sameOriginWrites lets through (cors.ts). */
  Variables: { deps: ApiDeps; cached: boolean; crossOriginWrite?: boolean };
};
