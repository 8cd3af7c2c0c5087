/**
 * A catalogue problem names the file, the line and the field, in words a marketing person reads:
 * `harbour-museum/events.yaml line 14, events[2].groups[0].types[1].price: Write a price as a number like 25.00.`
 */

import { type Document, isMap, isSeq, type LineCounter } from "yaml";
import type { z } from "zod";

export interface CatalogueProblem {
  /** The file, relative to the catalogue folder (harbour-museum/events.yaml). */
  file: string;
  /** 1-based; null when the problem concerns no line (a missing file). */
  line: number | null;
  /** The field's path (events[2].price), empty for the whole file. */
  field: string;
  message: string;
}

export type Path = readonly (string | number)[];

export function formatProblem(p: CatalogueProblem): string {
  const where = p.line === null ? p.file : `${p.file} line ${p.line}`;
  return p.field ? `${where}, ${p.field}: ${p.message}` : `${where}: ${p.message}`;
}

export function fieldName(path: Path): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

/** The line of the deepest node on `path` that the document holds (the field, or its parent). */
export function lineOf(doc: Document, lines: LineCounter, path: Path): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
  for (const key of path) {
    let next: unknown;
    let keyOffset: number | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const k = p.key as { value?: unknown } | null;
        return (k && typeof k === "object" ? k.value : k) === key;
      });
      if (!pair) break;
      keyOffset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0];
      next = pair.value;
    } else if (isSeq(node) && typeof key === "number") {
      next = node.items[key];
    } else break;
    if (next === undefined) break;
    const start = keyOffset ?? (next as { range?: [number, number, number] } | null)?.range?.[0];
    if (start !== undefined) offset = start;
    node = next;
  }
  return lines.linePos(offset).line;
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (lines starting with -)",
  object: "a set of fields",
};

/** The value at `path`, to tell a missing field from a wrong one. */
function valueAt(data: unknown, path: Path): unknown {
  let v = data;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/** A zod issue in a marketing person's words, with the path of the field it concerns. */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown): { path: Path; message: string }[] {
  const path = issue.path.filter((k): k is string | number => typeof k !== "symbol");
  if (issue.code === "unrecognized_keys") {
    // A text with a comma inside { ... } splits into a second "field": the fix is quotes.
    return issue.keys.map((key) => ({
      path: [...path, key],
      message: key.includes(" ")
        ? `Unknown field "${key}": if it is part of a text with a comma, put the whole text in "quotes".`
        : `Unknown field "${key}": check its spelling, or remove it.`,
    }));
  }
  if (issue.code === "invalid_type" && valueAt(data, path) === undefined) {
    return [{ path, message: "This field is missing: please fill it in." }];
  }
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
    return [{ path, message: `Write ${EXPECTED[issue.expected] ?? issue.expected} here.` }];
  }
  if (issue.code === "invalid_value" && issue.message.startsWith("Invalid")) {
    return [{ path, message: `Write one of: ${issue.values.map(String).join(", ")}.` }];
  }
  if (issue.code === "too_small" && issue.origin === "array" && issue.message.startsWith("Too small")) {
    return [{ path, message: `This list needs at least ${String(issue.minimum)} entries.` }];
  }
  if (issue.code === "too_small" && issue.origin === "string" && issue.message.startsWith("Too small")) {
    return [{ path, message: "This must not be empty." }];
  }
  if (issue.code === "invalid_union") {
    return [{ path, message: "This value has the wrong shape: check the format in the catalogue README." }];
  }
  return [{ path, message: issue.message }];
}
