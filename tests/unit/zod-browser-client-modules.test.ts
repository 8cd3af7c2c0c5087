/**
 * Issue 17: the browser's `zod` is the façade in src/lib/zod-browser.ts. This file runs in the
 * unit-browser-zod project (vitest.config.ts), where `zod` resolves to the façade as it does in the
 * client build: every module the islands can load (statically or by a dynamic import) must build
 * its schemas with it. A classic method the façade lacks fails here, when the module loads, and
 * not in a shopper's browser.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";

// Everything the client bundle can reach: the islands and stores are its entry points (plus the
// checkout completion page's script, which imports the cart store), and they import, statically or
// lazily, from the API contract and the domain. src/lib/api/ssr.ts is the server's in-process client.
const clientModules = import.meta.glob([
  "../../src/islands/**/*.{ts,tsx}",
  "../../src/lib/stores/**/*.ts",
  "../../src/lib/api/*.ts",
  "../../src/lib/domain/**/*.ts",
  "!../../src/lib/api/ssr.ts",
]);

describe("the browser's zod", () => {
  it("is what `zod` resolves to in this project", () => {
    const schema: unknown = z.string();
    expect((schema as { _zod: { traits: Set<string> } })._zod.traits.has("FoyerZodString")).toBe(true);
  });

  it.each(Object.keys(clientModules))("builds every schema of %s", async (path) => {
    const load = clientModules[path];
    if (!load) throw new Error(`no loader for ${path}`);
    await expect(load()).resolves.toBeDefined();
  });
});
