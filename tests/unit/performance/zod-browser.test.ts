/**
 * The browser's `zod` (src/perf/zod-browser.ts, a façade on zod/mini) answers exactly as
 * classic zod on the API the client uses: the same success, output data and issues (codes, paths,
 * messages and the rest), for valid and invalid input. Runs in the `unit` project, where `zod` is
 * classic; the contract's own schemas are loaded a second time with `zod` mocked to the façade.
 */
import { describe, expect, it, vi } from "vitest";
import { z as classic } from "zod";
import { globalConfig } from "zod/v4/core";
import { z as browser, buildNow, SUPPORTED } from "../../../src/perf/zod-browser.ts";
import { envelope } from "../cart-fixtures.ts";

type Z = typeof browser;
interface Parser {
  safeParse(
    input: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: unknown } };
}

function outcome(schema: Parser, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, issues: result.error.issues };
}

function expectSameAnswers(classicSchema: Parser, browserSchema: Parser, inputs: readonly unknown[]) {
  for (const input of inputs) {
    expect(outcome(browserSchema, input), JSON.stringify(input)).toStrictEqual(outcome(classicSchema, input));
  }
}

const COMMON = [undefined, null, 0, 1.5, -1, Number.NaN, "", "x", "  ", true, [], {}, ["x"], { a: 1 }];

/** Schemas built the same way with classic's `z` and the façade's, each with the inputs it gets. */
const CASES: Record<string, { build: (z: Z) => Parser; inputs: unknown[] }> = {
  "string min, max and length count characters": {
    build: (z) => z.object({ a: z.string().min(2).max(4), b: z.string().length(3).optional() }),
    inputs: [{ a: "ab" }, { a: "a" }, { a: "abcde" }, { a: "abc", b: "ab" }, { a: "abc", b: "abc" }],
  },
  "trim runs before the length checks, and its output is trimmed": {
    build: (z) => z.string().trim().min(1).max(3),
    inputs: ["  ", " ab ", " abcd ", "\tx\n"],
  },
  "a message given to min, max and regex is the issue's message": {
    build: (z) =>
      z
        .string()
        .trim()
        .min(4, "Bad code")
        .max(10, "Bad code")
        .regex(/^[A-Z0-9]+$/, "Bad code"),
    inputs: ["AB", "ABCD", "abcd", "A".repeat(11), " AB12 "],
  },
  "regex without a message": {
    build: (z) => z.string().regex(/^-?\d+\.\d{2}$/),
    inputs: ["25.00", "-1.50", "25", "25.0", "x25.00"],
  },
  "email, as z.email() and as string().email(), with max": {
    build: (z) => z.object({ a: z.email().max(20), b: z.string().email().optional() }),
    inputs: [
      { a: "ann@example.com" },
      { a: "not-an-email" },
      { a: "a@b" },
      { a: `${"a".repeat(20)}@example.com` },
      { a: " ann@example.com " },
      { a: "ann@example.com", b: "nope" },
    ],
  },
  "number min, max, int and positive bound the value": {
    build: (z) => z.object({ n: z.number().int().min(1).max(10), p: z.number().positive().optional() }),
    inputs: [
      { n: 1 },
      { n: 10 },
      { n: 0 },
      { n: 11 },
      { n: 1.5 },
      { n: "1" },
      { n: 2, p: 0 },
      { n: 2, p: 0.1 },
    ],
  },
  "array min, max and length count elements, and .array() wraps a schema": {
    build: (z) =>
      z.object({ a: z.array(z.string().min(1)).min(1).max(2), b: z.string().array().length(2).optional() }),
    inputs: [{ a: [] }, { a: ["x"] }, { a: ["x", ""] }, { a: ["x", "y", "z"] }, { a: ["x"], b: ["1"] }],
  },
  "optional, nullable and default": {
    build: (z) =>
      z.object({
        o: z.string().optional(),
        n: z.string().nullable(),
        d: z.number().int().min(1).default(1),
        b: z.boolean().default(true),
        l: z.literal("tix").default("tix"),
        r: z.record(z.string(), z.unknown()).default({}),
        on: z.string().nullable().optional(),
      }),
    inputs: [
      { n: null },
      { n: "x", o: "y", d: 3, b: false, l: "tix", r: { k: 1 } },
      { n: null, d: 0 },
      { o: null },
    ],
  },
  "object strips unknown keys, strictObject refuses them, catchall keeps them": {
    build: (z) =>
      z.object({
        plain: z.object({ a: z.string() }),
        strict: z.strictObject({ a: z.string() }).optional(),
        loose: z.object({ a: z.string().optional() }).catchall(z.unknown()).optional(),
      }),
    inputs: [
      { plain: { a: "x", extra: 1 } },
      { plain: { a: "x" }, strict: { a: "x", extra: 1, more: 2 } },
      { plain: { a: "x" }, loose: { extra: [1] } },
    ],
  },
  "refine on an object, with a message": {
    build: (z) =>
      z
        .object({ email: z.email().optional() })
        .catchall(z.unknown())
        .refine(
          (info) => Object.keys(info).every((key) => key.length <= 3),
          "keys are at most 3 characters.",
        ),
    inputs: [{ abc: 1 }, { abcd: 1 }, { email: "x" }, { email: "a@b.co", long: 2 }],
  },
  "extend, pick and omit": {
    build: (z) => {
      const base = z.object({ id: z.string(), name: z.string(), n: z.number() });
      return z.object({
        e: base.extend({ n: z.string(), extra: z.boolean() }).optional(),
        p: base.pick({ id: true, n: true }).optional(),
        o: base.omit({ name: true }).optional(),
      });
    },
    inputs: [
      { e: { id: "1", name: "x", n: "s", extra: true } },
      { e: { id: "1", name: "x", n: 1, extra: true } },
      { p: { id: "1", n: 2, name: 3 } },
      { o: { id: "1", n: 2, name: 3 } },
      { o: { id: "1" } },
    ],
  },
  "union and discriminatedUnion": {
    build: (z) =>
      z.object({
        u: z
          .union([
            z.strictObject({ kind: z.literal("a").default("a"), x: z.string().trim().min(1) }),
            z.strictObject({ kind: z.literal("b"), y: z.number().int() }),
          ])
          .optional(),
        d: z
          .discriminatedUnion("kind", [
            z.object({ kind: z.literal("a"), x: z.string() }),
            z.object({ kind: z.literal("b"), y: z.number() }),
          ])
          .optional(),
        v: z.union([z.string().max(3), z.number()]).optional(),
      }),
    inputs: [
      { u: { x: " x " } },
      { u: { kind: "b", y: 1 } },
      { u: { kind: "b", y: "1" } },
      { u: { x: "" } },
      { u: { kind: "c" } },
      { d: { kind: "a", x: "1" } },
      { d: { kind: "b", y: "1" } },
      { d: { kind: "c" } },
      { v: "abcd" },
      { v: 4 },
      { v: true },
    ],
  },
  "record, enum, literal, unknown, undefined and null": {
    build: (z) =>
      z.object({
        r: z.record(z.string().max(3), z.union([z.string().max(2), z.number()])).optional(),
        e: z.enum(["a", "b"]).optional(),
        l: z.literal(["x", 2]).optional(),
        u: z.unknown(),
        nothing: z.undefined().optional(),
        nul: z.null().optional(),
      }),
    inputs: [
      { r: { abc: "xy", k: 1 } },
      { r: { abcd: 1, k: "xyz", j: true } },
      { e: "a" },
      { e: "c" },
      { l: 2 },
      { l: "y" },
      { u: [1, { a: 2 }] },
      { nothing: 1 },
      { nul: null },
      { nul: 0 },
    ],
  },
};

