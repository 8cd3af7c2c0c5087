/**
 * zod, as the browser bundle imports it (astro.config.mjs points the client's `zod` imports here;
 * the server keeps classic zod, which its OpenAPI generation needs).
 *
 * Why a façade: the contract schemas (src/lib/api) are written once, in classic zod, and shared by
 * server and islands. Classic zod cannot be tree-shaken (every ZodType method reaches every format,
 * the JSON-schema generator and more: about 52 KB of gzip), so the islands get this small stand-in
 * built on zod/mini and zod's core instead. It implements only the classic API the client bundle
 * uses, with classic's runtime semantics: each schema is a zod/mini schema (the same core parsers,
 * checks and English messages as classic) carrying the classic methods listed in SUPPORTED below,
 * each implemented as classic implements it. A classic method outside that list is missing, or
 * throws on a schema type it does not apply to, when the schema is built, i.e. when its module
 * loads: a client module that reaches for one fails the unit tests of the unit-browser-zod project
 * (vitest.config.ts; tests/unit/performance/zod-browser-client-modules.test.ts loads every module the islands
 * can reach), not a shopper's page. tests/unit/performance/zod-browser.test.ts compares it with classic.
 *
 * Differences from classic, none of which the client relies on: no memoizer (classic parses
 * self-referencing input; JSON never is), ZodError without format()/flatten()/addIssue(), and
 * none of classic's introspection beyond zod/mini's (`.options`, `.unwrap()`, `.element`, `.enum`,
 * `.description`), JSON schema or registries.
 *
 * zod compiles object parsers with `new Function` when it may, and probes for that on the first
 * object schema; the page CSP allows no 'unsafe-eval', so the probe would be reported as a
 * violation. `jitless` is zod's own switch for strict CSPs, set here before any schema is built.
 *
 * Types: the façade's exports are typed as classic's (it stands in for classic, and the source is
 * type-checked against classic). Inside, it works on zod core's types: a façade schema is a core
 * schema with mini's check/clone/safeParse and the methods below.
 */
import type * as classic from "zod";
import * as mini from "zod/mini";
import * as core from "zod/v4/core";
import en from "zod/v4/locales/en.js";

core.config({ jitless: true });
// As classic does on its first schema: English messages unless a locale was chosen.
if (!core.globalConfig.localeError) core.config(en());

type Check = core.$ZodCheck<never>;
type Params = string | core.CheckParams;
type Shape = Record<string, core.$ZodType>;
/** A façade schema as its methods see it: a core schema with mini's check() and clone(). */
interface Schema extends core.$ZodType {
  def: core.$ZodTypeDef;
  check(...checks: Check[]): Schema;
  clone(def?: core.$ZodTypeDef, params?: { parent: boolean }): Schema;
}

/** The classic methods a façade schema carries. Anything else is not there (classic's own error). */
export const SUPPORTED = {
  all: ["optional", "nullable", "array", "default", "refine", "parse", "safeParse"],
  string: ["min", "max", "length", "trim", "regex", "email"],
  number: ["min", "max", "int", "positive"],
  array: ["min", "max", "length"],
  object: ["extend", "pick", "omit", "catchall"],
} as const;

function unsupported(schema: Schema, method: string): never {
  throw new Error(
    `zod in the browser (src/perf/zod-browser.ts): .${method}() on a ${schema._zod.def.type} schema is not supported`,
  );
}

/** min/max/length mean a length on strings and arrays and a bound on numbers (classic's dispatch). */
function sized(schema: Schema, method: string, lengthCheck: () => Check, numberCheck?: () => Check): Schema {
  const type = schema._zod.def.type;
  if (type === "string" || type === "array") return schema.check(lengthCheck());
  if (type === "number" && numberCheck) return schema.check(numberCheck());
  return unsupported(schema, method);
}

function only(schema: Schema, type: string, method: string, check: () => Check): Schema {
  return schema._zod.def.type === type ? schema.check(check()) : unsupported(schema, method);
}

function asObject(schema: Schema, method: string): core.$ZodObject {
  return schema._zod.def.type === "object"
    ? (schema as unknown as core.$ZodObject)
    : unsupported(schema, method);
}

/** classic's ZodError: core's error, named ZodError, thrown by parse() and returned by safeParse(). */
const CoreError: core.$constructor<core.$ZodError> = core.$ZodError;
const ZodError = core.$constructor<core.$ZodError>(
  "ZodError",
  (inst, issues) => {
    CoreError.init(inst, issues);
    inst.name = "ZodError";
  },
  undefined,
  { Parent: Error },
);
const parse = core._parse(ZodError);
const safeParse = core._safeParse(ZodError);

const FacadeType: core.$constructor<Schema> = core.$constructor<Schema>("FoyerZodType", () => {}, {
  // classic's check(): merges the def (keeping its getters, e.g. a default's fresh value) where
  // mini's spreads it.
  check(...checks: Check[]) {
    const def = this._zod.def;
    return this.clone(core.util.mergeDefs(def, { checks: [...(def.checks ?? []), ...checks] }), {
      parent: true,
    });
  },
  parse(data: unknown, params?: core.ParseContext<core.$ZodIssue>) {
    return parse(this, data, params);
  },
  safeParse(data: unknown, params?: core.ParseContext<core.$ZodIssue>) {
    return safeParse(this, data, params);
  },
} as core.util.ProtoOf<Schema>);

