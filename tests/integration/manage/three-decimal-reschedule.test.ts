/**
 * A reschedule in KWD (three decimals): the preview, the edit cart and the charge say one amount,
 * in three places, and it is tens of fils as a card takes it (money.ts chargeStep): the difference
 * of two totals that are each rounded to ten fils. Harbour Museum is switched to KWD in a copy of
 * the content folder and in its seller row; its adult ticket costs KWD 2.500 on weekdays and
 * 3.755 on Saturdays, with a fee of 0.150 and 2.5 %.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { rescheduleQuoteAnswer } from "../../../src/lib/api/manage/edit-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity, TEST_CARD } from "../../helpers/cart.ts";
import {
  expectStatus,
  GUEST,
  newEditCart,
  orderRow,
  orderTickets,
  outstandingOf,
  rescheduleBody,
} from "./edit-helpers.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-kwd-manage-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", "harbour-museum.json");
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { portal: Record<string, unknown> };
harbour.portal.default_currency_code = "KWD";
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();
const DAY = 86_400_000;

beforeAll(async () => {
  const db = api.handle.db;
  await db.update(s.seller).set({ currencyCode: "KWD" }).where(eq(s.seller.slug, "harbour-museum"));
  await db
    .update(s.ticketType)
    .set({
      currencyAmount: 2500,
      feeFixedOutside: 150,
      feePercentOutside: 250,
      tierAmounts: { saturday: 3755 },
    })
    .where(eq(s.ticketType.id, "hm-ga-adult"));
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(content, { recursive: true, force: true });
});

async function session(saturday: boolean) {
  const [row] = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, "hm-general-admission"),
        gte(s.eventSession.startDatetime, new Date(api.clock.now().getTime() + 3 * DAY)),
        saturday ? eq(s.eventSession.priceTier, "saturday") : isNull(s.eventSession.priceTier),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventSession.id))
    .limit(1);
  if (!row) throw new Error("no session");
  await setSessionCapacity(api, row.id, 50, 0);
  return row;
}

describe("a KWD reschedule costs tens of fils, the same from the preview to the charge", () => {
  it("a weekday adult (2.713 -> 2.710) moved to a Saturday (3.999 -> 4.000) costs 1.290", async () => {
    const weekday = await session(false);
    const saturday = await session(true);
    const created = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: weekday.id, quantity: 1 }],
      }),
    );
    const orderId = await payAsGuest(api, cartOf(created).id, GUEST);
    expect((await orderRow(api, orderId)).total).toBe(2710);
    const token = await issueManageToken(api.handle.db, orderId, api.clock.now());
    const tickets = await orderTickets(api, orderId);

    const res = await send(
      api,
      "GET",
      `/api/ticket_order/${orderId}/reschedule_quote?_seller=harbour-museum&token=${encodeURIComponent(token)}&event_session_id=${saturday.id}&tickets=${tickets.map((t) => t.id).join(",")}`,
    );
    expectStatus(res, 200);
    const preview = rescheduleQuoteAnswer.parse(res.body).reschedule_quote._data[0];
    // 3755 + 150 + 94 = 3999, charged as 4000 (the fees 0.245); the old tickets are worth 2.710.
    expect(preview).toMatchObject({
      difference: "1.290",
      face_value: "3.755",
      fees: "0.245",
      total: "4.000",
      credit: "2.710",
    });

    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, saturday.id)),
    );
    expect(outstandingOf(envelope)).toBe("1.290");
    expect(cartOf(envelope).edit_credit).toBe("2.710");

    const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      amount: "1.290",
      send_email: false,
    });
    expectStatus(paid, 200);
    const answer = checkoutAnswer.parse(paid.body);
    expect(answer.checkout_result._data[0]?.amount_paid).toBe("1.290");
    expect(answer.payment?._data.map((p) => [p.state, p.amount])).toEqual([["succeeded", "1.290"]]);
    expect((await orderRow(api, orderId)).total).toBe(4000);
  });
});
