/** A throw-away content folder with a tenant file and catalogue files, for the check's tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function contentFolder(
  currency: string,
  files: Record<string, string>,
  slug = "test-venue",
  /** More of the tenant file, such as its `languages`. */
  tenant: Record<string, unknown> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), "foyer-catalogue-"));
  mkdirSync(join(dir, "tenants"));
  writeFileSync(
    join(dir, "tenants", `${slug}.json`),
    JSON.stringify({ ...tenant, portal: { default_currency_code: currency } }),
  );
  mkdirSync(join(dir, "catalogue", slug), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "catalogue", slug, name), text);
  return dir;
}

/** A small valid catalogue: one venue, one event with one group of two types, one schedule. */
export const EVENTS_YAML = `# yaml-language-server: $schema=../catalogue.schema.json
venues:
  - id: tv-venue
    name: Test Venue
events:
  - id: tv-admission
    name: Admission
    category: Admission
    type: repeating
    reserve_flow: date_first
    groups:
      - id: tv-general
        name: General
        kind: tickets
        types:
          - id: tv-adult
            name: Adult
            price: 25.00
            tiers: { saturday: 27.50 }
          - id: tv-child
            name: Child
            price: 12.00
`;

export const SCHEDULES_YAML = `schedules:
  - event: tv-admission
    capacity: 50
    duration: 30
    hours: { first: "10:00", last: "16:00", every: 30 }
    weekday_tiers: { sat: saturday }
`;
