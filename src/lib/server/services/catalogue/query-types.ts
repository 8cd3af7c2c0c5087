/**
 * The generic query layer's vocabulary: resources declare their filterable fields, sortable fields
 * and relations (embeds) once, next to their serializers (resources.ts). It lives with the
 * resources; http/query parses a request's parameters into it and executes it.
 */
import type { Db } from "../../db/client.ts";

export type FieldKind = "string" | "number" | "boolean" | "datetime";
export type Row = { id: string } & Record<string, unknown>;
export type FilterOp = "eq" | "in" | "gte" | "gt" | "lte" | "lt" | "prefix";
export type FilterValue = string | number | boolean;

export interface Filter {
  /** Relation names from the root resource, e.g. ["ticket_group"]; [] filters the root itself. */
  path: string[];
  field: string;
  op: FilterOp;
  values: FilterValue[];
}

export interface LoadContext {
  db: Db;
  now: Date;
  sellerId: string | null;
  /** `_ondate` of the request (venue-local YYYY-MM-DD), where the route accepts it. */
  ondate?: string | null;
  /** The call's language (`_lang`): catalogue texts in it, the default language's as the fallback. */
  language?: string | null;
  /** Filters addressed to the rows this relation loads (own level only); loaders may push them into SQL. */
  filters: Filter[];
}

export interface Relation {
  /** The target resource definition (lazy, relations are cyclic). */
  target: () => ResourceDef;
  /** Loads children of the parents, each paired with its parent id. */
  load(ctx: LoadContext, parents: Row[]): Promise<Array<[parentId: string, child: Row]>>;
}

export interface ResourceDef {
  /** The envelope key, e.g. "event_template". */
  name: string;
  /** Filterable fields and their kinds; "open" accepts any key (meta). */
  fields: Readonly<Record<string, FieldKind>> | "open";
  sortable: readonly string[];
  relations: Readonly<Record<string, Relation>>;
}

export interface ParsedQuery {
  limit: number;
  offset: number;
  /** `path`: relation names to an embedded resource whose field orders the roots (its earliest value). */
  sort: { field: string; desc: boolean; path?: string[] }[];
  embeds: string[][];
  filters: Filter[];
  /** `_ondate`; always null unless the route parsed with `ondate: true`. */
  ondate: string | null;
  seller: string | null;
}

export type Envelope = Record<string, { _count: number; _data: Row[] }>;
