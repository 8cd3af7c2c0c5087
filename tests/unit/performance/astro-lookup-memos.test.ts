/**
 * Astro's per-request lookups that are a pure function of the build, kept once (DESIGN §9: the
 * uncached listing at 0.6× the framework floor): an island's id (src/perf/island-id-memo.mjs), a
 * route's head elements, resolved URLs and head tags (src/perf/head-elements-memo.mjs), and the
 * route a path matches (src/perf/route-match-memo.mjs). Each patch is applied to the installed
 * Astro's own module, which is then run with its imports stubbed: the answers must be the ones
 * Astro gives, and the work behind them done once.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  memoizeHeadTagsSource,
  memoizeProductionEnvironmentSource,
} from "../../../src/perf/head-elements-memo.mjs";
import { ISLAND_ID_MEMO_LIMIT, memoizeIslandIdSource } from "../../../src/perf/island-id-memo.mjs";
import { memoizeRouteMatchSource, ROUTE_MATCH_MEMO_LIMIT } from "../../../src/perf/route-match-memo.mjs";

const require = createRequire(import.meta.url);
const astroDir = require.resolve("astro/package.json").replace(/package\.json$/, "");
const astroSource = (path: string) => readFileSync(`${astroDir}dist/${path}`, "utf8");

/**
 * Runs an ES module's source as a function: its imports removed (their names given as `stubs`),
 * its `export { … }` turned into the answer.
 */
function runModule(source: string, stubs: Record<string, unknown>): Record<string, unknown> {
  const body = source
    .replace(/^import[\s\S]*?from\s+"[^"]+";$/gm, "")
    .replace(/^export \{([\s\S]*?)\};?\s*$/m, (_all, names: string) => `return {${names}};`);
  return new Function(...Object.keys(stubs), body)(...Object.values(stubs)) as Record<string, unknown>;
}

describe("the route a path matches is found once per path ('Faster pages')", () => {
  interface TestRoute {
    route: string;
    params: string[];
    fallbackRoutes: TestRoute[];
    pattern: { test(path: string): boolean; exec(path: string): RegExpExecArray | null };
  }
  type RouterAnswer = { type: string; route?: TestRoute; params?: Record<string, string> };
  type TestRouter = { match(path: string, options?: { allowWithoutBase?: boolean }): RouterAnswer };
  let tests = 0;
  const route = (name: string, regex: RegExp, params: string[] = []): TestRoute => ({
    route: name,
    params,
    fallbackRoutes: [],
    pattern: {
      test: (path) => {
        tests += 1;
        return regex.test(path);
      },
      exec: (path) => regex.exec(path),
    },
  });
  const routes = [
    route("/admin", /^\/admin$/),
    route("/[seller]/bench-floor", /^\/([^/]+?)\/bench-floor$/, ["seller"]),
    route("/[seller]/events", /^\/([^/]+?)\/events$/, ["seller"]),
  ];
  const stubs = {
    prependForwardSlash: (path: string) => (path.startsWith("/") ? path : `/${path}`),
    removeTrailingForwardSlash: (path: string) => path.replace(/\/+$/, ""),
    getParams: (found: TestRoute, path: string) =>
      Object.fromEntries(found.params.map((name, i) => [name, found.pattern.exec(path)?.[i + 1]])),
    routeComparator: () => 0,
  };
  const routerOf = (source: string) => {
    const Router = runModule(source, stubs).Router as new (
      routes: TestRoute[],
      options: { base: string; buildFormat: string; trailingSlash: string },
    ) => TestRouter;
    return new Router(routes, { base: "/", buildFormat: "directory", trailingSlash: "never" });
  };
  const original = routerOf(astroSource("core/routing/router.js"));
  const kept = routerOf(memoizeRouteMatchSource(astroSource("core/routing/router.js")));

  it("answers what Astro's router answers: the route, its params, and no match", () => {
    for (const path of [
      "/harbour-museum/events",
      "/admin",
      "/riverside-zoo/bench-floor",
      "/nowhere/at/all",
      "//x",
    ]) {
      expect(kept.match(path)).toEqual(original.match(path));
    }
    expect(kept.match("/harbour-museum/events").params).toEqual({ seller: "harbour-museum" });
  });

  it("tests the routes' patterns for a path once; the next request of the path tests none", () => {
    kept.match("/riverside-zoo/events");
    const after = tests;
    const again = kept.match("/riverside-zoo/events");
    expect(tests).toBe(after);
    expect(again.route?.route).toBe("/[seller]/events");
    expect(again.params).toEqual({ seller: "riverside-zoo" });
    kept.match("/nothing-here/x");
    const none = tests;
    expect(kept.match("/nothing-here/x").type).toBe("none");
    expect(tests).toBe(none);
  });

  it("keeps at most its limit of paths, then starts over", () => {
    kept.match("/first/events");
    for (let i = 0; i < ROUTE_MATCH_MEMO_LIMIT; i += 1) kept.match(`/seller-${i}/events`);
    const before = tests;
    expect(kept.match("/first/events").params).toEqual({ seller: "first" });
    expect(tests).toBeGreaterThan(before);
  });

  it("fails the build when Astro's router no longer has what it rewrites", () => {
    expect(() => memoizeRouteMatchSource("export {}")).toThrow(/route-match-memo\.mjs/);
  });
});

