/**
 * The imports of a source module, read as text (no bundler): used by the unit tests that guard
 * the layers' boundaries and what a page's first module graph holds.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The module specifiers a file imports or re-exports (static and dynamic, types included). */
export function importsOf(source: string): string[] {
  const found = [
    ...source.matchAll(/\b(?:import|export)\b[^"';]*?\bfrom\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
  ];
  return found.map((m) => m[1] ?? "");
}

/**
 * What a browser evaluates when it loads the module: its static imports that carry values (not
 * `import type`, not a dynamic `import()`), and theirs. Relative TypeScript modules are followed;
 * every other specifier (a package, a stylesheet) is listed as written.
 */
export function firstModuleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const source = readFileSync(file, "utf8");
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^"';]*?\bfrom\s*["']([^"']+)["']/gm),
      ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ].map((m) => m[1] ?? "");
    for (const spec of specifiers) visit(spec.startsWith(".") ? resolve(dirname(file), spec) : spec);
  };
  visit(resolve(entry));
  return seen;
}
