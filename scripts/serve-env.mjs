// The environment scripts/serve.mjs fills in before it loads the built server.
//
// React renders with its production build only when NODE_ENV says production. Unset, the server ran
// React's development build: its checks and debug tasks on every render, about a third more CPU per
// page (issue 17 "Faster pages"). The mode keeps its own rule (src/lib/server/config/mode.ts): with
// FOYER_MODE and NODE_ENV both unset, `npm start` is the demo, so the mode is named before NODE_ENV
// is filled in. A NODE_ENV that is set (development, test, production) is left as it is.

/** @param {NodeJS.ProcessEnv} env changed in place */
export function prepareServeEnv(env) {
  env.HOST ??= "127.0.0.1";
  env.PORT ??= "4321";
  if (!env.FOYER_MODE?.trim() && env.NODE_ENV === undefined) env.FOYER_MODE = "demo";
  env.NODE_ENV ??= "production";
}
