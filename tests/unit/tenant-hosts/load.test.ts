/** Tenant host names are "unique across tenants, checked at load" (and valid, or the file is refused). */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenants } from "../../../src/lib/tenant/load.ts";

const harbour = JSON.parse(
  readFileSync(join(process.cwd(), "src/content/tenants/harbour-museum.json"), "utf8"),
) as Record<string, unknown>;

/** A content folder with these tenant files (harbour-museum.json with another slug and hosts). */
function contentWith(tenants: Array<{ slug: string; hosts: unknown }>): string {
  const dir = mkdtempSync(join(tmpdir(), "foyer-hosts-"));
  mkdirSync(join(dir, "tenants"));
  for (const t of tenants) {
    writeFileSync(
      join(dir, "tenants", `${t.slug}.json`),
      JSON.stringify({ ...harbour, slug: t.slug, hosts: t.hosts }),
    );
  }
  return dir;
}

describe("tenant files' host names, checked at load", () => {
  it("a host name listed by two tenants stops the load, naming it", () => {
    const dir = contentWith([
      { slug: "museum-a", hosts: ["tickets.shared.example"] },
      { slug: "museum-b", hosts: ["shop.b.example", "tickets.shared.example"] },
    ]);
    expect(() => loadTenants(dir)).toThrow(/tickets\.shared\.example is listed more than once/);
  });

  it("a host name that is not lower case (or has a port) makes the file invalid", () => {
    expect(() => loadTenants(contentWith([{ slug: "museum-c", hosts: ["Tickets.C.example"] }]))).toThrow(
      /museum-c\.json is invalid at hosts\.0/,
    );
    expect(() => loadTenants(contentWith([{ slug: "museum-d", hosts: ["tickets.d.example:443"] }]))).toThrow(
      /museum-d\.json is invalid at hosts\.0/,
    );
  });
});
