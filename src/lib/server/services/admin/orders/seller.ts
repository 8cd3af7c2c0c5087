/** The actor's seller row (currency, slug and name for amounts and mails). */
import { eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { notFound } from "../../../errors/api-error.ts";
import type { SellerRow } from "../../catalogue/reads.ts";

export async function actorSeller(ex: Executor, actor: StaffActor): Promise<SellerRow> {
  const [seller] = await ex.select().from(s.seller).where(eq(s.seller.id, actor.sellerId));
  if (!seller) throw notFound("seller", actor.sellerId);
  return seller;
}
