/**
 * Chosen seats stay shown, and the seat map's polish: chosen seats and their holder show in
 * the cart, at checkout, on the completion page and in the confirmation mail; on a 390 px phone the
 * seats are at least 24 px and the map's dialog has no 'Cart' button in its footer.
 */
import { expect, type Locator, type Page, test } from "./fixtures.ts";
import { openSessions, waitForReserveIsland } from "./helpers/reserve.ts";

const SELLER = "harbour-museum";
const CONCERT = `/${SELLER}/events/hm-evening-concert`;
const EMAIL = "seats-shown@example.test";

/** Opens the concert on the `nth` open date (others than seats.spec.ts's) with `stalls` Stalls tickets. */
async function chooseStalls(page: Page, nth: number, stalls: number): Promise<Locator> {
  await page.goto(CONCERT);
  const reserve = await waitForReserveIsland(page);
  await reserve.locator(".date-button:not([disabled])").nth(nth).click();
  await openSessions(reserve).first().check();
  for (let i = 0; i < stalls; i++) await reserve.getByRole("button", { name: "Add one Stalls seat" }).click();
  return reserve;
}

async function openSelector(page: Page, reserve: Locator): Promise<Locator> {
  await reserve.getByRole("button", { name: "Find Seats" }).click();
  const selector = page.getByRole("dialog", { name: "Select your seats" });
  await expect(selector.getByRole("group", { name: "Seat map" })).toBeVisible();
  return selector;
}

test("'Show the section, row and seat wherever a seated ticket is listed': cart, checkout, completion, mail", async ({
  page,
}) => {
  // Regression: after 'Add to cart' the seats and holder names were never shown again.
  const reserve = await chooseStalls(page, 6, 2);
  await reserve.getByLabel("Full name, ticket 1").first().fill("Ada Lovelace");
  const selector = await openSelector(page, reserve);
  await selector.getByRole("button", { name: "Seat F10, Stalls, Available", exact: true }).click();
  await selector.getByRole("button", { name: "Confirm Selection" }).click();
  await expect(reserve.getByTestId("selected-seats")).toHaveText("Stalls: F10, F11");
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();

  const seatsIn = (scope: Locator) => scope.getByTestId("cart-seats");
  const aside = page.locator(".cart-aside");
  await expect(seatsIn(aside)).toContainText("Section Stalls, Row F, Seat 10");
  await expect(seatsIn(aside)).toContainText("Section Stalls, Row F, Seat 11");
  await expect(seatsIn(aside)).toContainText("(Ada Lovelace)");

  await aside.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  const summary = page.locator(".cart-aside");
  await expect(seatsIn(summary)).toContainText("Section Stalls, Row F, Seat 10");
  await expect(seatsIn(summary)).toContainText("Section Stalls, Row F, Seat 11");

  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email address", { exact: true }).fill(EMAIL);
  await page.getByLabel("Confirm email address").fill(EMAIL);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();

  await expect(page).toHaveURL(new RegExp(`/${SELLER}/checkout/complete\\?orderIds=`));
  const booked = page.getByTestId("order-seats");
  await expect(booked).toContainText("Section Stalls, Row F, Seat 10");
  await expect(booked).toContainText("Section Stalls, Row F, Seat 11");
  await expect(booked).toContainText("(Ada Lovelace)");

  await page.goto(`/_mail?to=${encodeURIComponent(EMAIL)}`);
  await page
    .getByRole("link", { name: /^Your order / })
    .first()
    .click();
  await expect(page.getByText(/Section Stalls, Row F, Seat 10/).first()).toBeVisible();
  await expect(page.getByText(/Section Stalls, Row F, Seat 11/).first()).toBeVisible();
});

test("seat map on a 390 px phone: 'seats ... at least 24 px', zoom out to fit, no 'Cart' in its footer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const reserve = await chooseStalls(page, 7, 1);
  const selector = await openSelector(page, reserve);
  const seat = selector.locator(".seat-map .seat__dot").first();
  await expect.poll(async () => (await seat.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(24);
  // Zoomed in, the shopper can zoom back out to the whole map.
  await expect(selector.getByRole("button", { name: "Zoom out" })).toBeEnabled();
  await expect(selector.getByRole("list", { name: "Prices" })).toContainText("Stalls: $45.00");
  await expect(selector.getByRole("button", { name: /^Cart/ })).toHaveCount(0);
  await expect(selector.getByRole("button", { name: "Confirm Selection" })).toBeVisible();
});

test.describe("the seat map on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("regression: a balcony order opened on the stalls, off screen, and a tap on a balcony seat did not register; Find Seats picks the row's centre", async ({
    page,
  }) => {
    await page.goto(CONCERT);
    const reserve = await waitForReserveIsland(page);
    await reserve.locator(".date-button:not([disabled])").nth(5).click();
    await openSessions(reserve).first().check();
    await reserve.getByRole("button", { name: "Add one Balcony seat" }).click();
    const selector = await openSelector(page, reserve);
    const balcony = selector.getByRole("button", { name: /, Balcony, Available$/ });
    // Opened on the balcony: its seats are on screen without dragging the map.
    await expect(balcony.nth(4)).toBeInViewport();
    // A tap, as a finger makes it, chooses the seat.
    await balcony.nth(4).tap();
    await expect(selector.getByRole("button", { name: /, Balcony, Selected$/ })).toHaveCount(1);
    await expect(selector.getByText("Balcony: 1 of 1 seats selected")).toBeVisible();
    // Released, then Find Seats: a seat at the centre of a row, not at its end.
    await selector.getByRole("button", { name: /, Balcony, Selected$/ }).tap();
    await selector.getByRole("button", { name: "Find Seats" }).tap();
    const found = await selector
      .getByRole("button", { name: /, Balcony, Selected$/ })
      .getAttribute("data-seat");
    // The balcony's rows have 16 seats: the centre pair is 8 and 9.
    expect(found).toMatch(/^[A-Z](8|9)$/);
  });
});
