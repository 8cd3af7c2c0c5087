/**
 * "A code is redeemed once, even by 20 parallel attempts." Twenty carts redeem the same
 * gift code (each reserve accepts it: the code is still unused), then all twenty check out at once.
 * The checkout claims the code with one conditional UPDATE before any payment, so exactly one order
 * is booked; the other nineteen answer 'This code has already been redeemed' and book nothing.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send } from "../../helpers/cart.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const ATTEMPTS = 20;

async function raceForOneCode(api: TestApi) {
  const now = api.clock.now();
  const code = "RACE234567";
  const codeId = randomUUID();
  await api.handle.db.insert(s.code).values({
    id: codeId,
    sellerId: "harbour-museum",
    code,
    kind: "gift_membership",
    maxUses: 1,
    validFrom: new Date(now.getTime() - 86_400_000),
    validTo: new Date(now.getTime() + 30 * 86_400_000),
    benefit: { ticket_type_ids: ["hm-membership-individual"], amount_off: 7500 },
  });
  const cartIds: string[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    const res = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      redeemMembership: code,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const env = asCart(res);
    expect(env.cart._data[0]?.totals.total).toBe("0.00");
    cartIds.push(cartOf(env).id);
  }
  const answers = await Promise.all(
    cartIds.map((id, i) =>
      send(api, "POST", `/api/cart/${id}/guest_checkout`, {
        gateway_id: "free",
        identity: {
          first_name: "Racer",
          last_name: `No${i}`,
          email: `racer-${i}-${randomUUID()}@example.com`,
          // Harbour's membership group requires the buyer's ZIP code (identity_form).
          additional_info: { zip_code: "02110" },
        },
      }),
    ),
  );
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status !== 200);
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(ATTEMPTS - 1);
  for (const answer of lost) {
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toMatchObject({
      _code: "code_exhausted",
      _description: "This code has already been redeemed",
    });
  }
  const [row] = await api.handle.db.select().from(s.code).where(eq(s.code.id, codeId));
  expect(row?.uses).toBe(1);
  const orders = await api.handle.db
    .select()
    .from(s.ticketOrder)
    .where(inArray(s.ticketOrder.cartId, cartIds));
  expect(orders).toHaveLength(1);
  expect(row?.redeemedOrderId).toBe(orders[0]?.id);
  const members = await api.handle.db
    .select()
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, orders[0]?.id ?? ""));
  expect(members).toHaveLength(1);
}

describe("a gift code is redeemed once, even by 20 parallel checkouts", () => {
  it(`PGlite: ${ATTEMPTS} parallel checkouts of carts redeeming one code book exactly one order`, async () => {
    const api = await createTestApi();
    try {
      await raceForOneCode(api);
    } finally {
      await api.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    `PostgreSQL: ${ATTEMPTS} parallel checkouts of carts redeeming one code book exactly one order`,
    async () => {
      await withFreshPostgres(url ?? "", async (dbUrl) => {
        const api = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
        try {
          await raceForOneCode(api);
        } finally {
          await api.close();
        }
      });
    },
    60_000,
  );
});