describe("the browser's zod answers as classic zod", () => {
  it.each(Object.keys(CASES))("%s", (name) => {
    const rule = CASES[name];
    if (!rule) throw new Error(name);
    const classicSchema = rule.build(classic);
    const browserSchema = rule.build(browser);
    expectSameAnswers(classicSchema, browserSchema, [...rule.inputs, ...COMMON]);
  });

  it("parse throws a ZodError with classic's name, message and issues", () => {
    const thrown = (z: Z) => {
      try {
        z.object({ a: z.string().min(2) }).parse({ a: "x" });
      } catch (error) {
        return error as Error & { issues: unknown };
      }
      throw new Error("no error");
    };
    const fromClassic = thrown(classic);
    const fromBrowser = thrown(browser);
    expect(fromBrowser).toBeInstanceOf(Error);
    expect(fromBrowser).toBeInstanceOf(browser.ZodError);
    expect(fromBrowser.name).toBe("ZodError");
    expect(fromBrowser.message).toBe(fromClassic.message);
    expect(fromBrowser.issues).toStrictEqual(fromClassic.issues);
    expect(browser.object({ a: browser.string().trim() }).parse({ a: " x ", b: 1 })).toStrictEqual({
      a: "x",
    });
  });

  it("a default object is a fresh copy on every parse, as in classic", () => {
    const schema = browser.record(browser.string(), browser.unknown()).default({});
    const first = schema.parse(undefined);
    expect(first).toStrictEqual({});
    expect(schema.parse(undefined)).not.toBe(first);
  });

  it("is jitless (no `new Function` probe under the page CSP) and speaks classic's English", () => {
    expect(globalConfig.jitless).toBe(true);
    const result = browser.string().min(3).safeParse("x");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Too small: expected string to have >=3 characters");
  });
});

