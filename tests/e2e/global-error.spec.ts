/**
 * Spec 1 §8 "Unexpected API errors show a message with a Continue link to the seller home.
 * Unhandled rejections show a general error with Reload."; spec 2 §8 "Unexpected: 'Sorry,
 * something unexpected happened. Please try again later.'" (the global error screen).
 */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const TEXT = "Sorry, something unexpected happened. Please try again later.";

test("an unhandled rejection shows the general error with Reload, and Reload reloads the page", async ({
  page,
}) => {
  // Two page loads and an axe run: more than the default budget on a loaded machine.
  test.slow();
  await page.goto("/harbour-museum/events");
  await page.waitForLoadState("load");
  const screen = page.locator("[data-global-error]");
  await expect(screen).toBeHidden();
  await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    void Promise.reject(new Error("probe"));
  });
  await expect(page.getByRole("alert").filter({ hasText: TEXT })).toBeVisible();
  const reload = page.getByRole("button", { name: "Reload", exact: true });
  await expect(reload).toBeFocused();
  await expect(screen.getByRole("link", { name: "Continue", exact: true })).toBeHidden();
  await expectNoSeriousAxe(page);

  await Promise.all([page.waitForEvent("load"), reload.click()]);
  expect(
    await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
  ).toBeUndefined();
  await expect(screen).toBeHidden();
});

test("an unexpected API error shows the message with Continue to the seller home", async ({ page }) => {
  await page.goto("/harbour-museum/events/hm-general-admission");
  await page.waitForLoadState("load");
  await page.evaluate(() => {
    const error = Object.assign(new Error("Internal error"), {
      name: "ApiClientError",
      status: 500,
      code: "x",
    });
    void Promise.reject(error);
  });
  await expect(page.getByRole("alert").filter({ hasText: TEXT })).toBeVisible();
  const onward = page.getByRole("link", { name: "Continue", exact: true });
  await expect(onward).toBeFocused();
  await expect(onward).toHaveAttribute("href", "/harbour-museum");
  await expect(page.getByRole("button", { name: "Reload", exact: true })).toBeHidden();
});

test("an error event without its error (a cross-origin script, ResizeObserver) shows nothing", async ({
  page,
}) => {
  await page.goto("/harbour-museum/events");
  await page.waitForLoadState("load");
  await page.evaluate(() => window.dispatchEvent(new ErrorEvent("error", { message: "Script error." })));
  // A real rejection afterwards still shows the screen: the listener was there all along.
  await expect(page.locator("[data-global-error]")).toBeHidden();
  await page.evaluate(() => void Promise.reject(new Error("probe")));
  await expect(page.getByRole("alert").filter({ hasText: TEXT })).toBeVisible();
});
