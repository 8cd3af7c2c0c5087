/**
 * The reschedule's price is one amount from the preview to the charge (domain/manage/edit-price.ts):
 * the preview (GET ticket_order/{id}/reschedule_quote), the confirm page's summary (the edit cart's
 * total less the credit) and its pay button (the outstanding total), and the amount charged. The
 * order's promo code is kept: WELCOME10 takes 10 % off the new tickets too. Harbour Museum's
 * seniors cost $22.00 on Saturdays, $20.00 otherwise; adults $25.00 with a $1.50 fee.
 */
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { rescheduleQuoteAnswer } from "../../../src/lib/api/manage/edit-schemas.ts";
import { parseMoneyString, toMoneyString } from "../../../src/lib/domain/money.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity } from "../../helpers/cart.ts";
import {
  confirmFree,
  expectStatus,
  GUEST,
  newEditCart,
  orderRow,
  orderTickets,
  outstandingOf,
  rescheduleBody,
} from "./edit-helpers.ts";

const api = withTestApi();
const DAY = 86_400_000;
const TEST_CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

/** Admission sessions at least 3 days ahead: on Saturdays (tier "saturday") or on other days. */
async function sessions(saturday: boolean, count: number) {
  const rows = await api.handle.db
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
    .limit(count);
  for (const row of rows) await setSessionCapacity(api, row.id, 50, 0);
  return rows;
}

/** An order of one adult and two seniors at `sessionId`, bought with WELCOME10. */
async function buyWithWelcome10(sessionId: string) {
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [
          { ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity: 1 },
          { ticket_type_id: "hm-ga-senior", event_session_id: sessionId, quantity: 2 },
        ],
      }),
    ),
  );
  asCart(
    await send(api, "POST", `/api/my/cart/${cart.id}/apply_code?_seller=harbour-museum`, {
      code: "WELCOME10",
    }),
  );
  const orderId = await payAsGuest(api, cart.id, GUEST);
  const token = await issueManageToken(api.handle.db, orderId, api.clock.now());
  return { orderId, token };
}

async function quote(orderId: string, token: string, tickets: readonly { id: string }[], sessionId: string) {
  const res = await send(
    api,
    "GET",
    `/api/ticket_order/${orderId}/reschedule_quote?_seller=harbour-museum&token=${encodeURIComponent(token)}&event_session_id=${sessionId}&tickets=${tickets.map((t) => t.id).join(",")}`,
  );
  expectStatus(res, 200);
  const answer = rescheduleQuoteAnswer.parse(res.body).reschedule_quote._data[0];
  if (!answer) throw new Error("no quote");
  return answer;
}

describe("a reschedule shows, before confirming, the amount it then charges", () => {
  it("regression: a weekday WELCOME10 order moved to a Saturday said one amount, summed up another and charged a third", async () => {
    const [weekday] = await sessions(false, 1);
    const [saturday] = await sessions(true, 1);
    if (!weekday || !saturday) throw new Error("no sessions");
    const { orderId, token } = await buyWithWelcome10(weekday.id);
    const before = await orderRow(api, orderId);
    // $25 + $1.50 + 2 × $20 less 10 % of $65 = $60.00
    expect(before.total).toBe(6000);
    const tickets = await orderTickets(api, orderId);

    // The preview: two seniors at $2.00 more, less WELCOME10's 10 %: $3.60.
    const preview = await quote(orderId, token, tickets, saturday.id);
    expect(preview).toMatchObject({ difference: "3.60", total: "63.60", discount: "6.90", credit: "60.00" });

    // The confirm page: the edit cart's summary (total less what the old tickets are worth) and
    // its pay button (the outstanding total) are the same amount.
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, saturday.id)),
    );
    const cart = cartOf(envelope);
    expect(outstandingOf(envelope)).toBe(preview.difference);
    expect(cart.totals.total).toBe(preview.total);
    expect(cart.totals.promo_discount).toBe(preview.discount);
    expect(cart.edit_credit).toBe(preview.credit);
    expect(
      toMoneyString(parseMoneyString(cart.totals.total) - parseMoneyString(cart.edit_credit ?? "0.00")),
    ).toBe(preview.difference);
    expect(cart.cart_mods.map((m) => [m.name, m.discount])).toEqual([["WELCOME10", "6.90"]]);

    // The charge.
    const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: TEST_CARD,
      send_email: false,
    });
    expectStatus(paid, 200);
    const answer = checkoutAnswer.parse(paid.body);
    expect(answer.checkout_result._data[0]?.amount_paid).toBe(preview.difference);
    expect(answer.payment?._data.map((p) => [p.state, p.amount])).toEqual([["succeeded", "3.60"]]);
    expect((await orderRow(api, orderId)).total).toBe(6360);
  });

  it("'No price difference.': a same-price reschedule of a WELCOME10 order costs 0 and confirms free", async () => {
    const [from, to] = await sessions(false, 2);
    if (!from || !to) throw new Error("no sessions");
    const { orderId, token } = await buyWithWelcome10(from.id);
    const tickets = await orderTickets(api, orderId);
    expect((await quote(orderId, token, tickets, to.id)).difference).toBe("0.00");
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)),
    );
    expect(outstandingOf(envelope)).toBe("0.00");
    const res = await confirmFree(api, cartId);
    expectStatus(res, 200);
    expect(checkoutAnswer.parse(res.body).checkout_result._data[0]?.amount_paid).toBe("0.00");
    expect((await orderRow(api, orderId)).total).toBe(6000);
    const after = await orderTickets(api, orderId);
    expect(after.filter((t) => t.state === "booked").every((t) => t.eventSessionId === to.id)).toBe(true);
  });

  it("the preview needs the order's token and the order's own booked tickets", async () => {
    const [from, to] = await sessions(false, 2);
    if (!from || !to) throw new Error("no sessions");
    const { orderId, token } = await buyWithWelcome10(from.id);
    const tickets = await orderTickets(api, orderId);
    const other = await buyWithWelcome10(from.id);
    const path = (t: string, ids: string) =>
      `/api/ticket_order/${orderId}/reschedule_quote?_seller=harbour-museum&token=${encodeURIComponent(t)}&event_session_id=${to.id}&tickets=${ids}`;
    expectStatus(await send(api, "GET", path(other.token, tickets.map((t) => t.id).join(","))), 404);
    const foreign = (await orderTickets(api, other.orderId))[0]?.id ?? "";
    expectStatus(await send(api, "GET", path(token, foreign)), 404);
    expectStatus(await send(api, "GET", path(token, "")), 400);
  });
});
