/** Orders for the manage tests: a free zoo talk order and a paid harbour order, as guests. */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import { expect } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import type { TestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

export type ManageApi = Pick<TestApi, "app" | "handle" | "clock">;

export interface BookedOrder {
  orderId: string;
  orderNumber: string;
  sessionId: string;
  email: string;
  token: string;
  ticketIds: string[];
}

async function booked(
  api: ManageApi,
  orderId: string,
  sessionId: string,
  email: string,
): Promise<BookedOrder> {
  const read = await send(api, "GET", `/api/ticket_order/${orderId}?_embed=ticket`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const body = read.body as {
    ticket_order: { _data: Array<{ order_number: string }> };
    ticket: { _data: Array<{ id: string }> };
  };
  return {
    orderId,
    orderNumber: body.ticket_order._data[0]?.order_number ?? "",
    sessionId,
    email,
    token: await issueManageToken(api.handle.db, orderId, api.clock.now()),
    ticketIds: body.ticket._data.map((t) => t.id),
  };
}

/** The first session of an event starting at least `ms` after the test clock (outside a 1-day horizon). */
export async function sessionAfter(api: ManageApi, eventTemplateId: string, ms: number) {
  const [row] = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, eventTemplateId),
        gte(s.eventSession.startDatetime, new Date(api.clock.now().getTime() + ms)),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventSession.id))
    .limit(1);
  if (!row) throw new Error(`no session of ${eventTemplateId} that late`);
  return row;
}

/** A free order of `quantity` keeper-talk tickets at riverside-zoo, checked out with the free gateway. */
export async function freeZooOrder(api: ManageApi, quantity = 2, offset = 0): Promise<BookedOrder> {
  const session = await upcomingSession(api, "rz-keeper-talk", offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        add: [{ ticket_type_id: "rz-talk-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
  const email = `free-${randomUUID().slice(0, 8)}@example.com`;
  const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "free",
    identity: { first_name: "Grace", last_name: "Hopper", email },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const orderId = checkoutAnswer.parse(done.body).ticket_order?._data[0]?.id ?? "";
  return booked(api, orderId, session.id, email);
}

/** A paid harbour-museum order (self-edit on there) of `quantity` adult admissions. */
export async function paidHarbourOrder(api: ManageApi, quantity = 1): Promise<BookedOrder> {
  const session = await sessionAfter(api, "hm-general-admission", 3 * 86_400_000);
  await setSessionCapacity(api, session.id, 50, 0);
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
  const email = `paid-${randomUUID().slice(0, 8)}@example.com`;
  const orderId = await payAsGuest(api, cart.id, { first_name: "Ada", last_name: "Lovelace", email });
  return booked(api, orderId, session.id, email);
}
