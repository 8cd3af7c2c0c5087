/**
 * e2e helpers for the cart widget: create a cart through the API (as the store would), hand it to
 * the page through localStorage the way the store writes it, shorten its hold, and wait for the
 * widget island to hydrate.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { testNow } from "./clock.ts";

export const SELLER = "harbour-museum";

export interface AddLine {
  ticket_type_id: string;
  event_session_id?: string;
  quantity?: number;
}

/** The cart envelope as far as the tests read it. */
export interface CartAnswer {
  cart: { _data: Array<{ id: string; expires_in: number; expires_at: string }> };
  ticket: { _data: Array<{ id: string; event_template_id: string }> };
}

/** The first session of an event that is open for sale (spec §7 'limit 1, sold_out false'). */
/**
 * The first session with room for `quantity` tickets and some to spare. Parallel tests share the
 * sessions: the very first one runs out during a full run (a 5-ticket cart met 3 places left).
 */
export async function firstOpenSession(
  request: APIRequestContext,
  eventId = "hm-general-admission",
  quantity = 1,
) {
  const res = await request.get(
    `/api/events/${eventId}/sessions?_seller=${SELLER}&_limit=50&sold_out=false&_sort=start_datetime`,
  );
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    event_session: { _data: Array<{ id: string; available_capacity: number | null }> };
  };
  const headroom = quantity + 10;
  const roomy = body.event_session._data.find(
    (s) => s.available_capacity === null || s.available_capacity >= headroom,
  );
  const id = roomy?.id;
  if (!id) throw new Error(`No open session of ${eventId} with ${headroom} places`);
  return id;
}

/** POST my/cart/modify: a new cart holding these tickets. */
export async function createCart(request: APIRequestContext, add: AddLine[]): Promise<CartAnswer> {
  const res = await request.post(`/api/my/cart/modify?_seller=${SELLER}`, { data: { add } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CartAnswer;
}

/** A cart with `quantity` adult general admissions on the first open session. */
export async function admissionCart(request: APIRequestContext, quantity = 2, extra: AddLine[] = []) {
  const session = await firstOpenSession(request, "hm-general-admission", quantity);
  return createCart(request, [
    { ticket_type_id: "hm-ga-adult", event_session_id: session, quantity },
    ...extra,
  ]);
}

/**
 * PATCH my/cart/{id}: moves the expiry to `seconds` from the server's now (shortening is allowed).
 * The server's clock is not this process's: its now is the cart's expires_at less its expires_in.
 */
export async function shortenHold(request: APIRequestContext, cartId: string, seconds: number) {
  const current = await request.get(`/api/my/cart/${cartId}`);
  expect(current.status(), await current.text()).toBe(200);
  const cart = ((await current.json()) as CartAnswer).cart._data[0];
  if (!cart) throw new Error("No cart in the answer");
  const serverNow = Date.parse(cart.expires_at) - cart.expires_in * 1000;
  const res = await request.patch(`/api/my/cart/${cartId}`, {
    data: { expires_at: new Date(serverNow + seconds * 1000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { cart: { _data: Array<{ expires_in: number }> } };
  return body.cart._data[0]?.expires_in ?? 0;
}

/**
 * Puts the cart into localStorage as the store writes it ({seller, envelope, localExpiresAt}),
 * once per browser context, before any page script runs; the store then refreshes it.
 */
export async function seedCart(page: Page, answer: CartAnswer, seller = SELLER) {
  const cart = answer.cart._data[0];
  if (!cart) throw new Error("No cart in the answer");
  // The store's own rule (expires_in less 5 s), counted from the fixed instant the fixture installs
  // as the page's clock; the store refreshes the cart from the server once the page runs.
  const localExpiresAt = testNow().getTime() + (cart.expires_in - 5) * 1000;
  await page.context().addInitScript(
    ({ key, value, flag }) => {
      if (localStorage.getItem(flag)) return;
      localStorage.setItem(flag, "1");
      localStorage.setItem(key, value);
    },
    {
      key: `foyer.cart.${seller}`,
      value: JSON.stringify({ seller, envelope: answer, localExpiresAt }),
      flag: `foyer.e2e.seeded.${cart.id}`,
    },
  );
}

/**
 * A cart of one General Admission ticket, stored in the browser as the store keeps it: the path of
 * its checkout page.
 */
export async function seededCheckoutPath(page: Page, request: APIRequestContext): Promise<string> {
  const answer = await admissionCart(request, 1);
  await seedCart(page, answer);
  return `/${SELLER}/checkout/${answer.cart._data[0]?.id ?? ""}`;
}

/**
 * The cart aside, once its island is ready: hydrated, or (no cart, no `?code=`) asleep as the server
 * rendered it, listening for a cart to be stored (`client:cart`, src/islands/cart/hydrate-with-cart.ts).
 */
export async function cartWidget(page: Page) {
  await page
    .locator('.cart-widget[data-hydrated="true"], astro-island[data-cart-asleep] .cart-widget')
    .first()
    .waitFor({ state: "attached" });
  return page.getByRole("complementary", { name: "Your cart" });
}
