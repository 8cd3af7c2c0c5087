/** A seller's currency (ISO 4217), read fresh: its places decide how the API writes and reads money. */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";

export async function sellerCurrency(ex: Executor, sellerId: string): Promise<string> {
  const [row] = await ex
    .select({ currency: s.seller.currencyCode })
    .from(s.seller)
    .where(eq(s.seller.id, sellerId));
  if (!row) throw notFound("seller", sellerId);
  return row.currency;
}
