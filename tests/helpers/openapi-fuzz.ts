/**
 * Hostile requests generated from the API's own OpenAPI document: for every operation, a plausible
 * request (path params, query and body built from the schemas and a few real ids), then variants
 * that put one hostile thing in one place: a path param, a query value, a query name, a body leaf,
 * a key at an object level of the body, or the whole body.
 */

/** The subset of JSON Schema that @hono/zod-openapi writes for our routes (everything inline). */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Param {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** The documented path, e.g. /api/events/{id}. */
  path: string;
  params: Param[];
  body?: Schema;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

/** One request to send: the path with its query already percent-encoded, and the body as text. */
export interface FuzzRequest {
  /** What was changed, for the failure message. */
  label: string;
  method: string;
  url: string;
  body?: string;
}

/** Names every plain object inherits from Object.prototype. */
export const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
] as const;

/** Raw JSON number literals (JSON.stringify cannot write them): put into the text by placeholder. */
const RAW_NUMBERS = ["1e400", "-1e400", "123456789012345678901234567890", "9007199254740993", "-0", "1e-400"];
const RAW_MARK = "\u0001raw:";

/** A value that stringifies to a raw JSON literal (see toJson). */
const raw = (literal: string) => `${RAW_MARK}${literal}`;

/** JSON text of `value`, with the raw number placeholders written as bare literals. */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, "$1");
}

/** What replaces one body leaf: NUL, lone surrogates, huge numbers, very long strings, wrong types. */
export const LEAF_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ["NUL", "a\u0000b"],
  ["lone high surrogate", "a\ud800b"],
  ["lone low surrogate", "\udc00"],
  ["reversed surrogate pair", "\udc00\ud800"],
  ["long string", "x".repeat(20_000)],
  ["long digit string", "9".repeat(5_000)],
  ["prototype name", "__proto__"],
  ...RAW_NUMBERS.map((n) => [`number ${n}`, raw(n)] as const),
  ["max safe integer", Number.MAX_SAFE_INTEGER],
  ["negative", -1],
  ["float", 0.1],
  ["null", null],
  ["true", true],
  ["empty object", {}],
  [
    "object with a prototype name",
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  ],
  ["array", ["a", 1]],
  ["deep array", raw(`${"[".repeat(5_000)}1${"]".repeat(5_000)}`)],
];

/** The prototype names that stand in for all of them as values (every name is used as a key). */
const PROTOTYPE_VALUES = ["__proto__", "constructor", "toString", "hasOwnProperty"];

/** What replaces one path param (already percent-encoded: a lone surrogate has no UTF-8 form). */
export const PATH_VALUES: readonly string[] = [
  ...PROTOTYPE_VALUES,
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%C0%AF",
  "%",
  "%E2%82",
  "..",
  "a".repeat(5_000),
  "-1",
  "1e400",
  "99999999999999999999",
  "%F0%9F%8E%9F",
  "..%2F..%2Fetc%2Fpasswd",
];

/** What replaces one query value (already percent-encoded). */
export const QUERY_VALUES: readonly string[] = [
  ...PROTOTYPE_VALUES,
  "%00",
  "%ED%A0%80",
  "%",
  "",
  "x".repeat(5_000),
  "1e400",
  "-1",
  "99999999999999999999",
  "a,b,constructor",
  "meta.__proto__",
];

/**
 * Query names with a prototype name in every position the query layer reads: a field, a relation
 * (with an operator after it), an operator, an open (meta) field, an embed and a dotted embed.
 */
export const QUERY_NAME_VARIANTS: readonly string[] = PROTOTYPE_NAMES.flatMap((p) => [
  `${p}=1`,
  `${p}.prototype.x=1`,
  `ticket_group.${p}._in=a,b`,
  `name.${p}=1`,
  `meta.${p}=1`,
  `_embed=${p}`,
  `_embed=ticket_group.${p}`,
]);