const methods = {
  optional(this: Schema) {
    return new OptionalSchema({ type: "optional", innerType: this });
  },
  nullable(this: Schema) {
    return new NullableSchema({ type: "nullable", innerType: this });
  },
  array(this: Schema) {
    return array(this);
  },
  default(this: Schema, value: unknown) {
    return new DefaultSchema({
      type: "default",
      innerType: this,
      get defaultValue() {
        return typeof value === "function" ? value() : core.util.shallowClone(value);
      },
    });
  },
  refine(this: Schema, fn: (data: never) => unknown, params?: string | core.$ZodCustomParams) {
    return this.check(core._refine(mini.ZodMiniCustom, fn, params));
  },
  min(this: Schema, n: number, params?: Params) {
    return sized(
      this,
      "min",
      () => core._minLength(n, params),
      () => core._gte(n, params),
    );
  },
  max(this: Schema, n: number, params?: Params) {
    return sized(
      this,
      "max",
      () => core._maxLength(n, params),
      () => core._lte(n, params),
    );
  },
  length(this: Schema, n: number, params?: Params) {
    return sized(this, "length", () => core._length(n, params));
  },
  int(this: Schema, params?: Params) {
    return only(this, "number", "int", () => core._int(mini.ZodMiniNumberFormat, params));
  },
  positive(this: Schema, params?: Params) {
    return only(this, "number", "positive", () => core._gt(0, params));
  },
  trim(this: Schema) {
    return only(this, "string", "trim", () => core._trim());
  },
  regex(this: Schema, pattern: RegExp, params?: Params) {
    return only(this, "string", "regex", () => core._regex(pattern, params));
  },
  email(this: Schema, params?: Params) {
    return only(this, "string", "email", () => core._email(EmailSchema, params));
  },
  extend(this: Schema, shape: Shape) {
    return core.util.extend(asObject(this, "extend"), shape) as unknown as Schema;
  },
  pick(this: Schema, mask: Record<string, true>) {
    return core.util.pick(asObject(this, "pick"), mask) as unknown as Schema;
  },
  omit(this: Schema, mask: Record<string, true>) {
    return core.util.omit(asObject(this, "omit"), mask) as unknown as Schema;
  },
  catchall(this: Schema, catchall: core.$ZodType) {
    return this.clone(core.util.mergeDefs(asObject(this, "catchall")._zod.def, { catchall }));
  },
};
const Methods: core.$constructor<Schema> = core.$constructor<Schema>(
  "FoyerZodMethods",
  () => {},
  methods as core.util.ProtoOf<Schema>,
);

/** A façade class: the zod/mini class of that type, with the methods above. */
function facade<T extends core.$ZodType>(name: string, base: core.$constructor<T>) {
  return core.$constructor<T & Schema>(`Foyer${name}`, (inst, def) => {
    base.init(inst, def);
    FacadeType.init(inst, def);
    Methods.init(inst, def);
  });
}

const StringSchema = facade("ZodString", mini.ZodMiniString);
const EmailSchema = facade("ZodEmail", mini.ZodMiniEmail);
const NumberSchema = facade("ZodNumber", mini.ZodMiniNumber);
const BooleanSchema = facade("ZodBoolean", mini.ZodMiniBoolean);
const UnknownSchema = facade("ZodUnknown", mini.ZodMiniUnknown);
const UndefinedSchema = facade("ZodUndefined", mini.ZodMiniUndefined);
const NullSchema = facade("ZodNull", mini.ZodMiniNull);
const ArraySchema = facade("ZodArray", mini.ZodMiniArray);
const ObjectSchema = facade("ZodObject", mini.ZodMiniObject);
const UnionSchema = facade("ZodUnion", mini.ZodMiniUnion);
const DiscriminatedUnionSchema = facade("ZodDiscriminatedUnion", mini.ZodMiniDiscriminatedUnion);
const RecordSchema = facade("ZodRecord", mini.ZodMiniRecord);
const EnumSchema = facade("ZodEnum", mini.ZodMiniEnum);
const LiteralSchema = facade("ZodLiteral", mini.ZodMiniLiteral);
const OptionalSchema = facade("ZodOptional", mini.ZodMiniOptional);
const NullableSchema = facade("ZodNullable", mini.ZodMiniNullable);
const DefaultSchema = facade("ZodDefault", mini.ZodMiniDefault);

type TypeParams = string | core.TypeParams;
const params = (p?: TypeParams) => core.util.normalizeParams(p);

function array(element: core.$ZodType, p?: TypeParams) {
  return new ArraySchema({ type: "array", element, ...params(p) });
}

