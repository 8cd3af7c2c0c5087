/**
 * A tenant's catalogue: the sections of all its files joined, in file-name order and then top to
 * bottom (the order the shop lists events, groups and types in).
 */
import type { LoadedFile } from "./load.ts";
import type { CatalogueFile } from "./schema/catalogue-file.ts";
import type { CatalogueSettings } from "./schema/settings.ts";

type ListSection = Exclude<keyof CatalogueFile, "$schema" | "settings">;

export type TenantCatalogue = { [K in ListSection]: NonNullable<CatalogueFile[K]> } & {
  settings: CatalogueSettings;
};

const LISTS: readonly ListSection[] = [
  "venues",
  "events",
  "schedules",
  "seat_maps",
  "codes",
  "gift_cards",
  "memberships",
  "message_rules",
];

/** Joins checked files; a file that did not read well (data null) adds nothing. */
export function joinCatalogue(files: readonly LoadedFile[]): TenantCatalogue {
  const data = files.map((f) => f.data).filter((d): d is CatalogueFile => d !== null);
  const joined = Object.fromEntries(
    LISTS.map((section) => [section, data.flatMap((d) => (d[section] ?? []) as unknown[])]),
  ) as Omit<TenantCatalogue, "settings">;
  const settings = data.find((d) => d.settings)?.settings ?? {};
  return { ...joined, settings };
}