/** Whole bodies: not JSON, the wrong JSON type, deep nesting, escapes at the top level. */
export const BODY_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ["empty", ""],
  ["null", "null"],
  ["array", "[]"],
  ["number", "1e400"],
  ["string", '"\\u0000"'],
  ["truncated", '{"a":'],
  ["deep", `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
  ["deep object", `${'{"a":'.repeat(5_000)}"\\ud800"${"}".repeat(5_000)}`],
  ["prototype keys", '{"__proto__": {"x": 1}, "constructor": {"prototype": {"x": 1}}}'],
];

type Fixtures = Record<string, unknown>;

/**
 * A fixture that is left out of the deep body: the property is valid alone but stops the call early
 * (a seat for a general-admission ticket). The full body still carries it, so its leaf is fuzzed.
 */
export const OMIT: unique symbol = Symbol("omit");

/**
 * A plausible value for a schema. A fixture picks a real value, by dotted path first (`add.code`)
 * and then by name (the property or param name). `full` keeps the OMIT properties, with a value
 * made from their schema.
 */
export function plausible(
  schema: Schema | undefined,
  name: string,
  fixtures: Fixtures,
  options: { path?: string; full?: boolean } = {},
): unknown {
  const path = options.path ?? name;
  const fixture = Object.hasOwn(fixtures, path)
    ? fixtures[path]
    : Object.hasOwn(fixtures, name)
      ? fixtures[name]
      : undefined;
  if (fixture !== undefined && fixture !== OMIT) return fixture;
  if (!schema) return "x";
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return plausible(variant, name, fixtures, options);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        const childPath = path ? `${path}.${key}` : key;
        const omitted = (Object.hasOwn(fixtures, childPath) ? fixtures[childPath] : fixtures[key]) === OMIT;
        if (omitted && !options.full) continue;
        out[key] = plausible(child, key, fixtures, { ...options, path: childPath });
      }
      if (typeof schema.additionalProperties === "object" && !schema.properties) {
        out.note = plausible(schema.additionalProperties, "note", fixtures, {
          ...options,
          path: `${path}.note`,
        });
      }
      return out;
    }
    case "array":
      return [plausible(schema.items, name, fixtures, options)];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email") return "fuzz@example.com";
      if (schema.pattern?.includes("\\d{2}")) return "1.00";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return "x";
  }
}

type Path = Array<string | number>;

/** Every leaf (a value that is not a non-empty object or array) of a JSON value, by path. */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value) && value.length > 0) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  }
  return [path];
}

/** Every object level of a JSON value (the root included), by path. */
export function objectPaths(value: unknown, path: Path = []): Path[] {
  const own = isPlainObject(value) ? [path] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((v, i) => objectPaths(v, [...path, i]))];
  if (isPlainObject(value))
    return [...own, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
  return own;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A deep copy of `value` with `path` set to `replacement` (an own property even for `__proto__`). */
export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withValueAt(v, rest, replacement) : v));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) defineOwn(out, k, v);
  defineOwn(out, String(head), withValueAt(out[String(head)], rest, replacement));
  return out;
}

/** A deep copy of `value` with the key `key` added to the object at `path`. */
export function withKeyAt(value: unknown, path: Path, key: string, keyValue: unknown): unknown {
  if (path.length === 0) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) defineOwn(out, k, v);
    defineOwn(out, key, keyValue);
    return out;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withKeyAt(v, rest, key, keyValue) : v));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) defineOwn(out, k, v);
  defineOwn(
    out,
    String(head),
    withKeyAt(Object.hasOwn(out, String(head)) ? out[String(head)] : undefined, rest, key, keyValue),
  );
  return out;
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export interface RequestPlan {
  /** Percent-encoded values of the path params, by name. */
  pathParams: Record<string, string>;
  /** Percent-encoded query pairs of the plausible request. */
  query: Array<[string, string]>;
  /** The body that goes deep (OMIT fixtures left out). */
  body?: unknown;
  /** The body with every documented property, for the leaves the deep body leaves out. */
  fullBody?: unknown;
}

function urlOf(op: Operation, pathParams: Record<string, string>, query: Array<[string, string]>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParams[name] ?? "x");
  const qs = query.map(([k, v]) => `${k}=${v}`).join("&");
  return qs ? `${path}?${qs}` : path;
}

/** The plausible request of an operation: every path param, the required query params and _seller. */
export function plausiblePlan(op: Operation, fixtures: Fixtures): RequestPlan {
  const pathParams: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  for (const p of op.params) {
    const value = String(plausible(p.schema, p.name, fixtures));
    if (p.in === "path") pathParams[p.name] = encodeURIComponent(value);
    else if (p.in === "query" && (p.required || p.name === "_seller")) {
      query.push([encodeURIComponent(p.name), encodeURIComponent(value)]);
    }
  }
  if (!op.body) return { pathParams, query };
  return {
    pathParams,
    query,
    body: plausible(op.body, "", fixtures, { path: "" }),
    fullBody: plausible(op.body, "", fixtures, { path: "", full: true }),
  };
}

/** The plausible request, then one variant per hostile thing in one place. */
export function hostileRequests(op: Operation, plan: RequestPlan): FuzzRequest[] {
  const { method } = op;
  const bodyText = plan.body === undefined ? undefined : toJson(plan.body);
  const url = (pathParams = plan.pathParams, query = plan.query) => urlOf(op, pathParams, query);
  const out: FuzzRequest[] = [{ label: "plausible", method, url: url(), body: bodyText }];

  for (const p of op.params.filter((x) => x.in === "path")) {
    for (const v of PATH_VALUES) {
      out.push({
        label: `path ${p.name}=${v.slice(0, 40)}`,
        method,
        url: url({ ...plan.pathParams, [p.name]: v }),
        body: bodyText,
      });
    }
  }
  for (const p of op.params.filter((x) => x.in === "query")) {
    const others = plan.query.filter(([k]) => k !== encodeURIComponent(p.name));
    for (const v of QUERY_VALUES) {
      out.push({
        label: `query ${p.name}=${v.slice(0, 40)}`,
        method,
        url: url(plan.pathParams, [...others, [encodeURIComponent(p.name), v]]),
        body: bodyText,
      });
    }
  }
  for (const pair of QUERY_NAME_VARIANTS) {
    const [k = "", v = ""] = pair.split("=");
    out.push({
      label: `query name ${pair}`,
      method,
      url: url(plan.pathParams, [...plan.query, [encodeURIComponent(k), encodeURIComponent(v)]]),
      body: bodyText,
    });
  }
  if (plan.body !== undefined) {
    const deepLeaves = new Set(leafPaths(plan.body).map((leaf) => leaf.join(".")));
    for (const leaf of leafPaths(plan.fullBody).filter((l) => !deepLeaves.has(l.join(".")))) {
      for (const [name, value] of LEAF_VALUES) {
        const body = toJson(withValueAt(plan.fullBody, leaf, value));
        out.push({ label: `full body ${leaf.join(".")} = ${name}`, method, url: url(), body });
      }
    }
    for (const leaf of leafPaths(plan.body)) {
      for (const [name, value] of LEAF_VALUES) {
        out.push({
          label: `body ${leaf.join(".")} = ${name}`,
          method,
          url: url(),
          body: toJson(withValueAt(plan.body, leaf, value)),
        });
      }
    }
    for (const level of objectPaths(plan.body)) {
      for (const key of [...PROTOTYPE_NAMES, "\u0000", "\ud800"]) {
        for (const keyValue of [1, { polluted: true }]) {
          const body = toJson(withKeyAt(plan.body, level, key, keyValue));
          out.push({
            label: `body key ${[...level, JSON.stringify(key)].join(".")}`,
            method,
            url: url(),
            body,
          });
        }
      }
    }
  }
  if (method !== "GET" && method !== "HEAD") {
    for (const [name, text] of BODY_TEXTS)
      out.push({ label: `body text ${name}`, method, url: url(), body: text });
  }
  return out;
}
