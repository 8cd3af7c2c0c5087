/** GET ledger/{type}/{number}?_seller=: a gift card's number, state and balance (fresh, never cached). */
import { and, eq } from "drizzle-orm";
import type { Ledger } from "../../../api/checkout/schemas.ts";
import { toMoneyString } from "../../../domain/money.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { cachedSeller } from "../cart/static-rows.ts";

export async function getLedger(
  db: Db,
  sellerRef: string,
  type: string,
  number: string,
): Promise<{ ledger: { _count: number; _data: Ledger[] } }> {
  const seller = await cachedSeller(db, sellerRef);
  const [row] = await db
    .select()
    .from(s.ledger)
    .where(
      and(eq(s.ledger.sellerId, seller.id), eq(s.ledger.type, type), eq(s.ledger.number, number.trim())),
    );
  if (!row) throw notFound("ledger", number);
  return {
    ledger: {
      _count: 1,
      _data: [
        {
          type: row.type,
          number: row.number,
          state: row.state === "active" ? "active" : "inactive",
          balance: toMoneyString(row.balance, seller.currencyCode),
        },
      ],
    },
  };
}
