/**
 * The language the buyer shops in, kept on the cart in the checkout's transaction before its order
 * is booked: bookCart copies it to the order, whose mails, tickets and passes then speak it. A
 * call without one (the back office's desk sale) leaves the cart's as it is (null: the default).
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/executor.ts";
import { boundAs, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import type { CartRow } from "../cart/types.ts";

export async function keepCartLanguage(
  tx: Tx,
  cart: CartRow,
  language: string | null | undefined,
): Promise<CartRow> {
  if (!language || cart.language === language) return cart;
  await runShaped(
    tx,
    "cart_language",
    () =>
      tx
        .update(s.cart)
        .set({ language: boundAs<string>("language") })
        .where(eq(s.cart.id, sql.placeholder("cart"))),
    { language, cart: cart.id },
  );
  return { ...cart, language };
}
