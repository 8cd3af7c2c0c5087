/**
 * "Images: a venue puts its pictures beside its files, and the image endpoint serves them": a
 * picture a file names must be there (the card's <name>.jpg and the page band's <name>-cover.jpg),
 * in the images folder or beside the catalogue files, or the check says which one is missing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

const withPicture = EVENTS_YAML.replace(
  "    reserve_flow: date_first\n",
  "    reserve_flow: date_first\n    image: { name: hall, alt: The great hall }\n",
);

function check(pictures: { beside?: string[]; images?: string[] }) {
  const content = contentFolder("USD", { "events.yaml": withPicture, "schedules.yaml": SCHEDULES_YAML });
  const imagesDir = mkdtempSync(join(tmpdir(), "foyer-catalogue-images-"));
  mkdirSync(join(imagesDir, "test-venue"));
  for (const file of pictures.images ?? []) writeFileSync(join(imagesDir, "test-venue", file), "jpg");
  mkdirSync(join(content, "catalogue", "test-venue", "images"));
  for (const file of pictures.beside ?? [])
    writeFileSync(join(content, "catalogue", "test-venue", "images", file), "jpg");
  return checkTenant(content, "test-venue", imagesDir).problems.map(formatProblem);
}

describe("the pictures a catalogue names", () => {
  it("are found beside the catalogue files", () => {
    expect(check({ beside: ["hall.jpg", "hall-cover.jpg"] })).toEqual([]);
  });

  it("are found in the images folder, like the demo's", () => {
    expect(check({ images: ["hall.jpg", "hall-cover.jpg"] })).toEqual([]);
  });

  it("a missing one is named, with the two places it may be", () => {
    expect(check({ beside: ["hall.jpg"] })).toEqual([
      "test-venue/events.yaml line 11, events[0].image.name: There is no picture hall-cover.jpg in public/images/test-venue/ or catalogue/test-venue/images/: add it, or correct the name.",
    ]);
  });
});
