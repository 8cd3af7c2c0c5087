/**
 * The gate specs' shared steps: the venue's dates at the server's fixed clock, and a ticket bought
 * as a guest through the API for a session of a date, by its scan code.
 */
import { randomUUID } from "node:crypto";
import { E2E_NOW } from "../clock-runs.ts";
import { type APIRequestContext, expect } from "../fixtures.ts";
import { SELLER } from "./cart.ts";

/** The venue's date at the server's fixed clock (Harbour Museum is in New York). */
export const venueDate = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(at);
export const today = venueDate(new Date(E2E_NOW));
/** A Wednesday, the day after (the museum is closed on Mondays, open the rest of the week). */
export const tomorrow = venueDate(new Date(new Date(E2E_NOW).getTime() + 86_400_000));

/** The scan code of one adult ticket bought as a guest for the last session on sale on `date`. */
export async function boughtTicketCode(request: APIRequestContext, date: string): Promise<string> {
  const sessions = await request.get(
    `/api/events/hm-general-admission/sessions?_seller=${SELLER}&_ondate=${date}&sold_out=false&_sort=start_datetime`,
  );
  expect(sessions.status(), await sessions.text()).toBe(200);
  const open = ((await sessions.json()) as { event_session: { _data: { id: string }[] } }).event_session
    ._data;
  const session = open.at(-1)?.id;
  if (!session) throw new Error(`No session of ${date} on sale`);
  const cart = await request.post(`/api/my/cart/modify?_seller=${SELLER}`, {
    data: { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session, quantity: 1 }] },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const cartId = ((await cart.json()) as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout?_seller=${SELLER}`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: { first_name: "Ada", last_name: "Gate", email: `gate-${randomUUID()}@example.com` },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const orderId = ((await paid.json()) as { ticket_order: { _data: { id: string }[] } }).ticket_order._data[0]
    ?.id;
  const tickets = await request.get(`/api/ticket_order?_seller=${SELLER}&id._in=${orderId}&_embed=ticket`);
  const code = ((await tickets.json()) as { ticket: { _data: { scan_code: string | null }[] } }).ticket
    ._data[0]?.scan_code;
  if (!code) throw new Error("The ticket has no scan code");
  return code;
}
