/**
 * A page rendered whole is encoded as runs of its chunks rather than as one joined string
 * (src/perf/page-bytes.mjs): the bytes must be exactly the UTF-8 of the joined text. Run against
 * the installed Astro's own render and page modules, patched as the build patches them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { OWN_RUN_CHARS, pageBytesSource, pagePartsSource } from "../../../src/perf/page-bytes.mjs";

const require = createRequire(import.meta.url);
const astroDir = require.resolve("astro/package.json").replace(/package\.json$/, "");
const renderSource = readFileSync(`${astroDir}dist/runtime/server/render/astro/render.js`, "utf8");
const pageSource = readFileSync(`${astroDir}dist/runtime/server/render/page.js`, "utf8");

/** The patched module's FoyerPageParts class, taken out of the patched source and evaluated alone. */
function pageParts(): new (parts: unknown[]) => { encode(): Uint8Array } {
  const patched = pagePartsSource(renderSource);
  const start = patched.indexOf("class FoyerPageParts {");
  return new Function(`${patched.slice(start)}\nreturn FoyerPageParts;`)() as never;
}

const big = (text: string) => text.repeat(Math.ceil(OWN_RUN_CHARS / text.length) + 1);

describe("a page's chunks encoded as runs: 'the bytes are the same'", () => {
  const Parts = pageParts();
  const joined = (parts: unknown[]) => new TextEncoder().encode(parts.map(String).join(""));

  it.each([
    ["small chunks only", ["<!DOCTYPE html>", "<p>", "hi", "</p>"]],
    ["a large one-byte chunk among small ones", ["<main>", big("<li>× ©</li>"), "</main>"]],
    [
      "a two-byte character in a large chunk (the island's strings)",
      ["<a>", big("Applying…"), "<b>", big("x")],
    ],
    ["a two-byte character in a small chunk", ["€", big("a"), "→", "z"]],
    [
      "an emoji's surrogate pair split between a small and a large chunk",
      ["a\ud83c", `\udfab${big("b")}`, "c"],
    ],
    ["a pair split between two large chunks", [`${big("d")}\ud83c`, `\udfab${big("e")}`]],
    ["String objects (Astro's HTMLString)", [new String("<p>"), new String(big("f")), "</p>"]],
    ["nothing", []],
  ])("%s", (_name, parts) => {
    expect(Buffer.from(new Parts(parts).encode()).equals(Buffer.from(joined(parts)))).toBe(true);
  });
});

describe("the patch follows the installed Astro", () => {
  it("rewrites the page render and the page's encoding, and only the page's", () => {
    const render = pagePartsSource(renderSource);
    expect(render).toContain("isPage ? new FoyerPageParts(foyerParts) : foyerParts.join");
    expect(render).not.toContain("str += chunkToString");
    expect(pageBytesSource(pageSource)).toContain("body instanceof FoyerPageParts");
  });

  it("fails loudly when Astro's source no longer has what it rewrites", () => {
    expect(() => pagePartsSource("export {}")).toThrow(/page-bytes\.mjs/);
    expect(() => pageBytesSource("export {}")).toThrow(/page-bytes\.mjs/);
  });
});
