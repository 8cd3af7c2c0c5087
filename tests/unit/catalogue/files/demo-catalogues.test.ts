/**
 * The demo tenants' catalogue files pass the check, start with the editor's schema line, and the
 * committed JSON Schema is the one the zod schema generates.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { catalogueJsonSchema } from "../../../../src/lib/catalogue/json-schema.ts";
import { loadTenantFiles } from "../../../../src/lib/catalogue/load.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";

const content = join(process.cwd(), "src", "content");

describe("demo catalogues", () => {
  for (const slug of ["harbour-museum", "riverside-zoo", "sidra-science"]) {
    it(`${slug} passes the check`, () => {
      const result = checkTenant(content, slug);
      expect(result.problems.map(formatProblem)).toEqual([]);
      expect(result.summary.events).toBeGreaterThan(0);
    });

    it(`${slug}'s files name the editor's schema`, () => {
      // Only the catalogue files: a tenant's pictures may sit beside them in images/.
      const files = readdirSync(join(content, "catalogue", slug)).filter((f) => /\.(ya?ml|json)$/.test(f));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        expect(readFileSync(join(content, "catalogue", slug, f), "utf8")).toMatch(
          /^# yaml-language-server: \$schema=\.\.\/catalogue\.schema\.json\n/,
        );
      }
    });
  }

  it("the Harbour Museum concert has 160 seats, 4 never sold, one place per sellable seat", () => {
    const text = readFileSync(join(content, "catalogue", "harbour-museum", "seat-maps.yaml"), "utf8");
    expect(text.match(/seats: 16,/g)).toHaveLength(10);
    expect(readFileSync(join(content, "catalogue", "harbour-museum", "schedules.yaml"), "utf8")).toContain(
      "capacity: 156",
    );
  });

  it("Sidra Science Centre's pictures have the demo pictures' sizes and stay small", async () => {
    const dir = join(content, "catalogue", "sidra-science", "images");
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const { width, height, format } = await sharp(join(dir, f)).metadata();
      expect([f, format, width, height]).toEqual(
        f.endsWith("-cover.jpg") ? [f, "jpeg", 1500, 900] : [f, "jpeg", 544, 432],
      );
      expect(statSync(join(dir, f)).size).toBeLessThan(60 * 1024);
    }
  });

  it("the files list the events in the shop's order (file names sorted, then top to bottom)", () => {
    const order = (slug: string) =>
      loadTenantFiles(content, slug).files.flatMap((f) => f.data?.events?.map((e) => e.id) ?? []);
    expect(order("harbour-museum")).toEqual([
      "hm-general-admission",
      "hm-special-exhibition",
      "hm-evening-concert",
      "hm-flex-pass",
      "hm-donation",
      "hm-gift-card",
      "hm-membership",
      "hm-members-preview",
      "hm-hidden-event",
    ]);
    expect(order("riverside-zoo")).toEqual([
      "rz-day-admission",
      "rz-keeper-talk",
      "rz-keeper-day",
      "rz-membership",
      "rz-gift-card",
      "rz-donation",
    ]);
    expect(order("sidra-science")).toEqual([
      "ss-entry",
      "ss-show-planets",
      "ss-show-stars",
      "ss-show-black-holes",
      "ss-annual-pass",
      "ss-gift-card",
      "ss-donation",
    ]);
  });

  it("catalogue.schema.json is up to date (npm run catalogue -- schema)", () => {
    // Compared as data: the committed file is in the formatter's layout.
    const committed: unknown = JSON.parse(
      readFileSync(join(content, "catalogue", "catalogue.schema.json"), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(catalogueJsonSchema()));
  });
});
