// Astro's CSP digests, computed once per text rather than on every request.
//
// With `security.csp` on, Astro hashes every inline style and script of a page for its
// Content-Security-Policy header, and it does so on every request (`createResult` calls
// `generateCspDigest`, a WebCrypto SHA-256 of each text). The texts are the build's own: the same
// few stylesheets and scripts, page after page. Profiled under load with the page cache off, those
// hashes were about a third of a millisecond of every page (most of the smallest page's cost after
// the request pipeline itself). The digest of a text never changes, so this Vite plugin wraps
// Astro's function in a bounded memo at build time. It fails the build when Astro's source no
// longer has the function it wraps, so an Astro upgrade cannot drop the memo without anyone noticing.

import { astroSourcePatch } from "./astro-source-patch.mjs";

/** The module of Astro that defines `generateCspDigest`. */
const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const SIGNATURE = "async function generateCspDigest(data, algorithm) {";
/** Texts remembered at most: a build has a few dozen; a per-request text (a server island's) must not grow it forever. */
export const CSP_DIGEST_MEMO_LIMIT = 512;

/**
 * Astro's encryption module with `generateCspDigest` memoized by algorithm and text.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizeCspDigestSource(code) {
  if (!code.includes(SIGNATURE)) {
    throw new Error(
      "src/perf/csp-digest-memo.mjs: astro/dist/core/encryption.js no longer defines " +
        `\`${SIGNATURE}\`; update the memo for this Astro version.`,
    );
  }
  // Keyed by the text itself, under its algorithm: the texts are the build's same string objects,
  // whose hash V8 computes once. A key joined per call ("algorithm\ntext") was a new string to
  // flatten and hash on every request: about 8 µs of an uncached listing, for its inlined CSS.
  const memoized = [
    "const foyerCspDigestMemo = new Map();",
    SIGNATURE,
    "  let texts = foyerCspDigestMemo.get(algorithm);",
    "  if (texts === undefined) {",
    "    texts = new Map();",
    "    foyerCspDigestMemo.set(algorithm, texts);",
    "  }",
    "  const known = texts.get(data);",
    "  if (known !== undefined) return known;",
    "  const digest = await generateCspDigestOfText(data, algorithm);",
    `  if (texts.size >= ${CSP_DIGEST_MEMO_LIMIT}) texts.clear();`,
    "  texts.set(data, digest);",
    "  return digest;",
    "}",
    "async function generateCspDigestOfText(data, algorithm) {",
  ].join("\n");
  return code.replace(SIGNATURE, memoized);
}

/** @returns {import("vite").Plugin} */
export function memoizeCspDigests() {
  return astroSourcePatch({
    name: "foyer-memoize-csp-digests",
    module: ENCRYPTION_MODULE,
    modulePath: "astro/dist/core/encryption.js",
    patch: memoizeCspDigestSource,
  });
}
