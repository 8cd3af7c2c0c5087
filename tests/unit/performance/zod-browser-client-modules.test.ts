/**
 * The browser's `zod` is the façade in src/perf/zod-browser.ts. This file runs in the
 * unit-browser-zod project (vitest.config.ts), where `zod` resolves to the façade as it does in the
 * client build: every module the islands can load (statically or by a dynamic import) must build
 * its schemas with it. A classic method the façade lacks fails here, when the module's schemas are
 * built (the façade builds a schema on first use; this test builds every exported one), and not
 * in a shopper's browser.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildNow } from "../../../src/perf/zod-browser.ts";

// Everything the client bundle can reach: the islands and stores are its entry points (plus the
// checkout completion page's script, which imports the cart store), and they import, statically or
// lazily, from the API contract and the domain.
const clientModules = import.meta.glob([
  "../../../src/islands/**/*.{ts,tsx}",
  "../../../src/lib/stores/**/*.ts",
  "../../../src/lib/api/**/*.ts",
  "../../../src/lib/domain/**/*.ts",
]);

/** A façade schema (built or not): it has zod's internals. */
function isSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && "_zod" in value;
}

describe("the browser's zod", () => {
  it("is what `zod` resolves to in this project", () => {
    const schema: unknown = z.string();
    expect((schema as { _zod: { traits: Set<string> } })._zod.traits.has("FoyerZodString")).toBe(true);
  });

  it.each(Object.keys(clientModules))("builds every schema of %s", async (path) => {
    const load = clientModules[path];
    if (!load) throw new Error(`no loader for ${path}`);
    const exports = (await load()) as Record<string, unknown>;
    expect(exports).toBeDefined();
    for (const value of Object.values(exports)) {
      if (isSchema(value)) expect(() => buildNow(value)).not.toThrow();
    }
  });

  it("builds a deferred schema when it is used, and a refused method fails then", () => {
    const refused = (z.number() as unknown as { trim(): unknown }).trim();
    expect(() => buildNow(refused)).toThrow(/trim\(\) on a number schema is not supported/);
    expect(z.object({ n: z.number().int() }).safeParse({ n: 1.5 }).success).toBe(false);
  });

  it("a recursive shape written with a getter still parses nested input", () => {
    const node = z.object({
      name: z.string(),
      get children() {
        return z.array(node).optional();
      },
    });
    expect(node.safeParse({ name: "a", children: [{ name: "b" }] }).success).toBe(true);
    expect(node.safeParse({ name: "a", children: [{ name: 1 }] }).success).toBe(false);
  });
});
