/**
 * Regression: the account forms said 'Please wait a minute' on a 429 whose retry_after
 * was 179 s. "Show the real wait": the forgot-password and forgot-membership forms tell the wait
 * their 429 gave. The 429 is answered by the browser route, so no real limit is spent.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { SELLER } from "./helpers/cart.ts";

const RATE_LIMITED = {
  _data: [
    {
      _code: "rate_limited",
      _context: "",
      _description: "Too many attempts. Please wait a minute and try again.",
      _extra: { retry_after: 179 },
    },
  ],
};

async function hydrated(page: Page) {
  const islands = page.locator("astro-island");
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

for (const { path, api } of [
  { path: "forgot-password", api: "**/api/password_reset/request**" },
  { path: "forgot-membership", api: "**/api/ticket_order/resend**" },
]) {
  test(`'Show the real wait' on ${path}: retry_after 179 s reads 'Please wait 3 minutes'`, async ({
    page,
  }) => {
    await page.route(api, (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify(RATE_LIMITED) }),
    );
    await page.goto(`/${SELLER}/user/${path}`);
    await hydrated(page);
    await page.getByLabel("Email address").fill("someone@example.com");
    await page.locator("form.account-form button[type=submit]").click();
    await expect(page.locator(".account-form__alert")).toHaveText(
      "Too many attempts. Please wait 3 minutes and try again.",
    );
  });
}
