/**
 * Seat selection (spec 1 §2 "Seat selection", §4 "Seats", §5, §9) on the seated evening concert:
 * Find Seats, a click with its neighbour auto-selected, Confirm Selection, the add with one ticket
 * per seat, keyboard operation, a seat taken meanwhile (409 seat_unavailable) and axe on the open
 * selector.
 */

import { CLOCK_TAG } from "./clock-runs.ts";
import { expect, type Locator, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { openSessions, storedCartId, waitForReserveIsland } from "./helpers/reserve.ts";

const SELLER = "harbour-museum";
const CONCERT = `/${SELLER}/events/hm-evening-concert`;

interface SeatCart {
  ticket: { _data: Array<{ ticket_type_id: string; seat_template_id: string | null }> };
}

/** Opens the concert, picks the `nth` open date and its session, and sets `stalls` Stalls tickets. */
async function chooseStalls(
  page: Page,
  nth: number,
  stalls: number,
): Promise<{ reserve: Locator; session: string }> {
  await page.goto(CONCERT);
  const reserve = await waitForReserveIsland(page);
  await reserve.locator(".date-button:not([disabled])").nth(nth).click();
  const radio = openSessions(reserve).first();
  await radio.check();
  const session = await radio.inputValue();
  for (let i = 0; i < stalls; i++) await reserve.getByRole("button", { name: "Add one Stalls seat" }).click();
  return { reserve, session };
}

async function openSelector(reserve: Locator, page: Page): Promise<Locator> {
  await reserve.getByRole("button", { name: "Find Seats" }).click();
  const selector = page.getByRole("dialog", { name: "Select your seats" });
  await expect(selector).toBeVisible();
  await expect(selector.getByRole("group", { name: "Seat map" })).toBeVisible();
  return selector;
}

const seat = (selector: Locator, name: string, state: string) =>
  selector.getByRole("button", { name: `Seat ${name}, Stalls, ${state}`, exact: true });

test("choose 2 stalls seats: a click auto-selects the neighbour; the add holds those seats", {
  tag: CLOCK_TAG,
}, async ({ page }) => {
  const { reserve } = await chooseStalls(page, 1, 2);
  const submit = reserve.getByRole("button", { name: "Add to cart" });
  // 'Submit enabled only when ... seats complete'
  await expect(submit).toBeDisabled();
  const selector = await openSelector(reserve, page);
  const confirm = selector.getByRole("button", { name: "Confirm Selection" });
  await expect(confirm).toBeDisabled();
  await expect(selector.getByRole("list", { name: "Legend" })).toContainText("Sold out");
  // Only stalls are ordered: no group filter buttons.
  await expect(selector.getByRole("button", { name: "All", exact: true })).toHaveCount(0);

  await seat(selector, "B5", "Available").click();
  await expect(seat(selector, "B5", "Selected")).toHaveAttribute("aria-pressed", "true");
  await expect(seat(selector, "B6", "Selected")).toHaveAttribute("aria-pressed", "true");
  await expect(selector.getByRole("status").filter({ hasText: "2 of 2" })).toBeVisible();
  // Clicking a selected seat unselects it; clicking again refills from it.
  await seat(selector, "B6", "Selected").click();
  await expect(confirm).toBeDisabled();
  await seat(selector, "B6", "Available").click();
  await expect(seat(selector, "B6", "Selected")).toBeVisible();
  await confirm.click();
  await expect(selector).toBeHidden();

  await expect(reserve.getByTestId("selected-seats")).toHaveText("Stalls: B5, B6");
  // 'Find Seats is hidden once the quantities are met'
  await expect(reserve.getByRole("button", { name: "Find Seats" })).toHaveCount(0);
  await expect(reserve.getByRole("button", { name: "Change Selected Seats" })).toBeVisible();
  await submit.click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();

  const id = await storedCartId(page, SELLER);
  expect(id, "a cart id in localStorage").toBeTruthy();
  const res = await page.request.get(`/api/my/cart/${id}`);
  expect(res.status()).toBe(200);
  const cart = (await res.json()) as SeatCart;
  expect(cart.ticket._data.map((t) => t.seat_template_id).sort()).toEqual(["hm-seat-B05", "hm-seat-B06"]);
  expect(cart.ticket._data.every((t) => t.ticket_type_id === "hm-concert-stalls-standard")).toBe(true);
});

test("keyboard: arrows move between seats, Enter chooses; changing quantities clears the seats", {
  tag: CLOCK_TAG,
}, async ({ page }) => {
  const { reserve } = await chooseStalls(page, 2, 1);
  const selector = await openSelector(reserve, page);
  const first = selector.locator('.seat[tabindex="0"]');
  await expect(first).toHaveCount(1);
  await first.focus();
  const start = (await first.getAttribute("data-seat")) ?? "";
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  const focused = page.locator(".seat:focus");
  const name = (await focused.getAttribute("data-seat")) ?? "";
  expect(name).not.toBe(start);
  await page.keyboard.press("Enter");
  await expect(focused).toHaveAttribute("aria-pressed", "true");
  await selector.getByRole("button", { name: "Confirm Selection" }).click();
  await expect(reserve.getByTestId("selected-seats")).toHaveText(`Stalls: ${name}`);
  // 'Leaving the component clears chosen seats'
  await reserve.getByRole("button", { name: "Add one Stalls seat" }).click();
  await expect(reserve.getByTestId("selected-seats")).toHaveCount(0);
  await expect(reserve.getByRole("button", { name: "Find Seats" })).toBeVisible();
});

test("a seat taken meanwhile: 409 seat_unavailable shows a message and reloads the map", {
  tag: CLOCK_TAG,
}, async ({ page }) => {
  const { reserve, session } = await chooseStalls(page, 3, 2);
  const selector = await openSelector(reserve, page);
  await seat(selector, "D2", "Available").click();
  await selector.getByRole("button", { name: "Confirm Selection" }).click();
  await expect(reserve.getByTestId("selected-seats")).toHaveText("Stalls: D2, D3");
  // Another shopper holds D3 first.
  const taken = await page.request.post(`/api/my/cart/modify?_seller=${SELLER}`, {
    data: {
      add: [
        {
          ticket_type_id: "hm-concert-stalls-standard",
          event_session_id: session,
          seat_template_id: "hm-seat-D03",
        },
      ],
    },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("alert")).toContainText("no longer available");
  await expect(reserve.getByTestId("selected-seats")).toHaveCount(0);
  const again = await openSelector(reserve, page);
  await expect(seat(again, "D3", "Sold out")).toHaveAttribute("aria-disabled", "true");
  await expect(seat(again, "D2", "Available")).toBeVisible();
});

test("a11y: the open seat selector has no serious or critical axe violations", async ({ page }) => {
  const { reserve } = await chooseStalls(page, 4, 2);
  await reserve.getByRole("button", { name: "Add one Balcony seat" }).click();
  const selector = await openSelector(reserve, page);
  // Two ordered groups: 'All plus one per selected ticket group'.
  await expect(selector.getByRole("button", { name: "All", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await selector.getByRole("button", { name: "Balcony", exact: true }).click();
  await selector.getByRole("button", { name: "Zoom in" }).click();
  await expectNoSeriousAxe(page);
  // Back (Escape) closes the selector and keeps the chosen seats (none yet).
  await page.keyboard.press("Escape");
  await expect(selector).toBeHidden();
  await expect(reserve.getByRole("button", { name: "Find Seats" })).toBeVisible();
});
