import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { ApiRouter } from "../router.ts";

const route = createRoute({
  method: "get",
  path: "/health",
  responses: {
    200: {
      description: "The API and its database answer.",
      content: { "application/json": { schema: z.object({ ok: z.boolean() }) } },
    },
  },
});

export function registerHealth(router: ApiRouter): void {
  router.openapi(route, async (c) => {
    await c.get("deps").db.execute(sql`select 1`);
    return c.json({ ok: true }, 200);
  });
}
