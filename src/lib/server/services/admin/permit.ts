/**
 * What every back office service checks first: the actor's role allows the action (403
 * `forbidden_for_role`, naming the action), and the input fits the call's zod schema (400
 * `validation_failed` naming the first issue, as the API's routes answer). The tenant is the
 * actor's: every read and write below it is of `actor.sellerId`, and another seller's id is not
 * found.
 */

import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type AdminAction, allows, type StaffActor } from "../../../domain/admin/roles.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../errors/api-error.ts";

export function assertAllowed(actor: StaffActor, action: AdminAction): void {
  if (!allows(actor.role, action)) throw fail("forbidden_for_role", { extra: { action, role: actor.role } });
}

/** The input parsed by its schema, or 400 validation_failed. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw validationFailed(issues[0]?.message ?? "Invalid request.", { issues });
}

export type SellerRow = typeof s.seller.$inferSelect;

/** The actor's seller (its time zone and currency). */
export async function actorSeller(db: Executor, actor: StaffActor): Promise<SellerRow> {
  const [row] = await db.select().from(s.seller).where(eq(s.seller.id, actor.sellerId));
  if (!row) throw notFound("seller", actor.sellerId);
  return row;
}