function object(shape?: Shape, p?: TypeParams, catchall?: core.$ZodType) {
  return new ObjectSchema({
    type: "object",
    shape: shape ?? {},
    ...(catchall && { catchall }),
    ...params(p),
  });
}

/** The classic `z` functions the client uses, as classic builds them. */
const api = {
  string: (p?: TypeParams) => core._string(StringSchema, p),
  email: (p?: TypeParams) => core._email(EmailSchema, p),
  number: (p?: TypeParams) => core._number(NumberSchema, p),
  boolean: (p?: TypeParams) => core._boolean(BooleanSchema, p),
  unknown: () => core._unknown(UnknownSchema),
  undefined: (p?: TypeParams) => core._undefined(UndefinedSchema, p),
  null: (p?: TypeParams) => core._null(NullSchema, p),
  array,
  object,
  strictObject: (shape: Shape, p?: TypeParams) => object(shape, p, mini.never()),
  union: (options: core.$ZodType[], p?: TypeParams) =>
    new UnionSchema({ type: "union", options, ...params(p) }),
  discriminatedUnion: (discriminator: string, options: core.$ZodType[], p?: TypeParams) =>
    new DiscriminatedUnionSchema({ type: "union", options, discriminator, ...params(p) }),
  record(keyType: core.$ZodRecordKey, valueType?: core.$ZodType, p?: TypeParams) {
    // classic's one-argument z.record(value) is not supported: it fails here, loudly.
    if (!valueType?._zod) throw new Error("zod in the browser: z.record() takes a key and a value schema");
    return new RecordSchema({ type: "record", keyType, valueType, ...params(p) });
  },
  enum(values: readonly string[], p?: TypeParams) {
    if (!Array.isArray(values)) throw new Error("zod in the browser: z.enum() takes an array of values");
    const entries = Object.fromEntries(values.map((v) => [v, v]));
    return new EnumSchema({ type: "enum", entries, ...params(p) });
  },
  literal(value: core.util.Literal | core.util.Literal[], p?: TypeParams) {
    return new LiteralSchema({
      type: "literal",
      values: Array.isArray(value) ? value : [value],
      ...params(p),
    });
  },
  ZodError,
};

/**
 * Schemas are built on first use. Building every contract schema when its module loads cost the
 * event page about 20 ms of main thread (80 ms on Lighthouse's phone), inside the islands'
 * hydration; most of those schemas parse nothing on that page. So each `z` function and each
 * chained method returns a stand-in that records the call, and the first other use of the
 * schema (parse, safeParse, `_zod`, `.shape`...) replays the calls, exactly as written, once.
 * Schemas passed to a call (an object's shape, a union's options) are built then too, so zod's
 * own code only ever sees built schemas. A call the façade refuses fails when the schema is
 * built, not when it is declared: tests/unit/performance/zod-browser-client-modules.test.ts builds every
 * exported schema of every client module.
 */
const BUILD = Symbol("foyer.zod.build");
/** The methods that derive a schema from a schema: deferred like the `z` functions. */
const DERIVING = new Set<string | symbol>(
  [
    ...SUPPORTED.all,
    ...SUPPORTED.string,
    ...SUPPORTED.number,
    ...SUPPORTED.array,
    ...SUPPORTED.object,
  ].filter((m) => m !== "parse" && m !== "safeParse"),
);

/** A call's argument with every deferred schema in it built (shapes and option lists included). */
function built(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const build = (value as { [BUILD]?: () => Schema })[BUILD];
  if (build) return build();
  if (Array.isArray(value)) return value.map(built);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  // A getter (zod's way to write a recursive shape) stays a getter: read when zod reads it.
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
    const read = field.get;
    if (read) Object.defineProperty(out, key, { enumerable: true, get: () => built(read.call(value)) });
    else out[key] = built(field.value);
  }
  return out;
}

function deferred(build: () => Schema): Schema {
  let schema: Schema | undefined;
  const real = () => {
    schema ??= build();
    return schema;
  };
  return new Proxy({} as Schema, {
    get(_target, key) {
      if (key === BUILD) return real;
      if (DERIVING.has(key)) {
        return (...args: unknown[]) =>
          deferred(() => {
            const method = Reflect.get(real(), key) as (...a: unknown[]) => Schema;
            return method.apply(real(), args.map(built));
          });
      }
      const target = real();
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
    has: (_target, key) => key in real(),
    getPrototypeOf: () => Object.getPrototypeOf(real()),
  });
}

/** Builds a schema now, where a stand-in would not do (the tests that build every schema). */
export function buildNow(schema: unknown): unknown {
  return built(schema);
}

const { ZodError: _error, ...factories } = api;
const deferredApi = Object.fromEntries(
  Object.entries(factories).map(([name, factory]) => [
    name,
    (...args: unknown[]) => deferred(() => (factory as (...a: unknown[]) => Schema)(...args.map(built))),
  ]),
);

/**
 * The browser's `z`. Typed as classic's functions of the same names (see the top of this file);
 * a name outside classic's `z` would not compile here.
 */
export const z = { ...deferredApi, ZodError } as unknown as Pick<typeof classic, keyof typeof api>;