describe("an island's id is hashed once per island ('Faster pages')", () => {
  const source = astroSource("runtime/server/render/component.js");
  const idStatement = (code: string) => {
    const start =
      code.indexOf("  const foyerProps") >= 0
        ? code.indexOf("  const foyerProps")
        : code.indexOf("  const astroId = shorthash(");
    return code.slice(start, code.indexOf("  const island = await generateHydrateScript(", start));
  };
  const patched = memoizeIslandIdSource(source);
  const memo = patched.slice(
    patched.indexOf("const foyerIslandIds"),
    patched.indexOf("function sanitizeElementName("),
  );
  let hashed = 0;
  const shorthash = (text: string) => {
    hashed += 1;
    return `id(${text})`;
  };
  const serializeProps = (props: unknown) => JSON.stringify(props);
  /** The module's id statement run on its own: Astro's, or the patched one with its memo. */
  const idOf = (statement: string, withMemo: string) =>
    new Function(
      "shorthash",
      "serializeProps",
      `${withMemo}\nreturn (metadata, html, props) => { ${statement} return astroId; };`,
    )(shorthash, serializeProps) as (metadata: object, html: string, props: object) => string;
  const astroIds = idOf(idStatement(source), "");
  const keptIds = idOf(idStatement(patched), memo);
  const metadata = { componentExport: { value: "default" }, componentUrl: "/src/islands/CartWidget.tsx" };

  it("is the id Astro gives, of the component, its HTML and its props", () => {
    for (const [html, props] of [
      ["<div>cart</div>", { seller: "harbour-museum" }],
      ["", {}],
      ["<p>€ …</p>", { strings: { a: "b" } }],
    ] as const) {
      expect(keptIds(metadata, html, props)).toBe(astroIds(metadata, html, props));
    }
  });

  it("is hashed once for the same island; other props or another component are hashed anew", () => {
    const html = "<div>the cart widget</div>";
    keptIds(metadata, html, { n: 1 });
    const after = hashed;
    expect(keptIds(metadata, html, { n: 1 })).toBe(astroIds(metadata, html, { n: 1 }));
    expect(hashed).toBe(after + 1); // only Astro's own call above
    keptIds(metadata, html, { n: 2 });
    keptIds({ ...metadata, componentUrl: "/src/islands/Other.tsx" }, html, { n: 1 });
    expect(hashed).toBe(after + 3);
  });

  it("keeps at most its limit of islands' HTML, then starts over", () => {
    keptIds(metadata, "first", {});
    for (let i = 0; i < ISLAND_ID_MEMO_LIMIT; i += 1) keptIds(metadata, `island ${i}`, {});
    const before = hashed;
    keptIds(metadata, "first", {});
    expect(hashed).toBe(before + 1);
  });

  it("fails the build when Astro's component module no longer has what it rewrites", () => {
    expect(() => memoizeIslandIdSource("export {}")).toThrow(/island-id-memo\.mjs/);
  });
});

