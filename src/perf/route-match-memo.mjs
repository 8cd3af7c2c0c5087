// The route a path matches, found once per path rather than by testing the routes in turn.
//
// Astro's router finds a request's route by testing each route's pattern, in priority order,
// until one matches. The storefront and the back office have well over a hundred routes, and a
// request is matched more than once (the app, then the middleware's route lookups), so a page
// whose route sorts late paid for many regular expressions each time: profiled under load with
// the page cache off, about 25 µs more for the listing than for the framework floor's route. The
// routes are fixed once the router is built, so the first route a path matches never changes:
// the router keeps it per path (a path that matches nothing too), in a map that starts over past
// its limit (a crawler's random paths must not grow it). The params and the answer are worked out
// for each call as before. The build fails when Astro's source no longer has what this rewrites.

import { astroSourcePatch } from "./astro-source-patch.mjs";

const ROUTER_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]routing[\\/]router\.js$/;
const FIELDS = "  #trailingSlash;\n";
const FIND = [
  "    const route = this.#routes.find((candidate) => {",
  "      if (candidate.pattern.test(pathname)) return true;",
  "      return candidate.fallbackRoutes.some((fallbackRoute) => fallbackRoute.pattern.test(pathname));",
  "    });",
].join("\n");

/** Paths whose route the router keeps at most; past it the map starts over. */
export const ROUTE_MATCH_MEMO_LIMIT = 1024;

/**
 * Astro's router with `match`'s route search kept per path.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizeRouteMatchSource(code) {
  for (const expected of [FIELDS, FIND]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/route-match-memo.mjs: astro/dist/core/routing/router.js no longer has " +
          `\`${expected.trim().split("\n")[0]}\`; update the memo for this Astro version.`,
      );
    }
  }
  const fields = [
    FIELDS.trimEnd(),
    "  #foyerFirstRoutes = new Map();",
    "  #foyerFirstRoute(pathname) {",
    "    let route = this.#foyerFirstRoutes.get(pathname);",
    "    if (route === undefined) {",
    FIND.replace("    const route = ", "      route = ")
      .split("\n")
      .map((line, i) => (i === 0 ? line : `  ${line}`))
      .join("\n")
      .replace(/\}\);$/, "}) ?? null;"),
    `      if (this.#foyerFirstRoutes.size >= ${ROUTE_MATCH_MEMO_LIMIT}) this.#foyerFirstRoutes.clear();`,
    "      this.#foyerFirstRoutes.set(pathname, route);",
    "    }",
    "    return route ?? undefined;",
    "  }",
    "",
  ].join("\n");
  return code.replace(FIELDS, fields).replace(FIND, "    const route = this.#foyerFirstRoute(pathname);");
}

/** @returns {import("vite").Plugin} */
export function memoizeRouteMatches() {
  return astroSourcePatch({
    name: "foyer-memoize-route-matches",
    module: ROUTER_MODULE,
    modulePath: "astro/dist/core/routing/router.js",
    patch: memoizeRouteMatchSource,
  });
}
