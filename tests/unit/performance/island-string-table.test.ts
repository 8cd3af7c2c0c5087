/**
 * The JS budgets (listing ≤ 90 KB, detail ≤ 130 KB of gzip JS): the islands get their
 * strings resolved on the server, and run only tenant/string-format.ts. A value import of
 * tenant/strings.ts from an island module ships the whole default table (about 4 KB of gzip) to
 * every page, because the bundler keeps the table's object spreads. Type imports cost nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ISLANDS = "src/islands";
const modules = readdirSync(ISLANDS, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));

/** The import statements of a source that load a value from a tenant string table module. */
function tableValueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s*["']([^"']*\/tenant\/strings[^"']*)["']/gms)]
    .filter((m) => !m[1])
    .map((m) => m[2] ?? "");
}

describe("the islands never ship the tenant string table", () => {
  it("reads every island module", () => {
    expect(modules.length).toBeGreaterThan(100);
  });

  it("island modules import tenant/strings*.ts as types only ('so the islands never ship the whole string table')", () => {
    const offenders = modules.flatMap((file) =>
      tableValueImports(readFileSync(join(ISLANDS, file), "utf8")).map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the check tells a value import from a type import", () => {
    expect(tableValueImports('import { format } from "../../lib/tenant/strings.ts";')).toEqual([
      "../../lib/tenant/strings.ts",
    ]);
    expect(tableValueImports('import type { defaultStrings } from "../../lib/tenant/strings.ts";')).toEqual(
      [],
    );
    expect(tableValueImports('import { format } from "../../lib/tenant/string-format.ts";')).toEqual([]);
  });
});
