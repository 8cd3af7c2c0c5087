/**
 * The server's one logger: pino JSON lines on stdout (DESIGN §8). Every line written while a
 * request is handled carries that request's id (`reqId`, from request-context.ts), so an error
 * logged deep in a service can be matched to its access line.
 *
 * Personal data is removed by pino's own `redact` paths: any field named like an e-mail, a
 * password, a passcode, a card or gift-card number, a name, additional info, a token, a cookie, an
 * authorization header or a query, at the top level and two levels down (log fields are kept that
 * flat). Errors go through `serializeError`, which keeps the class, the stack frames and a message
 * without the SQL parameters drizzle appends (they hold whatever the request sent).
 *
 * LOG_LEVEL sets the level (default `info`; `silent` turns logging off).
 */
import pino, { type Logger } from "pino";
import { currentRequest } from "./request-context.ts";

/** Field names whose values never reach a log line. */
export const REDACTED_KEYS = [
  // e-mail addresses
  "email",
  "email_address",
  "emailAddress",
  "username",
  "to",
  "toAddress",
  "to_address",
  "email_confirm",
  "emailConfirm",
  "admit_email",
  "admitEmail",
  "member_email",
  "memberEmail",
  "recipient_email",
  "recipientEmail",
  "old_email",
  "oldEmail",
  "new_email",
  "newEmail",
  "sent_to",
  // secrets a visitor types
  "password",
  "new_password",
  "newPassword",
  "current_password",
  "currentPassword",
  "old_password",
  "password_confirm",
  "passwordConfirm",
  "password_hash",
  "passwordHash",
  "passcode",
  "otp",
  "change_code",
  "changeCode",
  // payment cards and gift cards
  "card",
  "card_number",
  "cardNumber",
  "cvc",
  "pan",
  "number",
  "gift_card",
  "giftCard",
  "gift_card_number",
  "giftCardNumber",
  "gateway_data",
  "gatewayData",
  // who the visitor is
  "name",
  "first_name",
  "firstName",
  "last_name",
  "lastName",
  "full_name",
  "fullName",
  "admit_name",
  "admitName",
  "additional_info",
  "additionalInfo",
  "zip_code",
  "zipCode",
  "scan_code",
  "member_code",
  "phone",
  "address",
  "identity",
  // credentials and what a request carries
  "token",
  "access_token",
  "refresh_token",
  "reset_token",
  "resetToken",
  "manage_token",
  "session",
  "cookie",
  "cookies",
  "set-cookie",
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "query",
  "querystring",
  "search",
  "params",
  "body",
] as const;

/** Each key at the top level and at two nested levels (pino's paths have no "any depth"). */
export const REDACT_PATHS: string[] = REDACTED_KEYS.flatMap((key) => {
  const plain = /^[A-Za-z_$][\w$]*$/.test(key);
  const member = plain ? `.${key}` : `["${key}"]`;
  return [plain ? key : member, `*${member}`, `*.*${member}`];
});

export const REDACTED = "[redacted]";

const MAX_MESSAGE = 500;
const MAX_CAUSES = 3;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: SerializedError;
}

/**
 * Drizzle appends `params: ...` (the bound values) to a failed query's message; those are cut off.
 * Addresses and long digit runs left in a message (a driver quoting a value) are masked too.
 */
function safeMessage(message: string): string {
  const [statement = ""] = message.split("\nparams:");
  return statement
    .replace(/[^\s@"'()<>,;:]+@[^\s@"'()<>,;:]+/g, REDACTED)
    .replace(/\d[\d -]{10,}\d/g, REDACTED)
    .slice(0, MAX_MESSAGE);
}

/**
 * An error as a log field: class, safe message, stack frames and a short code, never the error's
 * other own properties (a driver error carries the query, its parameters and the row's values).
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "a non-Error value was thrown" };
  // Subclasses that keep name "Error" (drizzle's DrizzleQueryError) are told apart by their class.
  const type = error.name && error.name !== "Error" ? error.name : error.constructor?.name || "Error";
  const message = safeMessage(error.message);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join("\n") };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^[\w.-]{1,40}$/.test(code)) out.code = code;
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type Sink = (line: string) => void;

/**
 * stdout, a batch at a time: the lines of one turn of the event loop leave in one write (a write to
 * a pipe is synchronous on Linux, and one per access line cost a busy server a quarter of its time).
 * Errors, a full batch and the process's exit flush at once.
 */
let pending: string[] = [];
const MAX_PENDING = 256;
function flushPending(): void {
  if (pending.length === 0) return;
  const text = pending.join("");
  pending = [];
  process.stdout.write(text);
}
const URGENT = /^\{"level":"(error|fatal)"/;
const stdout: Sink = (line) => {
  const first = pending.push(line) === 1;
  if (pending.length >= MAX_PENDING || URGENT.test(line)) flushPending();
  else if (first) setImmediate(flushPending);
};
process.on("exit", flushPending);
let sink: Sink = stdout;

/** LOG_LEVEL: one of pino's levels (trace ... fatal) or `silent`; anything else means `info`. */
export function logLevelFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (level === "silent" || (level && Object.hasOwn(pino.levels.values, level))) return level;
  return "info";
}

const options = {
  level: logLevelFromEnv(process.env),
  serializers: { err: serializeError },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
  mixin: () => {
    const request = currentRequest();
    return request ? { reqId: request.id } : {};
  },
};
const destination = { write: (line: string) => sink(line) };

export const logger: Logger = pino(
  { ...options, redact: { paths: REDACT_PATHS, censor: REDACTED } },
  destination,
);

/**
 * The access log's own logger (request-log.ts): its line has fixed fields (method, route pattern,
 * path, status, duration), none of them a redacted key, so it skips the redact pass, which costs
 * more than the rest of the line. Anything else is logged with `logger`.
 */
export const accessLogger: Logger = pino(options, destination);

/**
 * Sends the log lines to `capture` instead of stdout until the returned function is called, at
 * `level` (tests read what the server logs; the default level may be `silent` there).
 */
export function captureLogLines(capture: Sink, level = "info"): () => void {
  const previousLevel = logger.level;
  sink = capture;
  logger.level = level;
  accessLogger.level = level;
  return () => {
    sink = stdout;
    logger.level = previousLevel;
    accessLogger.level = previousLevel;
  };
}
