/**
 * The domain's boundary (the developers' guide: "pure domain logic in src/lib/domain ... The domain
 * imports neither the server nor the API client: it declares the small types it needs"). Every
 * module under src/lib/domain is read as text and its imports are checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../../helpers/module-imports.ts";

const DOMAIN = "src/lib/domain";
const modules = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

describe("the domain imports neither the server, the API layer, the stores nor the islands", () => {
  it("reads every domain module", () => {
    expect(modules.length).toBeGreaterThan(50);
  });

  it("no domain module imports src/lib/api, src/lib/server, src/lib/stores or src/islands", () => {
    const offenders = modules.flatMap((file) =>
      importsOf(readFileSync(join(DOMAIN, file), "utf8"))
        .filter((spec) => /(^|\/)(api|server|stores|islands)\//.test(spec.replace(/^(\.\.\/)+/, "/")))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the check sees an API import where there is one", () => {
    expect(importsOf('import type { CartEnvelope } from "../api/cart-schemas.ts";')).toEqual([
      "../api/cart-schemas.ts",
    ]);
  });
});
