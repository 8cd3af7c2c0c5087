/**
 * The JSON Schema editors use for completion and inline errors, generated from the catalogue
 * file's zod schema (src/content/catalogue/catalogue.schema.json; `npm run catalogue -- schema`).
 */
import { z } from "zod";
import { catalogueFileSchema } from "./schema/catalogue-file.ts";

export const CATALOGUE_SCHEMA_FILE = "catalogue.schema.json";

export function catalogueJsonSchema(): string {
  const schema = z.toJSONSchema(catalogueFileSchema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "Foyer catalogue file" }, null, 2)}\n`;
}
