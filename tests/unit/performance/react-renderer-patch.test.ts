/**
 * @astrojs/react rendered each island twice (once to check that it is a
 * React component) and through a web stream. src/perf/react-renderer-patch.mjs checks a component
 * once and renders in one pass what does not suspend. Run against the installed renderer's own
 * module, patched as the build patches it, next to the module as it is.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createElement, lazy, type ReactNode, Suspense, useId } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patchReactRendererSource } from "../../../src/perf/react-renderer-patch.mjs";

type Component = (props: Record<string, unknown>) => ReactNode;
interface Renderer {
  check(this: unknown, component: unknown, props: object, children: unknown): Promise<boolean>;
  renderToStaticMarkup(
    this: unknown,
    component: unknown,
    props: object,
    slots: Record<string, unknown>,
    metadata?: object,
  ): Promise<{ html: string }>;
}

const require = createRequire(import.meta.url);
const dist = require.resolve("@astrojs/react/package.json").replace(/package\.json$/, "dist/");
const original = readFileSync(`${dist}server.js`, "utf8");
// Inside node_modules, so the module's bare imports (react, react-dom) resolve as in the build.
const dir = join(process.cwd(), "node_modules", ".foyer-react-renderer-test");
let patched: Renderer;
let unpatched: Renderer;

/** The renderer module loadable outside Vite: the options module stubbed, its own files by URL. */
function standalone(source: string): string {
  return source
    .replace('import opts from "astro:react:opts";', "const opts = {};")
    .replace('from "./context.js"', `from ${JSON.stringify(pathToFileURL(`${dist}context.js`).href)}`)
    .replace(
      'from "./static-html.js"',
      `from ${JSON.stringify(pathToFileURL(`${dist}static-html.js`).href)}`,
    );
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const load = async (name: string, source: string) => {
    writeFileSync(join(dir, name), standalone(source));
    return ((await import(pathToFileURL(join(dir, name)).href)) as { default: Renderer }).default;
  };
  patched = await load("patched.mjs", patchReactRendererSource(original));
  unpatched = await load("original.mjs", original);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What Astro passes as `this`: the page's render result (the island ids count per result). */
const context = () => ({ result: { request: new Request("http://127.0.0.1/") } });

/** A React component that counts its renders. */
function counted(): { component: Component; calls: () => number } {
  let calls = 0;
  const component: Component = (props) => {
    calls++;
    return createElement("p", null, String(props.text));
  };
  return { component, calls: () => calls };
}

describe("@astrojs/react's check: 'whether a function is a React component does not change between renders'", () => {
  it("renders a component to check it the first time only; the renderer as it is renders it every time", async () => {
    const mine = counted();
    expect(await patched.check.call(context(), mine.component, { text: "a" }, {})).toBe(true);
    expect(mine.calls()).toBe(1);
    expect(await patched.check.call(context(), mine.component, { text: "b" }, {})).toBe(true);
    expect(mine.calls()).toBe(1);

    const theirs = counted();
    await unpatched.check.call(context(), theirs.component, { text: "a" }, {});
    await unpatched.check.call(context(), theirs.component, { text: "b" }, {});
    expect(theirs.calls()).toBe(2);
  });

  it("keeps no 'false': a function that returns no React element is checked again, and still refused", async () => {
    let calls = 0;
    const notReact = () => {
      calls++;
      return "text";
    };
    expect(await patched.check.call(context(), notReact, {}, {})).toBe(false);
    expect(await patched.check.call(context(), notReact, {}, {})).toBe(false);
    expect(calls).toBe(2);
  });
});

/** An island with ids, text to escape and a list. */
function Field({ label, items }: { label: string; items: string[] }) {
  const id = useId();
  return createElement(
    "div",
    null,
    createElement("label", { htmlFor: id }, label),
    createElement("input", { id, defaultValue: "<b>&" }),
    createElement(
      "ul",
      null,
      items.map((item) => createElement("li", { key: item }, item)),
    ),
  );
}

describe("@astrojs/react's render: 'a render that does not suspend is made in one pass, with the same HTML'", () => {
  async function both(component: unknown, props: object) {
    const [mine, theirs] = await Promise.all([
      patched.renderToStaticMarkup.call(context(), component, { ...props }, {}),
      unpatched.renderToStaticMarkup.call(context(), component, { ...props }, {}),
    ]);
    return { mine: mine.html, theirs: theirs.html };
  }

  it("gives the stream's HTML for a component with ids (useId, under the island's prefix), text to escape and a list", async () => {
    const { mine, theirs } = await both(Field, { label: 'Say "hi" <now>', items: ["a", "b"] });
    expect(mine).toBe(theirs);
    expect(mine).toContain('id="_r0R_');
  });

  it("gives the stream's HTML for a lazy component not loaded yet: rendered whole, not left to the browser", async () => {
    const make = () => {
      const Loaded = lazy(async () => ({ default: () => createElement("p", null, "loaded on the server") }));
      return () =>
        createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Loaded));
    };
    const mine = (await patched.renderToStaticMarkup.call(context(), make(), {}, {})).html;
    const theirs = (await unpatched.renderToStaticMarkup.call(context(), make(), {}, {})).html;
    expect(mine).toBe(theirs);
    expect(mine).toContain("loaded on the server");
    expect(mine).not.toContain("<!--$!");
  });

  it("throws as the stream does for a component that throws outside any boundary", async () => {
    const broken = () => {
      throw new Error("broken island");
    };
    await expect(patched.renderToStaticMarkup.call(context(), broken, {}, {})).rejects.toThrow(
      "broken island",
    );
    await expect(unpatched.renderToStaticMarkup.call(context(), broken, {}, {})).rejects.toThrow(
      "broken island",
    );
  });
});

