/**
 * Refuses, once for every API route, a JSON body holding text that PostgreSQL cannot store: NUL
 * (text and jsonb refuse it) and lone UTF-16 surrogates (they have no UTF-8 form). Keys are checked
 * as well as values, because additionalInfo, campaign and gateway_data keep the client's keys.
 * Bodies nested deeper than any the contract has are refused too.
 *
 * The body is read as text, which Hono caches: the route's validator (c.req.json()) and the Stripe
 * webhook (c.req.text(), whose signature covers the exact bytes) read the same text again.
 */
import type { HonoRequest } from "hono";
import { validationFailed } from "../errors/api-error.ts";

/** Hono's json validator reads only bodies sent as JSON; the others never reach a route as data. */
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json/i;

/** True when the text holds NUL or a UTF-16 surrogate that is not half of a pair. */
export function isUnstorableText(text: string): boolean {
  return text.includes("\0") || !text.isWellFormed();
}

/** Where a value sits in the body: its key and its parent's place (null at the root). */
type Place = { key: string; parent: Place | null } | null;

/** The dotted path of a key or string value that holds NUL or a lone surrogate, else null. */
export function findUnstorableText(value: unknown): string | null {
  // An explicit stack, not recursion, and paths built only for a find: any nesting is walked in
  // linear time without overflowing the call stack.
  const stack: Array<{ value: unknown; place: Place }> = [{ value, place: null }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, place } = item;
    if (typeof current === "string") {
      if (isUnstorableText(current)) return pathText(place);
    } else if (Array.isArray(current)) {
      current.forEach((child, index) => {
        stack.push({ value: child, place: { key: String(index), parent: place } });
      });
    } else if (current !== null && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        const childPlace = { key, parent: place };
        if (isUnstorableText(key)) return pathText(childPlace);
        stack.push({ value: child, place: childPlace });
      }
    }
  }
  return null;
}

/** The path as text that is itself safe to send back and to log. */
function pathText(place: Place): string {
  const keys: string[] = [];
  for (let p = place; p !== null; p = p.parent) keys.push(p.key.replaceAll("\0", "\uFFFD").toWellFormed());
  return keys.reverse().join(".");
}

/**
 * Deeper than any body of the contract (cart modify's additionalInfo is the deepest, at 4). Deeper
 * values overflow recursive code further on: JSON.stringify of an idempotency hash, jsonb input.
 */
export const MAX_BODY_DEPTH = 32;

/** True when arrays and objects in the JSON text nest deeper than `limit` (brackets in strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/**
 * 400 validation_failed when the request's JSON body nests deeper than MAX_BODY_DEPTH, or holds NUL
 * or a lone surrogate in a key or a string. A body that does not parse is left to the route (its
 * validator answers 400; a route without a body ignores it).
 */
export async function refuseHostileBody(req: HonoRequest): Promise<void> {
  if (!req.raw.body || !JSON_CONTENT_TYPE.test(req.header("content-type") ?? "")) return;
  const text = await req.text();
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
    throw validationFailed("The request body is nested too deeply.", { max_depth: MAX_BODY_DEPTH });
  }
  // Only a \u escape parses into NUL or a lone surrogate: a raw NUL is invalid JSON, and decoding
  // the bytes as UTF-8 already turned any broken sequence into U+FFFD. Most bodies stop here.
  if (!text.includes("\\u")) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const field = findUnstorableText(parsed);
  if (field !== null) {
    throw validationFailed(
      "Text in the request body must not contain NUL characters or unpaired surrogates.",
      { field },
    );
  }
}
