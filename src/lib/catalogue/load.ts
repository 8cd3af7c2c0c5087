/**
 * Reads a tenant's catalogue files (`<CONTENT_DIR>/catalogue/<slug>/*.yaml|*.yml|*.json`) and
 * checks each against the file schema, keeping each file's document so a problem found later (a
 * duplicate id, a missing reference) can still name its line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Document, LineCounter, parseDocument } from "yaml";
import { type CatalogueProblem, describeIssue, fieldName, lineOf, type Path } from "./problems.ts";
import { type CatalogueFile, catalogueFileSchema } from "./schema/catalogue-file.ts";

export interface LoadedFile {
  /** Relative to the catalogue folder: harbour-museum/events.yaml. */
  name: string;
  doc: Document;
  lines: LineCounter;
  /** The checked content; null when the file has errors. */
  data: CatalogueFile | null;
}

const CATALOGUE_FILE = /\.(ya?ml|json)$/;

export function catalogueDir(contentDir: string): string {
  return join(contentDir, "catalogue");
}

/** The tenants that have a catalogue folder. */
export function catalogueTenants(contentDir: string): string[] {
  const dir = catalogueDir(contentDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .sort();
}

export function problemAt(file: LoadedFile, path: Path, message: string): CatalogueProblem {
  return { file: file.name, line: lineOf(file.doc, file.lines, path), field: fieldName(path), message };
}

/** Parses and checks one file's text. */
export function loadCatalogueText(
  name: string,
  source: string,
): { file: LoadedFile; problems: CatalogueProblem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const file: LoadedFile = { name, doc, lines, data: null };
  if (doc.errors.length > 0) {
    return {
      file,
      problems: doc.errors.map((e) => ({
        file: name,
        line: lines.linePos(e.pos[0]).line,
        field: "",
        message: `The file cannot be read here (${e.message.split("\n")[0]}). Check the indentation, colons and quotes.`,
      })),
    };
  }
  const raw: unknown = doc.toJS() ?? {};
  const parsed = catalogueFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap((issue) =>
      describeIssue(issue, raw).map(({ path, message }) => problemAt(file, path, message)),
    );
    return { file, problems };
  }
  file.data = parsed.data;
  return { file, problems: [] };
}

/** Every catalogue file of a tenant, in name order. */
export function loadTenantFiles(
  contentDir: string,
  slug: string,
): { files: LoadedFile[]; problems: CatalogueProblem[] } {
  const dir = join(catalogueDir(contentDir), slug);
  if (!existsSync(dir)) {
    return {
      files: [],
      problems: [
        { file: slug, line: null, field: "", message: "There is no catalogue folder for this tenant." },
      ],
    };
  }
  const files: LoadedFile[] = [];
  const problems: CatalogueProblem[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => CATALOGUE_FILE.test(n))
    .sort()) {
    const result = loadCatalogueText(`${slug}/${f}`, readFileSync(join(dir, f), "utf8"));
    files.push(result.file);
    problems.push(...result.problems);
  }
  if (files.length === 0) {
    problems.push({
      file: slug,
      line: null,
      field: "",
      message: "The catalogue folder holds no .yaml or .json file.",
    });
  }
  return { files, problems };
}
