/**
 * The fence around the performance layer (src/perf): the packages whose internals it relies on are
 * pinned to exact versions, its README names each of them at that version and has an entry for
 * every file, and a patch whose target is gone fails the build rather than quietly not applying.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { astroSourcePatch } from "../../../src/perf/astro-source-patch.mjs";
import { zodInTheBrowser } from "../../../src/perf/zod-browser-plugin.mjs";

/** Patched, or relied on for their internals, by src/perf (its README says which file and how). */
const RELIED_ON = ["astro", "@astrojs/react", "@astrojs/node", "react", "react-dom", "zod"] as const;

const PERF_DIR = new URL("../../../src/perf/", import.meta.url);
const readme = readFileSync(new URL("README.md", PERF_DIR), "utf8");
const packageJson = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const specs: Record<string, string> = { ...packageJson.dependencies, ...packageJson.devDependencies };
const EXACT_VERSION = /^\d+\.\d+\.\d+$/;

/** The README's `### ` entries: heading line and body, up to the next heading. */
function readmeEntries(): Array<{ heading: string; body: string }> {
  return readme
    .split(/^(?=#{2,3} )/m)
    .filter((part) => part.startsWith("### "))
    .map((part) => {
      const [heading = "", ...body] = part.split("\n");
      return { heading, body: body.join("\n") };
    });
}

describe("the packages the performance layer relies on are pinned exactly", () => {
  it.each(RELIED_ON)("%s is a dependency at an exact version, the one installed", (name) => {
    const spec = specs[name];
    expect(spec, `${name} in package.json`).toMatch(EXACT_VERSION);
    const installed = JSON.parse(
      readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), "utf8"),
    ) as { version: string };
    expect(installed.version, `node_modules/${name} (npm install after changing the pin)`).toBe(spec);
  });

  it("the README names each of them at its pinned version, and names no other version", () => {
    const named = [...readme.matchAll(/`((?:@[a-z0-9-]+\/)?[a-z0-9.-]+)@(\d+\.\d+\.\d+)`/g)].map(
      ([, name = "", version = ""]) => ({ name, version }),
    );
    for (const name of RELIED_ON) expect(named.map((n) => n.name)).toContain(name);
    for (const { name, version } of named) {
      expect(RELIED_ON as readonly string[], `${name} is named in src/perf/README.md`).toContain(name);
      expect(`${name}@${version}`).toBe(`${name}@${specs[name]}`);
    }
  });
});

describe("src/perf/README.md has an entry for each piece", () => {
  const files = readdirSync(PERF_DIR).filter((file) => file !== "README.md");

  it.each(files)("%s has an entry that says what, why, what it relies on and how to check it", (file) => {
    const entry = readmeEntries().find(({ heading }) => heading.includes(`\`${file}\``));
    expect(entry, `a "### \`${file}\`" heading in src/perf/README.md`).toBeDefined();
    for (const part of ["**What:**", "**Why:**", "**Relies on:**", "**Check after an upgrade:**"]) {
      expect(entry?.body, `${file}: ${part}`).toContain(part);
    }
  });

  it("every entry names files that exist here", () => {
    for (const { heading } of readmeEntries()) {
      for (const [, named = ""] of heading.matchAll(/`([^`]+)`/g)) expect(files).toContain(named);
    }
  });
});

/** Calls one hook of a plugin with a stand-in for Vite's plugin context; returns the errors it raised. */
function runHook(
  plugin: Plugin,
  hook: "resolveId" | "transform" | "buildEnd",
  environment: { name: string; config: { consumer: "client" | "server"; command: "build" | "serve" } },
  ...args: unknown[]
): { result: unknown; errors: string[] } {
  const errors: string[] = [];
  const context = {
    environment,
    error(message: string): never {
      errors.push(message);
      throw new Error(message);
    },
  };
  const handler = plugin[hook] as unknown as (...hookArgs: unknown[]) => unknown;
  try {
    return { result: handler.call(context, ...args), errors };
  } catch (error) {
    if (errors.length === 0) throw error;
    return { result: undefined, errors };
  }
}

const SSR = { name: "ssr", config: { consumer: "server", command: "build" } } as const;
const CLIENT = { name: "client", config: { consumer: "client", command: "build" } } as const;

describe("a build-time patch fails the build when its target is gone", () => {
  const patchPlugin = () =>
    astroSourcePatch({
      name: "test-patch",
      module: /[\\/]pkg[\\/]target\.js$/,
      modulePath: "pkg/target.js",
      patch: (code: string) => {
        if (!code.includes("function target(")) throw new Error("test-patch: target() is gone");
        return code.replace("function target(", "function patched(");
      },
    });

  it("rewrites the target module, and the server build ends without error", () => {
    const plugin = patchPlugin();
    const { result } = runHook(plugin, "transform", SSR, "function target() {}", "/x/pkg/target.js");
    expect(result).toEqual({ code: "function patched() {}", map: null });
    expect(runHook(plugin, "buildEnd", SSR).errors).toEqual([]);
  });

  it("throws when the module no longer has what the patch rewrites", () => {
    expect(() => runHook(patchPlugin(), "transform", SSR, "function other() {}", "/x/pkg/target.js")).toThrow(
      /target\(\) is gone/,
    );
  });

  it("fails the server build when the module was never loaded (it moved, or was renamed)", () => {
    const plugin = patchPlugin();
    runHook(plugin, "transform", SSR, "function target() {}", "/x/pkg/elsewhere.js");
    expect(runHook(plugin, "buildEnd", SSR).errors).toEqual([
      "test-patch: the server build never loaded pkg/target.js; see src/perf/README.md",
    ]);
    // The client build never loads the server runtime: nothing to say there.
    expect(runHook(patchPlugin(), "buildEnd", CLIENT).errors).toEqual([]);
  });
});

describe("the browser's zod fails the client build when a redirect never happened", () => {
  const ZOD_CORE = "/x/node_modules/zod/v4/core/index.js";

  it("redirects the client's `zod` and zod's locales, and the client build ends without error", () => {
    const plugin = zodInTheBrowser();
    expect(runHook(plugin, "resolveId", CLIENT, "zod", "/x/client/Form.tsx").result).toMatch(
      /src[\\/]perf[\\/]zod-browser\.ts$/,
    );
    expect(runHook(plugin, "resolveId", CLIENT, "../locales/index.js", ZOD_CORE).result).toMatch(
      /src[\\/]perf[\\/]zod-locales-browser\.ts$/,
    );
    expect(runHook(plugin, "buildEnd", CLIENT).errors).toEqual([]);
  });

  it("leaves the server's zod alone", () => {
    const plugin = zodInTheBrowser();
    expect(runHook(plugin, "resolveId", SSR, "zod", "/x/server/schemas.ts").result).toBeNull();
    expect(runHook(plugin, "buildEnd", SSR).errors).toEqual([]);
  });

  it("fails when zod's locales were never imported where the plugin looks for them (a zod that moved them)", () => {
    const plugin = zodInTheBrowser();
    runHook(plugin, "resolveId", CLIENT, "zod", "/x/client/Form.tsx");
    runHook(plugin, "resolveId", CLIENT, "../locales/all.js", ZOD_CORE);
    const { errors } = runHook(plugin, "buildEnd", CLIENT);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/never redirected zod's `..\/locales\/index.js`/);
  });

  it("fails when no client module's `zod` was redirected", () => {
    const { errors } = runHook(zodInTheBrowser(), "buildEnd", CLIENT);
    expect(errors[0]).toMatch(/never redirected client modules' `zod` imports/);
  });
});
