/**
 * Astro serialized every island's props on every render; a value that is
 * frozen all the way down (the tenant's string subsets, the stored catalogue answers) is now
 * serialized once (src/perf/props-serialization-memo.mjs). Run against the installed Astro's own
 * serialize module, patched as the build patches it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  escapedPropsFromMemoSource,
  memoizePropsSerializationSource,
} from "../../../src/perf/props-serialization-memo.mjs";

type SerializeProps = (props: Record<string, unknown>, metadata: Record<string, unknown>) => string;
type SerializeEscaped = (
  props: Record<string, unknown>,
  metadata: Record<string, unknown>,
  escapeText: (text: string) => string,
) => string;

const require = createRequire(import.meta.url);
const astroDir = require.resolve("astro/package.json").replace(/package\.json$/, "");
const original = readFileSync(`${astroDir}dist/runtime/server/serialize.js`, "utf8");
const hydration = readFileSync(`${astroDir}dist/runtime/server/hydration.js`, "utf8");
let dir: string;
let patched: SerializeProps;
let patchedEscaped: SerializeEscaped;
let unpatched: SerializeProps;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "foyer-serialize-"));
  const load = async (name: string, source: string) => {
    writeFileSync(join(dir, name), source);
    return (await import(pathToFileURL(join(dir, name)).href)) as {
      serializeProps: SerializeProps;
      foyerSerializePropsEscaped: SerializeEscaped;
    };
  };
  const memo = await load("patched.mjs", memoizePropsSerializationSource(original));
  patched = memo.serializeProps;
  patchedEscaped = memo.foyerSerializePropsEscaped;
  unpatched = (await load("original.mjs", original)).serializeProps;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A frozen object whose one property counts how often it is read. */
function counted(value: unknown, inner: Record<string, unknown> = {}) {
  let reads = 0;
  const object = { ...inner };
  Object.defineProperty(object, "counted", {
    enumerable: true,
    get() {
      reads++;
      return value;
    },
  });
  return { object: Object.freeze(object), reads: () => reads };
}

describe("island props: a deeply frozen plain value is serialized once", () => {
  it("gives exactly what Astro gives, for frozen, unfrozen and special values", () => {
    const strings = Object.freeze({ "cart.title": "Your cart", "cart.empty": "Your cart is empty." });
    const answer = Object.freeze({
      rows: Object.freeze([Object.freeze({ id: "e1", price: "12.00", n: 2 })]),
    });
    const props = {
      strings,
      answer,
      plain: { when: new Date("2026-11-28T10:00:00Z"), tags: new Set(["a"]), nothing: undefined },
      big: Number.POSITIVE_INFINITY,
    };
    for (let i = 0; i < 3; i++) expect(patched(props, {})).toBe(unpatched(props, {}));
  });

  it("a deeply frozen object is walked once, then its serialized form is reused", () => {
    const { object, reads } = counted("Your cart", { other: Object.freeze({ a: "b" }) });
    const first = patched({ strings: object }, {});
    const afterFirst = reads();
    expect(patched({ strings: object }, {})).toBe(first);
    expect(patched({ strings: object, more: 1 }, {})).toContain("Your cart");
    expect(reads()).toBe(afterFirst);
  });

  it("a frozen object that holds something a freeze leaves mutable (a Date, a plain unfrozen object) is serialized anew each time", () => {
    const withDate = counted("x", { when: new Date(0) });
    patched({ p: withDate.object }, {});
    const once = withDate.reads();
    patched({ p: withDate.object }, {});
    expect(withDate.reads()).toBeGreaterThan(once);

    const inner = { price: "12.00" };
    const shallow = Object.freeze({ inner });
    expect(patched({ shallow }, {})).toContain("12.00");
    inner.price = "15.00";
    expect(patched({ shallow }, {})).toContain("15.00");
  });

  it("an unfrozen object is serialized anew each time", () => {
    const props = { strings: { "cart.title": "Your cart" } };
    expect(patched(props, {})).toContain("Your cart");
    props.strings["cart.title"] = "Basket";
    expect(patched(props, {})).toContain("Basket");
  });

  it("the installed Astro still has the function the memo wraps (else the build fails)", () => {
    const memoized = memoizePropsSerializationSource(original);
    expect(memoized).toContain("foyerSerialized");
    expect(memoized.match(/function serializeObject\(/g)).toHaveLength(1);
    expect(memoized.match(/function serializeProps\(/g)).toHaveLength(1);
    expect(() => memoizePropsSerializationSource("export {}")).toThrow(/update the memo/);
    const hydrated = escapedPropsFromMemoSource(hydration);
    expect(hydrated).toContain("foyerSerializePropsEscaped(props, metadata, escapeHTML)");
    expect(hydrated).not.toContain("escapeHTML(serializeProps(");
    expect(() => escapedPropsFromMemoSource("export {}")).toThrow(/update the memo/);
  });
});

describe("island props: the whole props string is kept for primitives and known frozen values", () => {
  const escapeAttr = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

  it("gives exactly what Astro gives, kept or not, escaped or not", () => {
    const strings = Object.freeze({ "cart.title": 'Your "cart" & more', n: 2 });
    const cases: Record<string, unknown>[] = [
      { seller: "s", strings, upsell: true, none: undefined, nil: null, n: 1.5 },
      { seller: "s", strings, upsell: false, none: undefined, nil: null, n: 1.5 },
      { seller: "t", strings, inf: Number.POSITIVE_INFINITY, nan: Number.NaN, zero: -0 },
      { strings, list: Object.freeze(["a", "b"]), when: new Date(0) },
      { strings: { "cart.title": "unfrozen" }, count: 3 },
    ];
    for (let round = 0; round < 3; round++) {
      for (const props of cases) {
        expect(patched(props, {})).toBe(unpatched(props, {}));
        expect(patchedEscaped(props, {}, escapeAttr)).toBe(escapeAttr(unpatched(props, {})));
      }
    }
  });

  it("a second render with the same primitives and frozen values reuses the kept escaped string", () => {
    const strings = Object.freeze({ title: "Your cart" });
    let escapes = 0;
    const counting = (text: string) => {
      escapes++;
      return escapeAttr(text);
    };
    // The first render proves the value deeply frozen; the second keeps its props string.
    patchedEscaped({ strings, seller: "s" }, {}, counting);
    patchedEscaped({ strings, seller: "s" }, {}, counting);
    const kept = escapes;
    expect(patchedEscaped({ strings, seller: "s" }, {}, counting)).toContain("Your cart");
    expect(escapes).toBe(kept);
    // Another primitive is another entry: escaped anew.
    patchedEscaped({ strings, seller: "t" }, {}, counting);
    expect(escapes).toBe(kept + 1);
    // An unfrozen value is never kept.
    const open = { title: "Open" };
    patchedEscaped({ strings: open }, {}, counting);
    patchedEscaped({ strings: open }, {}, counting);
    expect(escapes).toBe(kept + 3);
  });

  it("another primitive or another frozen value is another entry, never the kept one", () => {
    const a = Object.freeze({ title: "A" });
    const b = Object.freeze({ title: "B" });
    for (const props of [
      { s: a, x: 1 },
      { s: a, x: 2 },
      { s: b, x: 1 },
      { s: a, x: "1" },
    ]) {
      patched(props, {});
      expect(patched(props, {})).toBe(unpatched(props, {}));
    }
  });
});
