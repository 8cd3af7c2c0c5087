/**
 * Queries built once per shape (db/query-shape.ts) answer what drizzle's own builder answers, on
 * both drivers, in and out of transactions, with a template built on another database: the
 * inserted row with its nulls, defaults, JSON and times; a select of joined tables mapped into
 * its nested objects. (That the executing database's logger sees them: cart-hot-path.test.ts.)
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import {
  insertShaped,
  placeholders,
  placeholderValues,
  runShaped,
} from "../../../src/lib/server/db/query-shape.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { newPendingCart } from "../../../src/lib/server/services/cart/new-cart.ts";
import { openFreshPostgres } from "../../helpers/postgres.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");

async function withSeller(handle: DbHandle, seller: string): Promise<void> {
  await handle.db
    .insert(s.seller)
    .values({ id: seller, slug: seller, name: "Seller", timezone: "UTC", currencyCode: "USD" });
  await handle.db
    .insert(s.identity)
    .values({ id: `${seller}:buyer`, sellerId: seller, kind: "guest", createdAt: NOW });
}

/** A select of carts joined to their seller, its `IN` list shaped by length. */
const cartsWithSeller = (handle: DbHandle, ids: readonly string[]) =>
  runShaped(
    handle.db,
    `test_carts_with_seller:${ids.length}`,
    () =>
      handle.db
        .select({ cart: s.cart, seller: { id: s.seller.id, name: s.seller.name } })
        .from(s.cart)
        .innerJoin(s.seller, eq(s.seller.id, s.cart.sellerId))
        .where(inArray(s.cart.id, placeholders("c", ids.length)))
        .orderBy(s.cart.id),
    placeholderValues("c", ids),
  );

function scenarios(name: string, open: () => Promise<DbHandle>): void {
  it(`${name}: a shaped INSERT writes and answers the row drizzle's would, nulls, defaults and JSON included`, async () => {
    const handle = await open();
    try {
      const seller = `shape-${name}`;
      await withSeller(handle, seller);
      const shaped = {
        ...newPendingCart({ sellerId: seller, identityId: `${seller}:buyer` }, NOW),
        codes: ["A"],
        language: null,
      };
      const { editRemovals: _default, ...withDefault } = newPendingCart(
        { sellerId: seller, identityId: `${seller}:buyer` },
        NOW,
      );
      const [first] = await insertShaped(handle.db, "test_cart_insert", s.cart, [shaped], true);
      const [again] = await handle.db.transaction((tx) =>
        insertShaped(
          tx,
          "test_cart_insert",
          s.cart,
          [{ ...shaped, id: `${shaped.id}-2`, cartNumber: "123456789", codes: ["B", "C"] }],
          true,
        ),
      );
      const [defaulted] = await insertShaped(handle.db, "test_cart_insert", s.cart, [withDefault], true);
      expect(first).toEqual({ ...shaped, language: null });
      expect(again?.codes).toEqual(["B", "C"]);
      expect(again?.expiresAt).toEqual(shaped.expiresAt);
      expect(defaulted?.editRemovals).toEqual([]);
      const [read] = await handle.db.select().from(s.cart).where(eq(s.cart.id, shaped.id));
      expect(read).toEqual(first);
    } finally {
      await handle.close();
    }
  });

  it(`${name}: a shaped SELECT of joined tables maps each row into its nested objects, with each run's values`, async () => {
    const handle = await open();
    try {
      const seller = `shape-join-${name}`;
      await withSeller(handle, seller);
      const carts = [1, 2].map(() =>
        newPendingCart({ sellerId: seller, identityId: `${seller}:buyer` }, NOW),
      );
      await handle.db.insert(s.cart).values(carts);
      for (const cart of carts) {
        const rows = await cartsWithSeller(handle, [cart.id]);
        expect(rows).toEqual([{ cart, seller: { id: seller, name: "Seller" } }]);
      }
      expect(await cartsWithSeller(handle, ["nobody"])).toEqual([]);
    } finally {
      await handle.close();
    }
  });
}

describe("queries built once per shape", () => {
  // The PGlite scenarios run first, so on PostgreSQL the templates are ones built on PGlite.
  scenarios("PGlite", () => openDb({ kind: "pglite" }));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    scenarios("PostgreSQL", () => openFreshPostgres(url));
  }
});
