// The Host header check, shared by src/perf/request-listener.mjs (plain Node, before Astro: hence
// JavaScript) and the middleware that answers the refusal (invalid-host.ts).
//
// Astro's Node adapter builds the request's URL from the Host header as it came: `Host: a@b` makes
// `http://a@b/...`, a URL with credentials, which `new Request` refuses, so every route answered
// 500 before any middleware ran and the access log never saw it. The listener checks the header
// first; a request with an unusable one goes on with a plain host and INVALID_HOST_MARK set, and
// the middleware answers it 400 inside the access log, like any other request.

/** Set by the listener only (a client's own copy is removed first), so a client cannot fake it. */
export const INVALID_HOST_MARK = "x-foyer-invalid-host";

/** What the listener puts in place of an unusable Host header (the URL is built from it). */
export const STAND_IN_HOST = "localhost";

const HOST_FORM = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)(?::\d{1,5})?$/i;

/**
 * True when `host` is a host name or IP literal with an optional port, and nothing else: no user
 * information (`a@b`), path, query, fragment, backslash, white space or control character.
 * @param {string} host
 * @returns {boolean}
 */
export function usableHostHeader(host) {
  if (host.length === 0 || host.length > 300 || !HOST_FORM.test(host)) return false;
  let url;
  try {
    url = new URL(`http://${host}/`);
  } catch {
    return false;
  }
  return url.username === "" && url.password === "" && url.pathname === "/";
}