/** Calls a method by name, past classic's types (which the façade's exports carry), and builds the schema it returns. */
function call(target: unknown, method: string, ...args: unknown[]): unknown {
  const fn = (target as Record<string, unknown>)[method];
  if (typeof fn !== "function") throw new Error(`no .${method}()`);
  return buildNow(fn.apply(target, args));
}

describe("what the browser's zod does not support fails when the schema is built", () => {
  it("a length or number method on the wrong type throws, naming the method and the type", () => {
    expect(() => call(browser.string(), "int")).toThrow(/\.int\(\) on a string schema is not supported/);
    expect(() => call(browser.boolean(), "min", 1)).toThrow(/\.min\(\) on a boolean schema is not supported/);
    expect(() => call(browser.number(), "length", 2)).toThrow(
      /\.length\(\) on a number schema is not supported/,
    );
    expect(() => call(browser.number(), "trim")).toThrow(/\.trim\(\) on a number schema is not supported/);
    expect(() => call(browser.string(), "extend", {})).toThrow(
      /\.extend\(\) on a string schema is not supported/,
    );
    expect(() => call(browser.string().optional(), "max", 2)).toThrow(/\.max\(\) on a optional schema/);
  });

  it("a classic method outside the supported list is not there", () => {
    for (const name of ["transform", "superRefine", "pipe", "nullish", "url", "describe", "meta", "or"]) {
      expect(() => call(browser.string(), name), name).toThrow(`no .${name}()`);
    }
    expect(() => call(browser.object({}), "partial")).toThrow("no .partial()");
    expect(() => call(browser, "coerce")).toThrow("no .coerce()");
    expect(() => call(browser, "record", browser.string())).toThrow(/takes a key and a value schema/);
  });

  it("every supported method is there on the schema types it is listed for", () => {
    const samples = {
      all: [browser.string(), browser.object({}), browser.number().optional()],
      string: [browser.string(), browser.email()],
      number: [browser.number()],
      array: [browser.array(browser.string())],
      object: [browser.object({}), browser.strictObject({})],
    };
    for (const [kind, names] of Object.entries(SUPPORTED)) {
      for (const schema of samples[kind as keyof typeof samples]) {
        for (const name of names) {
          expect(typeof (schema as unknown as Record<string, unknown>)[name], name).toBe("function");
        }
      }
    }
  });
});

/** Loads a module again with `zod` mocked to the façade, as the client build resolves it. */
async function withBrowserZod<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  vi.doMock("zod", () => import("../../../src/perf/zod-browser.ts"));
  try {
    return await load();
  } finally {
    vi.doUnmock("zod");
    vi.resetModules();
  }
}

const CONTRACT: Record<string, () => Promise<object>> = {
  schemas: () => import("../../../src/lib/api/schemas.ts"),
  envelopes: () => import("../../../src/lib/api/envelopes.ts"),
  cart: () => import("../../../src/lib/api/cart/schemas.ts"),
  checkout: () => import("../../../src/lib/api/checkout/schemas.ts"),
  auth: () => import("../../../src/lib/api/auth/schemas.ts"),
  manage: () => import("../../../src/lib/api/manage/schemas.ts"),
  membership: () => import("../../../src/lib/api/membership/schemas.ts"),
  gift: () => import("../../../src/lib/api/membership/gift-schemas.ts"),
  renew: () => import("../../../src/lib/api/membership/renew-schemas.ts"),
  checkoutClient: () => import("../../../src/lib/api/checkout/client.ts"),
  reserveClient: () => import("../../../src/lib/api/cart/reserve-client.ts"),
  paymentPlan: () => import("../../../src/lib/domain/payment-plan-meta.ts"),
};

const identity = {
  id: "i1",
  kind: "user",
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@example.com",
  has_real_email: true,
  additional_info: {},
  has_membership: false,
};
const eventTemplate = {
  id: "e1",
  seller_id: "s1",
  venue_id: "v1",
  name: "Harbour tour",
  subtitle: null,
  summary: null,
  description: "<p>x</p>",
  category: null,
  event_type: "single",
  hidden_type: "public_browsable",
  _rank: 1,
};

