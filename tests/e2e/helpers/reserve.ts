/** e2e helpers of the reserve flows: hydration, the stored cart, and picking dates and sessions. */
import { expect, type Locator, type Page } from "@playwright/test";

/** Waits until the island has hydrated: Astro removes the `ssr` attribute then. */
export async function waitForReserveIsland(page: Page): Promise<Locator> {
  const island = page.locator("#reserve-root astro-island");
  await expect(island).toHaveCount(1);
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  // The reserve section; donations and gift cards have no 'Get tickets' heading (spec 1 §2 one-ticket variant).
  const reserve = page.locator("#reserve-root section.reserve");
  await expect(reserve.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  return reserve;
}

/** The cart id the store keeps in localStorage (key foyer.cart.{seller}). */
export async function storedCartId(page: Page, seller: string): Promise<string | undefined> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { envelope?: { cart?: { _data?: Array<{ id: string }> } } };
    return value.envelope?.cart?._data?.[0]?.id;
  }, `foyer.cart.${seller}`);
}

export interface ServerCart {
  cart: { _data: Array<{ id: string; state: string }> };
  ticket: { _data: Array<{ ticket_type_id: string; event_session_id: string | null; face_value: string }> };
}

/** GET /api/my/cart/{id} with the page's cookies. */
export async function serverCart(page: Page, seller: string): Promise<ServerCart> {
  const id = await storedCartId(page, seller);
  expect(id, "a cart id in localStorage").toBeTruthy();
  const res = await page.request.get(`/api/my/cart/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerCart;
}

/** Clicks the first enabled date button and answers its date label. */
export async function pickFirstDate(reserve: Locator): Promise<void> {
  const first = reserve.locator(".date-button:not([disabled])").first();
  await first.click();
}

/** The enabled session radios. */
export function openSessions(reserve: Locator): Locator {
  return reserve.locator('input[type="radio"]:not([disabled])');
}

/**
 * On the event page already open: the first open date and session, one Adult, 'Add to cart', and
 * the island's 'Added to your cart.'.
 */
export async function addOneAdult(page: Page): Promise<void> {
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  await openSessions(reserve).first().check();
  await reserve.getByRole("button", { name: "Add one Adult" }).click();
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
}
