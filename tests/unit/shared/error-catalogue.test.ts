/**
 * The error catalogue (src/lib/server/errors/catalogue.ts) is the one table of the API's errors:
 * every code thrown anywhere in the server is a row of it, no row is there twice, and every row answers
 * with an HTTP error status. The throw sites are read as text, so a code named in a string the
 * type checker does not see (a cast, a JavaScript module) is caught too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, wireCode } from "../../../src/lib/server/errors/catalogue.ts";

/** Where the API's errors are thrown (the islands have a `fail` of their own). */
const SRC = "src/lib/server";
const CATALOGUE_FILE = "src/lib/server/errors/catalogue.ts";

/** The functions whose first argument is a catalogue row (errors/api-error.ts and the per-capability helpers). */
const THROWERS = [
  "fail",
  "providerError",
  "reserveError",
  "codeError",
  "noValidTickets",
  "new ApiError",
  "super",
];
const THROW_SITE = new RegExp(`(?:^|[^\\w.])(${THROWERS.join("|")})\\(\\s*"([^"]+)"`, "g");

function sources(): Map<string, string> {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) =>
    /\.(ts|tsx|mjs|astro)$/.test(f),
  );
  return new Map(files.map((f) => [join(SRC, f), readFileSync(join(SRC, f), "utf8")]));
}

/** `file: code` for every code a throw site names that the table does not hold. */
function unknownCodes(files: Map<string, string>, table: Readonly<Record<string, unknown>>): string[] {
  const unknown: string[] = [];
  for (const [file, text] of files) {
    for (const match of text.matchAll(THROW_SITE)) {
      const code = match[2] ?? "";
      if (!Object.hasOwn(table, code)) unknown.push(`${file}: ${code}`);
    }
  }
  return unknown;
}

/** The rows written in the catalogue's source (a key written twice would silently keep the last). */
function rowKeys(catalogueSource: string): string[] {
  const body = catalogueSource.slice(catalogueSource.indexOf("export const ERROR_CATALOGUE"));
  return [...body.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1] ?? "");
}

function duplicates(keys: readonly string[]): string[] {
  return keys.filter((key, i) => keys.indexOf(key) !== i);
}

describe("the error catalogue", () => {
  const all = sources();

  it("reads the throw sites of the server", () => {
    const sites = [...all.values()].flatMap((text) => [...text.matchAll(THROW_SITE)]);
    expect(sites.length).toBeGreaterThan(80);
  });

  it("holds every code thrown anywhere in the server", () => {
    expect(unknownCodes(all, ERROR_CATALOGUE)).toEqual([]);
  });

  it("reports a code that is not in the table", () => {
    const fabricated = new Map([
      ["src/lib/server/services/x.ts", 'throw fail("no_such_code", { extra: {} });'],
    ]);
    expect(unknownCodes(fabricated, ERROR_CATALOGUE)).toEqual(["src/lib/server/services/x.ts: no_such_code"]);
    expect(unknownCodes(fabricated, { no_such_code: {} })).toEqual([]);
  });

  it("no error is built with a status and a code of its own, outside the table", () => {
    const adHoc = [...all].filter(([, text]) => /new ApiError\(\s*\d/.test(text)).map(([file]) => file);
    expect(adHoc).toEqual([]);
  });

  it("has no row twice, and no two rows that send the same answer", () => {
    const keys = rowKeys(readFileSync(CATALOGUE_FILE, "utf8"));
    expect(keys.length).toBe(Object.keys(ERROR_CATALOGUE).length);
    expect(duplicates(keys)).toEqual([]);
    const answers = Object.entries(ERROR_CATALOGUE).map(
      ([code, row]) => `${wireCode(code as keyof typeof ERROR_CATALOGUE)} ${row.status} ${row.context}`,
    );
    expect(duplicates(answers)).toEqual([]);
  });

  it("the duplicate check sees a row written twice", () => {
    const source =
      "export const ERROR_CATALOGUE = {\n  a: { status: 400 },\n  b: { status: 400 },\n  a: { status: 404 },\n}";
    expect(duplicates(rowKeys(source))).toEqual(["a"]);
  });

  it("answers every row with an HTTP error status and a text", () => {
    const bad = Object.entries(ERROR_CATALOGUE)
      .filter(([, row]) => !Number.isInteger(row.status) || row.status < 400 || row.status > 599 || !row.text)
      .map(([code]) => code);
    expect(bad).toEqual([]);
  });
});