describe("@astrojs/react's render: 'an island whose server render is a pure function of its props keeps its HTML'", () => {
  /** A component marked pure (lib/pages/pure-server-render.ts), counting its renders. */
  function pure() {
    const mine = counted();
    (mine.component as unknown as { pureServerRender: boolean }).pureServerRender = true;
    return mine;
  }
  const render = async (component: unknown, props: object, result: object = context()) =>
    (await patched.renderToStaticMarkup.call(result, component, { ...props }, {})).html;

  it("renders once per prefix and props, with the HTML the renderer as it is gives", async () => {
    const strings = Object.freeze({ title: "Your cart" });
    const mine = pure();
    const first = await render(mine.component, { text: "a", strings });
    expect(await render(mine.component, { text: "a", strings })).toBe(first);
    expect(mine.calls()).toBe(1);
    const theirs = await unpatched.renderToStaticMarkup.call(
      context(),
      mine.component,
      { text: "a", strings },
      {},
    );
    expect(first).toBe(theirs.html);

    // Another primitive, another frozen value or another island prefix renders anew.
    expect(await render(mine.component, { text: "b", strings })).toContain(">b<");
    expect(await render(mine.component, { text: "a", strings: Object.freeze({ title: "Basket" }) })).toBe(
      first,
    );
    const result = context();
    await render(mine.component, { text: "x" }, result);
    await render(mine.component, { text: "a", strings }, result);
    // 1 kept render, 1 by the renderer as it is, then 4 new combinations (the last under "r1").
    expect(mine.calls()).toBe(6);
  });

  it("renders every time a component not marked pure, or props with something unfrozen", async () => {
    const plain = counted();
    await render(plain.component, { text: "a" });
    await render(plain.component, { text: "a" });
    expect(plain.calls()).toBe(2);

    const mine = pure();
    const open = { title: "open" };
    await render(mine.component, { text: "a", open });
    open.title = "changed";
    await render(mine.component, { text: "a", open });
    expect(mine.calls()).toBe(2);
  });
});

describe("the patch follows the installed renderer", () => {
  it("fails loudly when the renderer's source no longer has what it rewrites", () => {
    expect(() => patchReactRendererSource("export default {}")).toThrow(/react-renderer-patch\.mjs/);
  });
});
