/**
 * The router every route file registers on. Its own module, so the routes depend on it and the
 * app (app.ts) depends on the routes, never the other way round.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { fail } from "../errors/api-error.ts";
import type { ApiEnv } from "../request/env.ts";

/** A request that fails its route's schema is a 400 validation_failed naming the first issue. */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        // The raw issues go along, so the answer can say zod's words in the call's language.
        throw fail("validation_failed", {
          description: issues[0]?.message ?? "Invalid request.",
          context: "",
          extra: { issues },
          schemaIssues: result.error.issues,
        });
      }
    },
  });
}

export type ApiRouter = ReturnType<typeof newRouter>;
