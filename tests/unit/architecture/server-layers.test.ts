/**
 * The server's floors, as tests (as tests/unit/architecture/domain-boundaries.test.ts is for the domain):
 * - the layers below the HTTP adapter (services, payments, security, mail, db, config, log,
 *   tenant-hosts, request, errors) never import src/lib/server/http/;
 * - src/lib/server has no import circles (type-only imports count: a circle of types is still a
 *   tangle to read);
 * - the error catalogue (src/lib/server/errors/) sits below the services: it imports nothing from
 *   the services or http/.
 * Every module is read as text. Each rule is also run on a small made-up graph that breaks it, so
 * a checker that silently sees nothing fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../../helpers/module-imports.ts";

const SERVER = "src/lib/server";
const BELOW_HTTP = [
  "services",
  "payments",
  "security",
  "mail",
  "db",
  "config",
  "log",
  "tenant-hosts",
  "request",
  "errors",
];

/** Module path -> the module paths (in src/lib/server or not) its relative imports resolve to. */
type Graph = Map<string, string[]>;

function resolveSpecifier(from: string, spec: string, exists: (path: string) => boolean): string {
  const base = normalize(join(dirname(from), spec));
  if (exists(base)) return base;
  for (const suffix of [".ts", ".tsx", "/index.ts"]) if (exists(base + suffix)) return base + suffix;
  return base;
}

/** The graph of relative imports of the given sources. */
function graphOf(sources: Map<string, string>, exists: (path: string) => boolean): Graph {
  const graph: Graph = new Map();
  for (const [file, text] of sources) {
    const targets = importsOf(text)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => resolveSpecifier(file, spec, exists));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function serverGraph(): Graph {
  const files = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f))
    .map((f) => join(SERVER, f));
  return graphOf(new Map(files.map((f) => [f, readFileSync(f, "utf8")])), existsSync);
}

const layerOf = (file: string): string | undefined =>
  file.startsWith(`${SERVER}/`) ? file.slice(SERVER.length + 1).split("/")[0] : undefined;

/** `a -> b` for each import from a module of one of `layers` into one of `forbidden`. */
function forbiddenImports(graph: Graph, layers: readonly string[], forbidden: readonly string[]): string[] {
  const offenders: string[] = [];
  for (const [file, targets] of graph) {
    if (!layers.includes(layerOf(file) ?? "")) continue;
    for (const target of targets)
      if (forbidden.includes(layerOf(target) ?? "")) offenders.push(`${file} -> ${target}`);
  }
  return offenders;
}

/** The import circles: strongly connected components of more than one module, or a module importing itself. */
function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A made-up tree of modules: every path given exists. */
function fabricated(files: Record<string, string>): Graph {
  const paths = new Set(Object.keys(files));
  return graphOf(new Map(Object.entries(files)), (path) => paths.has(path));
}

describe("the server's layers", () => {
  const graph = serverGraph();

  it("reads the server's modules", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(forbiddenImports(graph, ["http"], ["services"]).length).toBeGreaterThan(10);
  });

  it("no module below the HTTP adapter imports http/", () => {
    expect(forbiddenImports(graph, BELOW_HTTP, ["http"])).toEqual([]);
  });

  it("the check sees a service that imports http/", () => {
    const tree = fabricated({
      [`${SERVER}/services/cart/x.ts`]: 'import type { ApiEnv } from "../../http/app.ts";',
      [`${SERVER}/http/app.ts`]: "export type ApiEnv = {};",
    });
    expect(forbiddenImports(tree, BELOW_HTTP, ["http"])).toEqual([
      `${SERVER}/services/cart/x.ts -> ${SERVER}/http/app.ts`,
    ]);
  });

  it("src/lib/server has no import circles", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("the check sees a circle, type-only imports included", () => {
    const tree = fabricated({
      [`${SERVER}/db/schema.ts`]: 'export * from "./schema-cart.ts";',
      [`${SERVER}/db/schema-cart.ts`]: 'import type { seller } from "./schema.ts";',
      [`${SERVER}/db/client.ts`]: 'import * as s from "./schema.ts";',
    });
    expect(circles(tree)).toEqual([[`${SERVER}/db/schema-cart.ts`, `${SERVER}/db/schema.ts`]]);
  });

  it("the error catalogue imports nothing from the services or http/", () => {
    expect(forbiddenImports(graph, ["errors"], ["services", "http"])).toEqual([]);
  });

  it("the check sees a catalogue that imports a service", () => {
    const tree = fabricated({
      [`${SERVER}/errors/catalogue.ts`]: 'import { CODE_REQUIRED_TEXT } from "../services/cart/errors.ts";',
      [`${SERVER}/services/cart/errors.ts`]: 'export const CODE_REQUIRED_TEXT = "";',
    });
    expect(forbiddenImports(tree, ["errors"], ["services", "http"])).toEqual([
      `${SERVER}/errors/catalogue.ts -> ${SERVER}/services/cart/errors.ts`,
    ]);
  });
});
