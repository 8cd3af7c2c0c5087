/**
 * "Member login by member ID then works for new members too". harbour-museum logs
 * members in by member ID + ZIP code, so its membership group's meta identity_form asks the buyer's
 * zip_code at checkout (spec 1 §3, §5 "Custom identity fields"). A guest buys an Individual
 * membership through the membership form and checkout, giving a ZIP; reads the member ID on the
 * completion page; clears the cookies; and logs in with member ID + ZIP on the login page.
 */

import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const HM = "/harbour-museum";

async function openForm(page: Page) {
  await page.goto(`${HM}/events/hm-membership`);
  const island = page.locator("#reserve-root astro-island");
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  const form = page.getByTestId("buy-membership-form");
  await expect(form).toBeVisible({ timeout: 15_000 });
  return form;
}

test("a guest's new Individual membership: checkout asks the ZIP code ('zip or post code … 4 to 10'), then member ID + ZIP log in", async ({
  page,
  context,
}) => {
  const form = await openForm(page);
  await page.getByRole("button", { name: "Buy a membership" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
  await dialog.getByRole("button", { name: "Shop as a Guest" }).click();
  await expect(dialog).toBeHidden();
  await form.getByRole("radio", { name: /^Individual/ }).check();
  const member = page.getByRole("group", { name: "Member", exact: true });
  await member.getByLabel("First name").fill("Katherine");
  await member.getByLabel("Last name").fill("Johnson");
  await form.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(new RegExp(`${HM}/events$`));

  await page.goto(`${HM}/checkout`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  const email = `kj-${randomUUID()}@example.com`;
  await page.getByLabel("First name").fill("Katherine");
  await page.getByLabel("Last name").fill("Johnson");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  const zip = page.getByLabel("ZIP code");
  await expect(zip).toBeVisible();
  await expect(zip).toHaveAttribute("autocomplete", "postal-code");
  await expectNoSeriousAxe(page);

  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  const outstanding = page.getByRole("radio", { name: /^Total outstanding/ });
  if (await outstanding.count()) await outstanding.check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  const pay = page.getByRole("button", { name: /^Pay / });

  // Required, then the pattern: focus goes to the refused field with its message.
  await pay.click();
  await expect(zip).toBeFocused();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await zip.fill("02!1");
  await pay.click();
  await expect(zip).toBeFocused();
  await expect(page.getByText("Enter a valid ZIP or post code (4 to 10 letters and digits).")).toBeVisible();
  await expect(zip).toHaveAttribute("aria-invalid", "true");

  await zip.fill("02139");
  await pay.click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/, { timeout: 20_000 });
  const card = page
    .getByTestId("order-memberships")
    .getByRole("listitem")
    .filter({ hasText: "Katherine Johnson" });
  await expect(card).toHaveCount(1);
  const memberId = (await card.locator("dd").nth(1).textContent())?.trim() ?? "";
  expect(memberId).toMatch(/^HM\d{6}$/);

  // A fresh visit: no session, no stored cart.
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${HM}/login?redirect=${encodeURIComponent(`${HM}/events`)}`);
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  await page.getByLabel("Member ID").fill(memberId);
  await page.getByLabel("ZIP code").fill("02139");
  await page.getByRole("button", { name: "Log in with member ID" }).click();
  await expect(page).toHaveURL(`${HM}/events`);
  await expect(page.getByTestId("account-nav").getByRole("link", { name: "My account" })).toBeVisible();
});

test("a logged-in buyer whose identity lacks the ZIP is asked for it (saved to their account) and is not asked again", async ({
  page,
}) => {
  const created = await page.request.post(`/api/user?_seller=harbour-museum`, {
    data: {
      first_name: "Lise",
      last_name: "Meitner",
      email: `lise-${randomUUID()}@example.com`,
      password: "Foyer-Test-2026!",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The second purchase is a gift: a member buying their own program again outside its renewal
  // window would be refused (no second, parallel membership); the ZIP question is the same.
  const buy = async (gift = false) => {
    const giftee = gift
      ? await page.request.post(`/api/giftee?_seller=harbour-museum`, {
          data: { first_name: "Otto", last_name: "Hahn", email: `otto-${randomUUID()}@example.com` },
        })
      : null;
    const gifteeId = giftee ? ((await giftee.json()) as { identity_id: string }).identity_id : null;
    const res = await page.request.post(`/api/my/cart/modify?_seller=harbour-museum`, {
      data: {
        add: [
          {
            ticket_type_id: "hm-membership-individual",
            quantity: 1,
            party_role: "member",
            admit_name: gift ? "Otto Hahn" : "Lise Meitner",
          },
        ],
        ...(gifteeId ? { giftee: gifteeId } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const cartId = ((await res.json()) as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
    await page.goto(`${HM}/checkout/${cartId}`);
    await page.locator('.checkout[data-hydrated="true"]').waitFor();
    return cartId;
  };
  await buy();
  const details = page.getByRole("region", { name: "Your details" });
  await expect(details.getByTestId("checkout-member")).toContainText("Lise Meitner");
  await expect(
    details.getByText("Please add the details below; they are saved to your account."),
  ).toBeVisible();
  await expectNoSeriousAxe(page);
  await details.getByLabel("ZIP code").fill("02139");
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  const outstanding = page.getByRole("radio", { name: /^Total outstanding/ });
  if (await outstanding.count()) await outstanding.check();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/, { timeout: 20_000 });
  const card = page
    .getByTestId("order-memberships")
    .getByRole("listitem")
    .filter({ hasText: "Lise Meitner" });
  const memberId = (await card.locator("dd").nth(1).textContent())?.trim() ?? "";
  expect(memberId).toMatch(/^HM\d{6}$/);
  const login = await page.request.post(`/api/login?_seller=harbour-museum`, {
    data: { credential_type: "scan_code", scan_code: memberId, zip_code: "02139" },
  });
  expect(login.status(), await login.text()).toBe(200);

  // The identity has its ZIP now: the next membership checkout does not ask again.
  await buy(true);
  await expect(page.getByTestId("checkout-member")).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toHaveCount(0);
});
