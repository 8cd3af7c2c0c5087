/**
 * Spec 1 §9 "All-day event: single repeating session longer than 5 hours", in the cart answer:
 * each event_session of the cart says whether it is all day (all_day), so the cart can show its
 * date with 'All day' as the reserve screen did, where it has no list of the date's sessions.
 */
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, loginIdentity, send, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const ZOO = "_seller=riverside-zoo";

async function holdOne(cookie: string, ticketTypeId: string, sessionId: string, cartId?: string) {
  return asCart(
    await send(
      api,
      "POST",
      cartId ? `/api/my/cart/${cartId}/modify?${ZOO}` : `/api/my/cart/modify?${ZOO}`,
      { add: [{ ticket_type_id: ticketTypeId, event_session_id: sessionId, quantity: 1 }] },
      { cookie },
    ),
  );
}

const allDayOf = (cart: ReturnType<typeof asCart>, sessionId: string) =>
  cart.event_session?._data.find((x) => x.id === sessionId)?.all_day;

describe("spec 1 §9: all-day sessions in the cart answer", () => {
  it("the keeper day's single 6½-hour session of its date is all day; the zoo's short day admission is not", async () => {
    const { cookie } = await loginIdentity(api, "riverside-zoo");
    const keeperDay = await upcomingSession(api, "rz-keeper-day");
    const admission = await upcomingSession(api, "rz-day-admission", 12);
    const first = await holdOne(cookie, "rz-keeper-day-junior", keeperDay.id);
    const cart = await holdOne(cookie, "rz-day-adult", admission.id, cartOf(first).id);
    expect(allDayOf(cart, keeperDay.id)).toBe(true);
    expect(allDayOf(cart, admission.id)).toBe(false);
  });

  it("'single' session: a second session on the same date makes the long one a timed session again", async () => {
    const { cookie } = await loginIdentity(api, "riverside-zoo");
    const keeperDay = await upcomingSession(api, "rz-keeper-day", 1);
    const { id: _id, ...row } = keeperDay;
    await api.handle.db.insert(s.eventSession).values({
      ...row,
      id: `${keeperDay.id}-late`,
      startDatetime: new Date(keeperDay.startDatetime.getTime() + 60 * 60_000),
      usedCapacity: 0,
    });
    const cart = await holdOne(cookie, "rz-keeper-day-junior", keeperDay.id);
    expect(cartOf(cart).state).toBe("pending");
    expect(allDayOf(cart, keeperDay.id)).toBe(false);
  });
});