/** Valid input for schemas of the contract (module.export), before the broken variants of each. */
const SAMPLES: Record<string, unknown> = {
  "cart.cartEnvelope": envelope(
    [
      { id: "t1", event: "ga", session: "s1", type: "adult", seat: "B12", holder: "Ann" },
      { id: "t2", event: "ga", session: "s1", type: "child", discount: "1.00" },
    ],
    { meta: { ga: { reserve_flow: "date_first" } }, codes: [{ code: "SPRING", description: null }] },
  ),
  "cart.reserveTicket": { ticket_type_id: "tt1", quantity: 2, admit_name: " Ann ", code: " SPRING " },
  "cart.cartModifyBody": {
    add: [{ ticket_type_id: "tt1", event_session_id: "s1" }],
    remove: ["t9"],
    preReservePromoCodes: [" SPRING "],
    additionalInfo: { g1: { q1: "yes" } },
    campaign: { utm_source: "mail" },
    giftee: "i2",
  },
  "checkout.checkoutBody": {
    gateway_id: "test",
    amount: "10.00",
    identity: {
      first_name: " Ann ",
      last_name: "Lee",
      email: "ann@example.com",
      additional_info: { zip_code: " AB1 2CD ", phone: " 555 ", q_custom: "x" },
    },
    idempotency_key: "key-12345",
  },
  "checkout.payBody": { gateway_id: "stripe", amount: "5.00", gateway_data: { token: "tok", n: 1 } },
  "auth.loginBody": { username: "ann@example.com", password: "secret" },
  "auth.requestOtpBody": { email: "ann@example.com", redirect_path: "/harbour-museum/events" },
  "auth.verifyOtpBody": { token: "t".repeat(16), otp: " 123456 ", cart_id: "c1" },
  "auth.createUserBody": { first_name: " Ann ", last_name: "Lee", email: "ann@example.com", password: "pw" },
  "auth.patchUserBody": { email: "ann@example.com", additional_info: { k: "v" } },
  "auth.resendBody": { email: "ann@example.com" },
  "auth.loginAnswer": { identity: { _count: 1, _data: [identity] }, cart_id: null },
  "gift.gifteeBody": { first_name: "Bo", last_name: " Lee ", email: "bo@example.com" },
  "manage.manageLinkBody": { order_number: " 1001 ", email: " ann@example.com " },
  "manage.cancelBody": { manage_token: "tok", tickets: ["t1"] },
  "envelopes.eventListEnvelope": { event_template: { _count: 1, _data: [eventTemplate] } },
  "schemas.apiErrorBody": { _data: [{ _code: "x", _context: "", _description: "d", _extra: {} }] },
  "paymentPlan.paymentPlanMeta": { instalments: 3, interval_days: 30, deposit_percent: 20 },
};

const REPLACEMENTS = [undefined, null, 7, 1.5, -1, "", " x ", "x".repeat(300), [], {}, true];

/** The sample, then the sample with each value in it (at any depth) deleted or replaced. */
function* variants(sample: unknown): Generator<unknown> {
  yield sample;
  if (typeof sample !== "object" || sample === null) return;
  const entries: [string | number, unknown][] = Array.isArray(sample)
    ? [...sample.entries()]
    : Object.entries(sample);
  for (const [key, value] of entries) {
    const rebuilt = (next: unknown, drop = false) => {
      if (Array.isArray(sample)) return sample.map((v, i) => (i === key ? next : v));
      const copy: Record<string, unknown> = { ...sample };
      if (drop) delete copy[key];
      else copy[key] = next;
      return copy;
    };
    yield rebuilt(undefined, true);
    for (const replacement of REPLACEMENTS) yield rebuilt(replacement);
    for (const inner of variants(value)) if (inner !== value) yield rebuilt(inner);
  }
}

describe("the contract's schemas built with the browser's zod answer as classic's", () => {
  it.each(Object.keys(CONTRACT))(
    "every schema of %s, on broken input and on its samples",
    async (name) => {
      const load = CONTRACT[name];
      if (!load) throw new Error(name);
      const classicModule = (await load()) as Record<string, unknown>;
      const browserModule = (await withBrowserZod(load)) as Record<string, unknown>;
      const schemas = Object.keys(classicModule).filter((key) => {
        const value = classicModule[key] as { _zod?: unknown } | undefined;
        return typeof value === "object" && value !== null && "_zod" in value;
      });
      expect(schemas.length).toBeGreaterThan(0);
      for (const key of schemas) {
        const classicSchema = classicModule[key] as Parser & { _zod: { traits: Set<string> } };
        const browserSchema = browserModule[key] as Parser & { _zod: { traits: Set<string> } };
        expect(browserSchema._zod.traits.has("ZodMiniType"), `${name}.${key} is a zod/mini schema`).toBe(
          true,
        );
        expect(classicSchema._zod.traits.has("ZodMiniType")).toBe(false);
        const sample = SAMPLES[`${name}.${key}`];
        const inputs = sample === undefined ? COMMON : [...variants(sample), ...COMMON];
        if (sample !== undefined)
          expect(outcome(classicSchema, sample), `${name}.${key}`).toMatchObject({ success: true });
        expectSameAnswers(classicSchema, browserSchema, inputs);
      }
      // The cart envelope's broken variants are thousands of parses: a busy machine needs the time.
    },
    120_000,
  );
});
