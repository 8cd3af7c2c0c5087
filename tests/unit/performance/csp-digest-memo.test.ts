import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CSP_DIGEST_MEMO_LIMIT, memoizeCspDigestSource } from "../../../src/perf/csp-digest-memo.mjs";

/** A stand-in module with Astro's signature that counts the digests it really computes. */
function countingModule() {
  const source = memoizeCspDigestSource(
    [
      "let computed = 0;",
      "async function generateCspDigest(data, algorithm) {",
      "  computed++;",
      '  return algorithm + "-" + data;',
      "}",
      "return { generateCspDigest, computed: () => computed };",
    ].join("\n"),
  );
  return new Function(source)() as {
    generateCspDigest: (data: string, algorithm: string) => Promise<string>;
    computed: () => number;
  };
}

describe("CSP digests ('Faster pages': Astro hashed every inline script and style on every request)", () => {
  it("the same text and algorithm give the same digest, computed once", async () => {
    const mod = countingModule();
    const first = await mod.generateCspDigest("body{}", "SHA-256");
    expect(await mod.generateCspDigest("body{}", "SHA-256")).toBe(first);
    expect(mod.computed()).toBe(1);
    expect(await mod.generateCspDigest("body{}", "SHA-512")).not.toBe(first);
    expect(await mod.generateCspDigest("main{}", "SHA-256")).not.toBe(first);
    expect(mod.computed()).toBe(3);
  });

  it("the memo is bounded: past its limit it starts again rather than grow", async () => {
    const mod = countingModule();
    for (let i = 0; i <= CSP_DIGEST_MEMO_LIMIT; i++) await mod.generateCspDigest(`s${i}`, "SHA-256");
    const before = mod.computed();
    await mod.generateCspDigest("s0", "SHA-256");
    expect(mod.computed()).toBe(before + 1);
  });

  it("the installed Astro still has the function the memo wraps (else the build fails)", () => {
    const require = createRequire(import.meta.url);
    const astroDir = require.resolve("astro/package.json").replace(/package\.json$/, "");
    const source = readFileSync(`${astroDir}dist/core/encryption.js`, "utf8");
    const memoized = memoizeCspDigestSource(source);
    expect(memoized).toContain("foyerCspDigestMemo");
    expect(memoized.match(/async function generateCspDigest\(/g)).toHaveLength(1);
    expect(() => memoizeCspDigestSource("export {}")).toThrow(/update the memo/);
  });
});
