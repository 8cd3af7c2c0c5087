/**
 * The one door from pages to data (src/lib/server/page-data/README.md): pages, components and the
 * page helpers reach server code only through src/lib/server/page-data; islands and stores never
 * reach it at all. The infrastructure that serves the API (its two catch-all endpoints) may import
 * `http/`. Every module is read as text and its imports (types included) are resolved to paths.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../../helpers/module-imports.ts";

const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const SERVER = "src/lib/server/";
const DOOR = "src/lib/server/page-data/";

/** The API's catch-all endpoints: infrastructure, they hand requests to the Hono app in `http/`. */
const INFRASTRUCTURE: Readonly<Record<string, string>> = {
  "src/pages/api/[...path].ts": "src/lib/server/http/",
  "src/pages/cached_api/[...path].ts": "src/lib/server/http/",
};

function modulesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file))
    .map((file) => join(folder, file));
}

/** The repository paths a module imports (relative specifiers only; packages are not layers). */
function importedPaths(file: string, source: string): string[] {
  return importsOf(source)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => relative(".", normalize(join(dirname(file), spec))));
}

/** A page-side module's imports of server code that do not go through the door. */
function pastTheDoor(file: string, source: string): string[] {
  const allowed = INFRASTRUCTURE[file];
  return importedPaths(file, source)
    .filter((path) => path.startsWith(SERVER) && !path.startsWith(DOOR))
    .filter((path) => !(allowed && path.startsWith(allowed)))
    .map((path) => `${file} imports ${path}`);
}

/** A browser-side module's imports of any server code, the door included. */
function intoTheServer(file: string, source: string): string[] {
  return importedPaths(file, source)
    .filter((path) => path.startsWith(SERVER))
    .map((path) => `${file} imports ${path}`);
}

const pageSide = ["src/pages", "src/components", "src/lib/pages"].flatMap(modulesUnder);
const browserSide = ["src/islands", "src/lib/stores"].flatMap(modulesUnder);
const offenders = (files: string[], rule: (file: string, source: string) => string[]) =>
  files.flatMap((file) => rule(file, readFileSync(file, "utf8")));

describe("pages, components and page helpers reach server code only through the door", () => {
  it("reads every page-side module", () => {
    expect(pageSide.length).toBeGreaterThan(60);
    expect(pageSide).toContain("src/components/Base.astro");
    expect(pageSide).toContain("src/lib/pages/event-detail.ts");
  });

  it("no page, component or page helper imports src/lib/server/ except src/lib/server/page-data/", () => {
    expect(offenders(pageSide, pastTheDoor)).toEqual([]);
  });

  it("fails for a page that imports a service past the door", () => {
    const page = "src/pages/[seller]/my/index.astro";
    const source = '---\nimport { getRuntime } from "../../../lib/server/runtime.ts";\n---\n';
    expect(pastTheDoor(page, source)).toEqual([`${page} imports src/lib/server/runtime.ts`]);
  });

  it("fails for a component that imports a server type, even type-only", () => {
    const component = "src/components/tickets/TicketCard.astro";
    const source = 'import type { Viewer } from "../../lib/server/services/identity/viewer.ts";';
    expect(pastTheDoor(component, source)).toEqual([
      `${component} imports src/lib/server/services/identity/viewer.ts`,
    ]);
  });

  it("lets a page through the door, and the API endpoints into http/ only", () => {
    const page = "src/pages/[seller]/checkout/index.astro";
    expect(
      pastTheDoor(page, 'import { cartEntry } from "../../../lib/server/page-data/checkout/entry.ts";'),
    ).toEqual([]);
    const endpoint = "src/pages/api/[...path].ts";
    expect(pastTheDoor(endpoint, 'import { x } from "../../lib/server/http/astro-endpoint.ts";')).toEqual([]);
    expect(pastTheDoor(endpoint, 'import { x } from "../../lib/server/runtime.ts";')).toEqual([
      `${endpoint} imports src/lib/server/runtime.ts`,
    ]);
  });
});

describe("islands and stores never import server code", () => {
  it("reads every island and store module", () => {
    expect(browserSide.length).toBeGreaterThan(50);
  });

  it("no module in src/islands or src/lib/stores imports src/lib/server/", () => {
    expect(offenders(browserSide, intoTheServer)).toEqual([]);
  });

  it("fails for an island that imports the door itself", () => {
    const island = "src/islands/ReserveIsland.tsx";
    const source = 'import { ssrApi } from "../lib/server/page-data/client.ts";';
    expect(intoTheServer(island, source)).toEqual([`${island} imports src/lib/server/page-data/client.ts`]);
  });

  it("fails for a store that imports a service", () => {
    const store = "src/lib/stores/cart.ts";
    const source = 'export { x } from "../server/services/cart/static-rows.ts";';
    expect(intoTheServer(store, source)).toEqual([
      `${store} imports src/lib/server/services/cart/static-rows.ts`,
    ]);
  });
});
