/**
 * Helpers of the edit-cart tests: a paid harbour order beyond the self-edit horizon, its
 * manage token, the edit calls, and readers of the order's tickets and the session counters.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { expect } from "vitest";
import type { CartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import type { TestApi } from "../../helpers/api.ts";
import { type Answer, asCart, cartOf, payAsGuest, send, setSessionCapacity } from "../../helpers/cart.ts";

export const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };
const DAY = 86_400_000;

type Api = Pick<TestApi, "app" | "handle" | "clock">;

/**
 * The `offset`-th session of an event starting at least `days` days after the test clock, with
 * `capacity` places and none used (tests own the numbers).
 */
export async function laterSession(
  api: Api,
  offset: number,
  options: { days?: number; capacity?: number; event?: string } = {},
) {
  const from = new Date(api.clock.now().getTime() + (options.days ?? 3) * DAY);
  const rows = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, options.event ?? "hm-general-admission"),
        gte(s.eventSession.startDatetime, from),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventSession.id))
    .limit(offset + 1);
  const row = rows[offset];
  if (!row) throw new Error("no later session");
  await setSessionCapacity(api, row.id, options.capacity ?? 50, 0);
  return row;
}

/** A guest order of `quantity` adult tickets at `sessionId`, paid with the test card; its id and token. */
export async function buyOrder(api: Api, sessionId: string, quantity = 2, seller = "harbour-museum") {
  const type = seller === "harbour-museum" ? "hm-ga-adult" : "rz-day-adult";
  const cart = cartOf(
    asCart(
      await send(api, "POST", `/api/my/cart/modify?_seller=${seller}`, {
        add: [{ ticket_type_id: type, event_session_id: sessionId, quantity }],
      }),
    ),
  );
  const orderId = await payAsGuest(api, cart.id, GUEST);
  const token = await issueManageToken(api.handle.db, orderId, api.clock.now());
  return { orderId, token };
}

export async function orderTickets(api: Api, orderId: string) {
  return api.handle.db
    .select()
    .from(s.ticket)
    .where(eq(s.ticket.ticketOrderId, orderId))
    .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id));
}

export async function orderRow(api: Api, orderId: string) {
  const [row] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function usedPlaces(api: Api, sessionId: string): Promise<number> {
  const [row] = await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, sessionId));
  return row?.usedCapacity ?? Number.NaN;
}

export async function newEditCart(api: Api, orderId: string, token: string): Promise<CartEnvelope> {
  return asCart(await send(api, "POST", `/api/ticket_order/${orderId}/edit_cart`, { manage_token: token }));
}

export const outstandingOf = (envelope: CartEnvelope) =>
  envelope.cart_fees._data[0]?.grand_totals.total_outstanding ?? "missing";

/** A reschedule as the page makes it: remove the order's tickets, add the same types at `sessionId`. */
export function rescheduleBody(tickets: readonly { id: string; ticketTypeId: string }[], sessionId: string) {
  const perType = new Map<string, number>();
  for (const t of tickets) perType.set(t.ticketTypeId, (perType.get(t.ticketTypeId) ?? 0) + 1);
  return {
    remove: tickets.map((t) => t.id),
    add: [...perType].map(([ticket_type_id, quantity]) => ({
      ticket_type_id,
      event_session_id: sessionId,
      quantity,
    })),
  };
}

/** POST cart/{id}/guest_checkout of an edit cart with the free gateway (spec 2 §7, send_email false). */
export function confirmFree(api: Pick<TestApi, "app">, cartId: string): Promise<Answer> {
  return send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "free",
    gateway_data: {},
    send_email: false,
  });
}

export function expectStatus(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(status);
}
