/**
 * The back office tests' actors and orders: a StaffActor of a seller with a role (and a refund
 * limit), and orders bought as a guest through the storefront's API (tests/helpers/cart.ts), so
 * the services act on what a real checkout leaves.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import type { StaffActor, StaffRole } from "../../../src/lib/domain/admin/roles.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import type { TestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  payAsGuest,
  send,
  setSessionCapacity,
  TEST_CARD,
  upcomingSession,
  withRequiredCustomInfo,
} from "../../helpers/cart.ts";

export type AdminApi = Pick<TestApi, "app" | "handle" | "clock">;

export async function sellerIdOf(api: AdminApi, slug: string): Promise<string> {
  const [row] = await api.handle.db.select({ id: s.seller.id }).from(s.seller).where(eq(s.seller.slug, slug));
  if (!row) throw new Error(`no seller ${slug}`);
  return row.id;
}

/** A staff member of the seller with this role; box office refunds up to `refundLimit` minor units. */
export async function staffActor(
  api: AdminApi,
  sellerSlug: string,
  role: StaffRole,
  refundLimit: number | null = null,
): Promise<StaffActor> {
  return {
    kind: "staff",
    id: randomUUID(),
    name: `${role} of ${sellerSlug}`,
    sellerId: await sellerIdOf(api, sellerSlug),
    role,
    refundLimit,
  };
}

export interface BoughtOrder {
  orderId: string;
  orderNumber: string;
  email: string;
  sessionId: string;
  ticketIds: string[];
}

async function bought(
  api: AdminApi,
  orderId: string,
  email: string,
  sessionId: string,
): Promise<BoughtOrder> {
  const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  const tickets = await api.handle.db
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(eq(s.ticket.ticketOrderId, orderId))
    .orderBy(s.ticket.id);
  return {
    orderId,
    orderNumber: order?.orderNumber ?? "",
    email,
    sessionId,
    ticketIds: tickets.map((t) => t.id),
  };
}

/** A harbour-museum cart of `quantity` adult tickets (26.50 each) for its `offset`th upcoming session. */
async function harbourCart(api: AdminApi, quantity: number, offset: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
  return { cart, session };
}

export const buyer = (tag: string) => ({
  first_name: "Ada",
  last_name: `Lovelace-${tag}`,
  email: `ada-${tag}-${randomUUID().slice(0, 8)}@example.com`,
});

/** A harbour-museum order of `quantity` adult tickets paid by the test card (4242). */
export async function buyHarbourOrder(
  api: AdminApi,
  options: { quantity?: number; offset?: number; tag?: string } = {},
): Promise<BoughtOrder> {
  const { cart, session } = await harbourCart(api, options.quantity ?? 2, options.offset ?? 0);
  const person = buyer(options.tag ?? "card");
  const orderId = await payAsGuest(api, cart.id, person);
  return bought(api, orderId, person.email, session.id);
}

/** A harbour-museum order paid `giftCardPays` by the gift card first, then the rest by the test card. */
export async function buyWithGiftCard(
  api: AdminApi,
  giftCard: string,
  options: { quantity?: number; offset?: number } = {},
): Promise<BoughtOrder> {
  const { cart, session } = await harbourCart(api, options.quantity ?? 2, options.offset ?? 0);
  const person = await withRequiredCustomInfo(api, cart.id, buyer("gift"));
  const read = await send(api, "GET", `/api/cart/${cart.id}`);
  const total = asCart(read).cart_fees._data[0]?.grand_totals.total_outstanding ?? "0";
  // A gift card pays what it can of the total first (cart/{id}/pay), the card the rest.
  const partial = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
    gateway_id: "ledger",
    gateway_data: { number: giftCard },
    amount: total,
  });
  expect(partial.status, JSON.stringify(partial.body)).toBe(200);
  // The card pays a second later: refunds go back newest payment first.
  api.clock.advance(1000);
  const rest = checkoutAnswer.parse(partial.body).checkout_result._data[0]?.total_outstanding ?? "0";
  const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "test",
    gateway_data: TEST_CARD,
    amount: rest,
    identity: person,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const orderId = checkoutAnswer.parse(done.body).ticket_order?._data[0]?.id ?? "";
  return bought(api, orderId, person.email, session.id);
}

/** A harbour-museum individual membership bought by the test card. */
export async function buyMembership(api: AdminApi): Promise<BoughtOrder> {
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      }),
    ),
  );
  const person = buyer("member");
  const orderId = await payAsGuest(api, cart.id, person);
  return bought(api, orderId, person.email, "");
}

export async function ledgerBalance(api: AdminApi, number: string): Promise<number> {
  const [row] = await api.handle.db.select().from(s.ledger).where(eq(s.ledger.number, number));
  return row?.balance ?? Number.NaN;
}

export async function setLedgerBalance(api: AdminApi, number: string, balance: number): Promise<void> {
  await api.handle.db.update(s.ledger).set({ balance }).where(eq(s.ledger.number, number));
}

export async function usedCapacity(api: AdminApi, sessionId: string): Promise<number> {
  const [row] = await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, sessionId));
  return row?.usedCapacity ?? Number.NaN;
}

/** The ApiError's first item (code, status), or the error itself when it is not one. */
export async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await work;
  } catch (error) {
    const e = error as { status?: number; items?: { _code: string }[] };
    if (e.status && e.items) return { status: e.status, code: e.items[0]?._code ?? "" };
    throw error;
  }
  throw new Error("expected a refusal, but it succeeded");
}
