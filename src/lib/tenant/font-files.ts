/**
 * The built URLs of the registry's woff2 files (fonts.ts): Vite's `?url` imports make each a hashed
 * asset under /_astro, served immutable. Only the latin subset, one variable file per family.
 * Imported by the page shell (Base.astro) only: the files exist in a Vite build, not under plain Node.
 */
import fraunces from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import fredoka from "@fontsource-variable/fredoka/files/fredoka-latin-wght-normal.woff2?url";
import nunito from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import sourceSans3 from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url";
import type { FontKey } from "./fonts.ts";

export const FONT_URLS: Readonly<Record<FontKey, string>> = {
  fraunces,
  "source-sans-3": sourceSans3,
  fredoka,
  nunito,
};
