/**
 * DESIGN §8 "Logs are pino JSON lines with a request id, and personal data is redacted by pino's
 * paths".
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  captureLogLines,
  logger,
  logLevelFromEnv,
  REDACTED,
  REDACTED_KEYS,
  serializeError,
} from "../../../src/lib/server/log/logger.ts";
import {
  currentRequest,
  requestIdFrom,
  runWithRequest,
} from "../../../src/lib/server/log/request-context.ts";

let restore: () => void = () => {};
afterEach(() => restore());

function capture(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  restore = captureLogLines((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return lines;
}

describe("redaction by pino's paths", () => {
  it("every personal-data field is redacted at the top level and two levels down", () => {
    const lines = capture();
    for (const key of REDACTED_KEYS) {
      logger.info(
        { [key]: "SECRET-top", outer: { [key]: "SECRET-1", inner: { [key]: "SECRET-2" } } },
        "probe",
      );
    }
    expect(lines).toHaveLength(REDACTED_KEYS.length);
    for (const [i, key] of REDACTED_KEYS.entries()) {
      const line = lines[i] as Record<string, { [k: string]: unknown; inner: Record<string, unknown> }>;
      expect(line[key], key).toBe(REDACTED);
      expect(line.outer?.[key], key).toBe(REDACTED);
      expect(line.outer?.inner[key], key).toBe(REDACTED);
    }
    expect(JSON.stringify(lines)).not.toContain("SECRET");
  });

  it("covers e-mails, passwords, passcodes, cards, gift cards, names, additional info, tokens, cookies, authorization and queries", () => {
    const lines = capture();
    logger.warn(
      {
        identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.test" },
        body: { password: "Hunter-2", otp: "123456" },
        gateway_data: { card_number: "4242424242424242" },
        ledger: { number: "GC-1000-0001" },
        ticket: { admit_name: "Ada L.", additionalInfo: "wheelchair" },
        headers: { cookie: "foyer_session=abc", authorization: "Bearer xyz", "set-cookie": "s=1" },
        query: "email=ada@example.test",
        token: "reset-token-value",
        status: 400,
      },
      "probe",
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      "ada@example.test",
      "Hunter-2",
      "123456",
      "4242424242424242",
      "GC-1000-0001",
      "Lovelace",
      "Ada L.",
      "wheelchair",
      "foyer_session=abc",
      "Bearer xyz",
      "s=1",
      "reset-token-value",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // What an operator needs stays.
    expect(lines[0]).toMatchObject({ level: "warn", msg: "probe", status: 400 });
  });

  it("spec 1 §8 'logged request data has names, e-mails, passwords and additional info redacted': every spelling the API's bodies use", () => {
    const lines = capture();
    logger.warn(
      {
        body: {
          first_name: "Grace",
          last_name: "Hopper",
          email: "grace@example.test",
          email_confirm: "grace@example.test",
          password: "Cobol-1959!",
          password_confirm: "Cobol-1959!",
          additional_info: { allergy: "peanuts" },
        },
        form: {
          firstName: "Grace",
          lastName: "Hopper",
          fullName: "Grace Hopper",
          emailConfirm: "grace@example.test",
          passwordConfirm: "Cobol-1959!",
          additionalInfo: "peanuts",
        },
        ticket: {
          admit_email: "guest@example.test",
          admitEmail: "guest@example.test",
          admit_name: "Guest One",
        },
        member: {
          member_email: "m@example.test",
          memberEmail: "m@example.test",
          recipient_email: "r@example.test",
        },
        status: 422,
      },
      "probe",
    );
    const text = JSON.stringify(lines);
    for (const secret of ["Grace", "Hopper", "@example.test", "Cobol-1959!", "peanuts", "Guest One"]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ status: 422 });
  });
});

describe("errors", () => {
  it("keep their class and stack; drizzle's appended params, other fields and addresses are dropped", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(ada@example.test) already exists.",
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "identity" values ($1, $2)\nparams: ada@example.test,4242424242424242',
        {
          cause,
        },
      ),
      { query: "insert ...", params: ["ada@example.test"] },
    );
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: "Error",
      message: 'Failed query: insert into "identity" values ($1, $2)',
      cause: { type: "Error", code: "23505", message: "duplicate key value violates unique constraint" },
    });
    expect(serialized.stack).toMatch(
      /^Error: Failed query: insert into "identity" values \(\$1, \$2\)\n\s+at /,
    );
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("ada@example.test");
    expect(text).not.toContain("4242424242424242");
    expect(text).not.toContain("detail");
  });

  it("an address or a card-like number quoted in a message is masked", () => {
    const serialized = serializeError(
      new Error("no account for ada@example.test with card 4242 4242 4242 4242"),
    );
    expect(serialized.message).toBe(`no account for ${REDACTED} with card ${REDACTED}`);
  });

  it("a thrown non-Error is logged as such, without its value", () => {
    expect(serializeError({ email: "ada@example.test" })).toEqual({
      type: "object",
      message: "a non-Error value was thrown",
    });
  });

  it("logged through `err`, an error line carries the stack", () => {
    const lines = capture();
    logger.error({ err: new RangeError("out of range") }, "cart.sweeper_failed");
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "cart.sweeper_failed",
      err: { type: "RangeError" },
    });
    expect((lines[0]?.err as { stack?: string } | undefined)?.stack).toMatch(
      /RangeError: out of range\n\s+at /,
    );
  });
});

describe("request ids", () => {
  it("a sane X-Request-Id is kept; a hostile or missing one is replaced by a UUID", () => {
    expect(requestIdFrom("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    for (const hostile of [null, undefined, "", "a b", "x".repeat(129), "id\r\nSet-Cookie: x", "<script>"]) {
      expect(requestIdFrom(hostile)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });

  it("every line written while a request runs carries its id, even after an await", async () => {
    const lines = capture();
    await runWithRequest({ id: "req-1" }, async () => {
      await Promise.resolve();
      expect(currentRequest()?.id).toBe("req-1");
      logger.info("inside");
    });
    logger.info("outside");
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ["inside", "req-1"],
      ["outside", undefined],
    ]);
  });
});

describe("LOG_LEVEL", () => {
  it("sets the level; default info; silent turns logging off; an unknown value falls back to info", () => {
    expect(logLevelFromEnv({})).toBe("info");
    expect(logLevelFromEnv({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevelFromEnv({ LOG_LEVEL: " WARN " })).toBe("warn");
    expect(logLevelFromEnv({ LOG_LEVEL: "silent" })).toBe("silent");
    expect(logLevelFromEnv({ LOG_LEVEL: "loud" })).toBe("info");
  });
});
