// The environment scripts/serve.mjs fills in before it loads the built server.
//
// React renders with its production build only when NODE_ENV says production. Unset, the server ran
// React's development build: its checks and debug tasks on every render, about a third more CPU per
// page. The mode keeps its own rule (src/lib/server/config/mode.ts): with
// FOYER_MODE and NODE_ENV both unset, `npm start` is the demo, so the mode is named before NODE_ENV
// is filled in. A NODE_ENV that is set (development, test, production) is left as it is.

/**
 * The Node flags the server runs with (`npm start`, `npm run serve`, the bench; package.json says
 * them again, and tests/unit/performance/serve-env.test.ts checks the two agree). A page render makes a great
 * many short-lived objects; with V8's default young generation they outgrow it several times a
 * second under load and are scavenged and partly promoted. A 64 MB semi-space (a young generation
 * of up to 128 MB rather than Node 22's 32 MB: at most 96 MB more memory under load) took about
 * 12 % off the CPU of an uncached listing and 10 % off an event page, measured as the interleaved
 * CPU per request of two servers.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/** @param {NodeJS.ProcessEnv} env changed in place */
export function prepareServeEnv(env) {
  env.HOST ??= "127.0.0.1";
  env.PORT ??= "4321";
  if (!env.FOYER_MODE?.trim() && env.NODE_ENV === undefined) env.FOYER_MODE = "demo";
  env.NODE_ENV ??= "production";
}
