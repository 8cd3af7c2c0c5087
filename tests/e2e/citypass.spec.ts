/**
 * CityPASS on the zoo's day admission (spec 1 §5 "One coupon field per ticket for voucher groups",
 * "Citypass voucher codes must match the adult pattern or the child pattern"): each CityPASS ticket
 * chosen gets its own code field before 'Add to cart', checked against its kind's pattern.
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { openSessions, pickFirstDate, serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const ZOO = "riverside-zoo";

test("regression: 'Enter one CityPASS code per ticket.' showed no field; a field per ticket, the spec's format message, then the ticket held with its code", async ({
  page,
}) => {
  await page.goto(`/${ZOO}/events/rz-day-admission`);
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  await openSessions(reserve).first().check();
  await reserve.getByRole("button", { name: "Add one CityPASS Adult" }).click();
  await reserve.getByRole("button", { name: "Add one CityPASS Child" }).click();

  const codes = reserve.getByTestId("ticket-codes");
  await expect(reserve.getByText("Enter one CityPASS code per ticket.")).toBeVisible();
  await expect(reserve.getByRole("group", { name: "Your CityPASS codes" })).toBeVisible();
  const adultCode = codes.getByLabel("Code for ticket 1 (CityPASS Adult)");
  const childCode = codes.getByLabel("Code for ticket 2 (CityPASS Child)");
  await expect(adultCode).toBeVisible();
  await expect(childCode).toBeVisible();
  await expectNoSeriousAxe(page);

  // A child's code on the adult ticket is the wrong format for it, said at its field; nothing is sent.
  await adultCode.fill("CPC00000001");
  await childCode.fill("cpc00000001");
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(codes.getByRole("alert")).toHaveText(
    "Does not match the expected format. Please check your CityPASS code.",
  );
  await expect(adultCode).toHaveAttribute("aria-invalid", "true");

  await adultCode.fill("CPA00000001");
  await reserve.getByRole("button", { name: "Add to cart" }).click();
  await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
  const cart = await serverCart(page, ZOO);
  expect(cart.ticket._data.map((t) => t.ticket_type_id).sort()).toEqual([
    "rz-citypass-adult",
    "rz-citypass-child",
  ]);
});
