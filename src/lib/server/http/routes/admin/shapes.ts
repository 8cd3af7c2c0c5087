/**
 * The admin API's shared shapes: the `_seller` query and `{id}` parameter, the documented answers
 * (an envelope of `{ _count, _data }` per resource type, or CSV) with the error bodies, and the
 * envelopes themselves with field names in the API's snake_case.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../../request/env.ts";
import { envelope, errorBodies } from "../_shared.ts";

export const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
export const idParam = z.object({ id: z.string().max(200) });

const errors = errorBodies(400, 401, 403, 404, 409, 429);

/**
 * A documented answer: `schema` is the answer's exact shape (the one the back office's client
 * parses, `api/admin/schemas.ts`), else the generic envelope.
 */
export const answer = (description: string, schema: z.ZodType = envelope) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errors,
});

export const csv = (description: string) => ({
  200: { description, content: { "text/csv": { schema: z.string() } } },
  ...errors,
});

/** Field names in the API's style: camelCase keys of the services' answers become snake_case. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        snakeKeys(v),
      ]),
    );
  }
  return value;
}

export function one(resource: string, item: unknown) {
  return { [resource]: { _count: 1, _data: [snakeKeys(item)] } };
}

export function many(resource: string, items: readonly unknown[]) {
  return { [resource]: { _count: items.length, _data: items.map(snakeKeys) } };
}

export function csvAnswer(c: Context<ApiEnv>, file: { filename: string; csv: string }) {
  return c.body(file.csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
  });
}