describe("a route's head elements and tags are worked out once ('Faster pages')", () => {
  type Element = { props: Record<string, string>; children: string };
  let madeLinks = 0;
  let rendered = 0;
  const environmentOf = (code: string) =>
    runModule(code, {
      RedirectSinglePageBuiltModule: {},
      createAssetLink: (href: string, base: string) => {
        madeLinks += 1;
        return `${base}${href}`;
      },
      createModuleScriptElement: (script: { value: string }) => ({
        props: { type: "module", src: script.value },
        children: "",
      }),
      createStylesheetElementSet: (styles: { src: string }[]) =>
        new Set(styles.map((style) => ({ props: { rel: "stylesheet", href: style.src }, children: "" }))),
      getDefaultRoutes: () => [],
      getFallbackRoute: () => undefined,
      routeIsFallback: () => false,
      routeIsRedirect: () => false,
      findRouteToRewrite: () => undefined,
    }).productionEnvironment as {
      resolve(manifest: object, specifier: string): Promise<string>;
      headElements(
        manifest: object,
        route: { route: string },
      ): Promise<{ styles: Set<Element>; scripts: Set<Element>; links: Set<Element> }>;
    };
  const source = astroSource("core/environment/production.js");
  const original = environmentOf(source);
  const kept = environmentOf(memoizeProductionEnvironmentSource(source));
  const manifest = {
    base: "/",
    assetsPrefix: undefined,
    entryModules: { "astro:scripts/before-hydration.js": "", "/src/islands/Cart.tsx": "_astro/Cart.js" },
    routes: [
      {
        routeData: { route: "/[seller]/events" },
        styles: [{ src: "/_astro/a.css" }],
        scripts: [{ value: "/_astro/p.js" }],
      },
    ],
  };

  it("resolve and headElements answer what Astro's do; a URL is made once per specifier", async () => {
    expect(await kept.resolve(manifest, "/src/islands/Cart.tsx")).toBe(
      await original.resolve(manifest, "/src/islands/Cart.tsx"),
    );
    const made = madeLinks;
    await kept.resolve(manifest, "/src/islands/Cart.tsx");
    expect(madeLinks).toBe(made);
    await expect(kept.resolve(manifest, "nope")).rejects.toThrow(/Unable to resolve/);
    const route = { route: "/[seller]/events" };
    const [mine, astro] = [
      await kept.headElements(manifest, route),
      await original.headElements(manifest, route),
    ];
    expect([...mine.styles]).toEqual([...astro.styles]);
    expect([...mine.scripts]).toEqual([...astro.scripts]);
  });

  it("every request gets its own Sets of the same frozen elements (the head renderer empties its styles)", async () => {
    const route = { route: "/[seller]/events" };
    const first = await kept.headElements(manifest, route);
    const second = await kept.headElements(manifest, route);
    expect(second.styles).not.toBe(first.styles);
    expect([...second.styles]).toEqual([...first.styles]);
    expect([...second.styles][0]).toBe([...first.styles][0]);
    expect(Object.isFrozen([...first.styles][0]) && Object.isFrozen([...first.styles][0]?.props)).toBe(true);
  });

  const head = runModule(memoizeHeadTagsSource(astroSource("runtime/server/render/head.js")), {
    markHTMLString: (html: string) => html,
    renderCspContent: () => "",
    createRenderInstruction: (instruction: object) => instruction,
    renderElement: (name: string, element: Element) => {
      rendered += 1;
      return `<${name} ${JSON.stringify(element.props)}>${element.children}`;
    },
  }).renderAllHeadContent as (result: object) => string;
  const resultOf = (styles: Element[], scripts: Element[] = []) => ({
    styles: new Set(styles),
    scripts: new Set(scripts),
    links: new Set<Element>(),
    compressHTML: true,
    _metadata: { hasRenderedHead: false, extraHead: [] as string[] },
  });
  const frozen = (href: string): Element =>
    Object.freeze({ props: Object.freeze({ rel: "stylesheet", href }), children: "" });

  it("the same frozen elements give the same tags, written once; the styles are emptied as before", () => {
    const css = frozen("/_astro/b.css");
    const script = Object.freeze({ props: Object.freeze({ type: "module", src: "/p.js" }), children: "" });
    const first = resultOf([css, css], [script]);
    const tags = head(first);
    expect(tags).toBe(
      '<link {"rel":"stylesheet","href":"/_astro/b.css"}><script {"type":"module","src":"/p.js"}>',
    );
    const count = rendered;
    const second = resultOf([css, css], [script]);
    expect(head(second)).toBe(tags);
    expect(rendered).toBe(count);
    expect(second.styles.size).toBe(0);
  });

  it("an element that is not frozen (added some other way) is rendered every time", () => {
    const loose = { props: { rel: "stylesheet", href: "/x.css" }, children: "" };
    head(resultOf([loose]));
    const count = rendered;
    expect(head(resultOf([loose]))).toContain("/x.css");
    expect(rendered).toBe(count + 1);
  });

  it("fails the build when Astro's modules no longer have what it rewrites", () => {
    expect(() => memoizeProductionEnvironmentSource("export {}")).toThrow(/head-elements-memo\.mjs/);
    expect(() => memoizeHeadTagsSource("export {}")).toThrow(/head-elements-memo\.mjs/);
  });
});
