/**
 * The membership purchase form `buy-membership-form` (spec 1 §2, §4, §5, §8) on both
 * tenants — harbour-museum (USD: Individual, Dual, Family) and riverside-zoo (GBP: Adult, Joint,
 * Family): buy as a guest through checkout to the completion page's membership cards, buy as a
 * logged-in user, renew as a member (prefilled, extend on), a payment-plan membership, the
 * gift-to-self refusal, the delete-cart-or-checkout prompt, axe, and the whole form by keyboard.
 */

import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

interface Tenant {
  seller: string;
  event: string;
  individual: string;
  dual: string;
  dualPrice: string;
  user: { username: string; password: string };
  renewer: { scan_code: string; zip_code?: string; last_name?: string };
  renewerName: { first: string; last: string };
  renewerLevel: string;
  plan: boolean;
}

const TENANTS: Tenant[] = [
  {
    seller: "harbour-museum",
    event: "hm-membership",
    individual: "Individual",
    dual: "Dual",
    dualPrice: "$120.00",
    user: { username: "demo@harbour-museum.example", password: "Harbour-2026" },
    renewer: { scan_code: "HM100002", zip_code: "10001" },
    renewerName: { first: "Alan", last: "Turing" },
    renewerLevel: "Dual",
    plan: true,
  },
  {
    seller: "riverside-zoo",
    event: "rz-membership",
    individual: "Adult",
    dual: "Joint",
    dualPrice: "£110.00",
    user: { username: "demo@riverside-zoo.example", password: "Riverside-2026" },
    renewer: { scan_code: "RZ200002", last_name: "Attenborough" },
    renewerName: { first: "David", last: "Attenborough" },
    renewerLevel: "Joint",
    plan: false,
  },
];

/** Opens a membership page and waits for the form (hydrated, rules loaded). */
async function openForm(page: Page, path: string) {
  await page.goto(path);
  const island = page.locator("#reserve-root astro-island");
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  const form = page.getByTestId("buy-membership-form");
  await expect(form).toBeVisible({ timeout: 15_000 });
  return form;
}

/** A visitor not logged in with an empty cart meets the login-or-guest modal and shops as a guest. */
async function startAsGuest(page: Page, label = "Buy a membership") {
  await page.getByRole("button", { name: label }).click();
  const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Shop as a Guest" }).click();
  await expect(dialog).toBeHidden();
}

async function fillMember(page: Page, role: string, first: string, last: string, email = "") {
  const group = page.getByRole("group", { name: role, exact: true });
  await group.getByLabel("First name").fill(first);
  await group.getByLabel("Last name").fill(last);
  if (email) await group.getByLabel("Email address").fill(email);
}

async function login(page: Page, seller: string, data: Record<string, string>) {
  const res = await page.request.post(`/api/login?_seller=${seller}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Pays the stored cart at /checkout (a guest fills the identity form) with the 4242 test card. */
async function payAtCheckout(page: Page, seller: string, guest: boolean, wholeBalance: boolean) {
  await page.goto(`/${seller}/checkout`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  if (guest) {
    const email = `member-${randomUUID()}@example.com`;
    await page.getByLabel("First name").fill("Pat");
    await page.getByLabel("Last name").fill("Buyer");
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByLabel("Confirm email address").fill(email);
  }
  // A harbour membership asks the buyer's ZIP code (the group's identity_form) when they lack one.
  const zip = page.getByLabel("ZIP code");
  if (await zip.count()) await zip.fill("02110");
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
  // Paying in full is the default; the plan's instalment is the buyer's choice.
  if (!wholeBalance) {
    const due = page.getByRole("radio", { name: /^Amount due/ });
    if (await due.count()) await due.check();
  }
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** Deletes the cart this page holds (a reserve that other specs must not meet, e.g. a held gift code). */
async function dropCart(page: Page, seller: string) {
  const cartId = await page.evaluate(
    (key) =>
      (
        JSON.parse(localStorage.getItem(key) ?? "{}") as {
          envelope?: { cart?: { _data?: { id: string }[] } };
        }
      ).envelope?.cart?._data?.[0]?.id,
    `foyer.cart.${seller}`,
  );
  expect(cartId).toBeTruthy();
  // From the page itself (its cookies and origin), as the cart store does.
  const status = await page.evaluate(
    async (url) => (await fetch(url, { method: "DELETE" })).status,
    `/api/my/cart/${cartId}?_seller=${seller}`,
  );
  expect(status).toBeLessThan(300);
}

for (const t of TENANTS) {
  test.describe(`membership form (${t.seller})`, () => {
    test("buy as a guest: 'one add line per member' with its party role, checkout, and the completion page's membership cards", async ({
      page,
    }) => {
      const form = await openForm(page, `/${t.seller}/events/${t.event}`);
      await startAsGuest(page);
      await form.getByRole("radio", { name: new RegExp(`^${t.dual}`) }).check();
      await expect(page.getByTestId("membership-total")).toHaveText(t.dualPrice);
      await fillMember(page, "Member", "Rosalind", "Franklin", `rf-${randomUUID()}@example.com`);
      await fillMember(page, "Second cardholder", "Maurice", "Wilkins");
      const modify = page.waitForRequest((r) => /\/api\/my\/cart(\/[^/]+)?\/modify/.test(r.url()));
      await form.getByRole("button", { name: "Continue" }).click();
      const body = (await modify).postDataJSON() as {
        add: { ticket_type_id: string; party_role: string; admit_name?: string; quantity?: number }[];
        autoRenewMembership?: boolean;
      };
      // The auto-renew question (harbour: group meta 'prompt'; zoo: config ask_to_autorenew): default no.
      expect(body.autoRenewMembership).toBe(false);
      expect(body.add.map((l) => [l.party_role, l.admit_name])).toEqual([
        ["member", "Rosalind Franklin"],
        ["second-card", "Maurice Wilkins"],
      ]);
      // A purchase goes on to the upsell step (the listing with the cart).
      await page.waitForURL(new RegExp(`/${t.seller}/events$`));

      // 'A non-gift purchase with a membership already in the cart shows a delete-cart-or-checkout prompt.'
      const again = await openForm(page, `/${t.seller}/events/${t.event}`);
      await again.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await fillMember(page, "Member", "Another", "Member");
      await again.getByRole("button", { name: "Continue" }).click();
      const prompt = page.getByTestId("discard-or-checkout-dialog");
      await expect(prompt).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(prompt).toBeHidden();

      await payAtCheckout(page, t.seller, true, true);
      await page.waitForURL(/\/checkout\/complete\?orderIds=/, { timeout: 20_000 });
      const cards = page.getByTestId("order-memberships").getByRole("listitem");
      await expect(cards.filter({ hasText: "Rosalind Franklin" })).toHaveCount(1);
      await expect(cards.filter({ hasText: "Maurice Wilkins" })).toHaveCount(1);
    });

    test("buy as a logged-in user: no login-or-guest modal; the member's order", async ({ page }) => {
      // A new account (POST user logs it in), so the demo members' memberships stay as seeded.
      const created = await page.request.post(`/api/user?_seller=${t.seller}`, {
        data: {
          first_name: "Lise",
          last_name: "Meitner",
          email: `lise-${randomUUID()}@example.com`,
          password: "Foyer-Test-2026!",
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const form = await openForm(page, `/${t.seller}/events/${t.event}`);
      await expect(page.getByRole("button", { name: "Buy a membership" })).toHaveCount(0);
      await form.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await fillMember(page, "Member", "Lise", "Meitner");
      await form.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(new RegExp(`/${t.seller}/events$`));
      await payAtCheckout(page, t.seller, false, true);
      await page.waitForURL(/\/checkout\/complete\?orderIds=/, { timeout: 20_000 });
      await expect(
        page.getByTestId("order-memberships").getByRole("listitem").filter({ hasText: "Lise Meitner" }),
      ).toHaveCount(1);
    });

    test("renew as a member in the renewal window: 'current level, counts and named details are prefilled'; extend is on", async ({
      page,
    }) => {
      await login(page, t.seller, { credential_type: "scan_code", ...t.renewer });
      const form = await openForm(page, `/${t.seller}/events/${t.event}/renew`);
      await expect(page.getByRole("heading", { name: "Renew your membership" })).toBeVisible();
      const previous = form.getByRole("region", { name: "Your membership" });
      await expect(previous).toContainText(t.renewerLevel);
      await expect(previous).toContainText("Valid until");
      await expect(form.getByRole("radio", { name: new RegExp(`^${t.dual}`) })).toBeChecked();
      const member = page.getByRole("group", { name: "Member", exact: true });
      await expect(member.getByLabel("First name")).toHaveValue(t.renewerName.first);
      await expect(member.getByLabel("Last name")).toHaveValue(t.renewerName.last);
      const extend = form.getByRole("checkbox", { name: "Extend my current membership" });
      await expect(extend).toBeChecked();
      const modify = page.waitForRequest((r) => /\/api\/my\/cart(\/[^/]+)?\/modify/.test(r.url()));
      await form.getByRole("button", { name: "Continue" }).click();
      const body = (await modify).postDataJSON() as {
        extendMembership?: boolean;
        add: { party_role: string }[];
      };
      expect(body.extendMembership).toBe(true);
      expect(body.add.map((l) => l.party_role)).toEqual(["member", "second-card"]);
      await page.waitForURL(new RegExp(`/${t.seller}/events$`));
      // The renewal is not bought here (other specs renew this member): its held cart goes.
      await dropCart(page, t.seller);
    });

    test("spec 1 §8 'a prompt-marked reserve code shows a prompt whose answer resubmits': a member buying again is asked whether to extend", async ({
      page,
    }) => {
      await login(page, t.seller, { credential_type: "scan_code", ...t.renewer });
      const form = await openForm(page, `/${t.seller}/events/${t.event}`);
      await form.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await fillMember(page, "Member", t.renewerName.first, t.renewerName.last);
      await form.getByRole("button", { name: "Continue" }).click();
      const prompt = page.getByTestId("membership-prompt");
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText("Do you want to extend it, so the new term starts when it ends?");
      const resubmit = page.waitForRequest((r) => /\/api\/my\/cart(\/[^/]+)?\/modify/.test(r.url()));
      await prompt.getByRole("button", { name: "Yes" }).click();
      expect(((await resubmit).postDataJSON() as { extendMembership?: boolean }).extendMembership).toBe(true);
      await page.waitForURL(new RegExp(`/${t.seller}/events$`));
      await dropCart(page, t.seller);
    });

    test("gifting to one's own e-mail is refused with a link to the membership page", async ({ page }) => {
      await login(page, t.seller, { credential_type: "password", ...t.user });
      const form = await openForm(page, `/${t.seller}/events/${t.event}/gift`);
      await expect(page.getByRole("heading", { name: "Choose a membership to give" })).toBeVisible();
      await form.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await form.getByLabel("Recipient's first name").fill("Me");
      await form.getByLabel("Recipient's last name").fill("Myself");
      await form
        .getByRole("textbox", { name: "Recipient's email address", exact: true })
        .fill(t.user.username.toUpperCase());
      await form.getByLabel("Confirm recipient's email address").fill(t.user.username);
      await form.getByRole("button", { name: "Continue to checkout" }).click();
      const alert = form.getByRole("alert");
      await expect(alert).toContainText(
        "You can not gift membership to yourself. Do you want to buy or renew membership for yourself?",
      );
      await expect(alert.getByRole("link", { name: "Buy or renew your own membership" })).toHaveAttribute(
        "href",
        `/${t.seller}/membership`,
      );
    });

    test("axe finds nothing serious on the form (buy and gift)", async ({ page }) => {
      await openForm(page, `/${t.seller}/events/${t.event}`);
      await startAsGuest(page);
      await page.getByRole("radio", { name: new RegExp(`^${t.dual}`) }).check();
      await expectNoSeriousAxe(page);
      // 'Changing level resets auto-renew to no' (spec 1 §4).
      const autoRenew = page.getByRole("group", { name: /^Renew this membership automatically/ });
      await autoRenew.getByRole("radio", { name: "Yes" }).check();
      await page.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await expect(autoRenew.getByRole("radio", { name: "No" })).toBeChecked();
      await openForm(page, `/${t.seller}/events/${t.event}/gift`);
      await page.getByRole("radio", { name: new RegExp(`^${t.individual}`) }).check();
      await expectNoSeriousAxe(page);
    });
  });
}

test("a payment-plan membership (harbour's group has a payment_plan): the deposit now, the rest scheduled", async ({
  page,
}) => {
  const form = await openForm(page, "/harbour-museum/events/hm-membership");
  await startAsGuest(page);
  await form.getByRole("radio", { name: /^Individual/ }).check();
  await fillMember(page, "Member", "Caroline", "Herschel");
  await form.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/harbour-museum\/events$/);
  await payAtCheckout(page, "harbour-museum", true, false);
  await expect(page.getByText("Thank you! Your payment of $25.50 was received.")).toBeVisible({
    timeout: 20_000,
  });
  // Spec 2 §4 partial: the buyer stays on checkout, with the order it booked and its schedule.
  const booked = page.getByRole("region", { name: "Your order is booked" });
  await expect(booked.getByTestId("plan-order-number")).toHaveText(/^Order number \S+$/);
  await expect(booked.getByRole("listitem").filter({ hasText: /\$/ })).toHaveCount(3);
  await expect(booked.getByRole("listitem").filter({ hasText: /\$/ }).nth(0)).toContainText("Paid");
});

test("the whole form by keyboard alone: start as a guest, choose a level with the arrows, fill in, submit with Enter", async ({
  page,
}) => {
  await openForm(page, "/riverside-zoo/events/rz-membership");
  const start = page.getByRole("button", { name: "Buy a membership" });
  await start.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
  await expect(dialog).toBeVisible();
  const guest = dialog.getByRole("button", { name: "Shop as a Guest" });
  for (let i = 0; i < 20 && !(await guest.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(guest).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Choose your membership" })).toBeFocused();
  // Into the level group: the first radio, then the arrows choose.
  const adult = page.getByRole("radio", { name: /^Adult/ });
  for (let i = 0; i < 10 && !(await adult.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(adult).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: /^Joint/ })).toBeChecked();
  await page.keyboard.press("Tab");
  const member = page.getByRole("group", { name: "Member", exact: true });
  await expect(member.getByLabel("First name")).toBeFocused();
  await page.keyboard.type("Marie");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Curie");
  await page.keyboard.press("Tab");
  await page.keyboard.type("marie@example.com");
  // Enter in a field before the second cardholder's names: the first invalid field is focused.
  await page.keyboard.press("Enter");
  const second = page.getByRole("group", { name: "Second cardholder", exact: true });
  await expect(second.getByLabel("First name")).toBeFocused();
  await page.keyboard.type("Pierre");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Curie");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/riverside-zoo\/events$/);
});

test("gift as a guest: POST giftee first, then the reserve with `giftee`; gift mode skips the upsell step", async ({
  page,
}) => {
  const form = await openForm(page, "/harbour-museum/events/hm-membership/gift");
  await startAsGuest(page, "Gift a membership");
  await form.getByRole("radio", { name: /^Individual/ }).check();
  // The member details are the redeemer's (the gift is a code): gift mode asks only for the recipient.
  await expect(form.getByRole("group", { name: "Member", exact: true })).toHaveCount(0);
  await form.getByLabel("Recipient's first name").fill("Emmy");
  await form.getByLabel("Recipient's last name").fill("Noether");
  const email = `emmy-${randomUUID()}@example.com`;
  await form.getByRole("textbox", { name: "Recipient's email address", exact: true }).fill(email);
  await form.getByLabel("Confirm recipient's email address").fill(email);
  const giftee = page.waitForRequest((r) => /\/api\/giftee/.test(r.url()));
  const modify = page.waitForRequest((r) => /\/api\/my\/cart(\/[^/]+)?\/modify/.test(r.url()));
  await form.getByRole("button", { name: "Continue to checkout" }).click();
  expect((await giftee).postDataJSON()).toMatchObject({ first_name: "Emmy", last_name: "Noether", email });
  // The reserve follows the giftee's creation and carries its identity id.
  const body = (await modify).postDataJSON() as { giftee?: unknown; add: { party_role: string }[] };
  expect(typeof body.giftee === "string" && body.giftee.length > 0).toBe(true);
  expect(body.add).toEqual([
    {
      ticket_type_id: "hm-membership-individual",
      party_role: "member",
      admit_name: "Emmy Noether",
      admit_email: email,
    },
  ]);
  await page.waitForURL(/\/harbour-museum\/checkout$/);
});

test("gifting with a non-empty cart first prompts: 'Gift a Membership'", async ({ page }) => {
  const form = await openForm(page, "/riverside-zoo/events/rz-membership");
  await startAsGuest(page);
  await form.getByRole("radio", { name: /^Adult/ }).check();
  await fillMember(page, "Member", "Mary", "Anning");
  await form.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/riverside-zoo\/events$/);

  await openForm(page, "/riverside-zoo/events/rz-membership/gift");
  await page.getByRole("button", { name: "Gift a membership" }).click();
  const prompt = page.getByRole("dialog", { name: "Gift a Membership" });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(
    "You need to take action on your current cart before you can gift a membership.",
  );
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  // Still at the start: nothing was reserved.
  await expect(page.getByRole("button", { name: "Gift a membership" })).toBeVisible();
});

test("redeem: ?redeem=CODE&select=level preselects the level and sends redeemMembership; redeem skips the upsell step", async ({
  page,
}) => {
  const form = await openForm(
    page,
    "/harbour-museum/events/hm-membership?redeem=HMGIFT0001&select=hm-membership-individual",
  );
  await expect(page.getByText("You are redeeming the gift of membership HMGIFT0001.")).toBeVisible();
  await expect(form.getByRole("radio", { name: /^Individual/ })).toBeChecked();
  // Redeeming a gift is no purchase: the start button says so.
  await startAsGuest(page, "Redeem your gift");
  await fillMember(page, "Member", "Grace", "Chisholm");
  const modify = page.waitForRequest((r) => /\/api\/my\/cart(\/[^/]+)?\/modify/.test(r.url()));
  await form.getByRole("button", { name: "Continue to checkout" }).click();
  expect((await modify).postDataJSON()).toMatchObject({
    redeemMembership: "HMGIFT0001",
    add: [{ ticket_type_id: "hm-membership-individual", party_role: "member", admit_name: "Grace Chisholm" }],
  });
  await page.waitForURL(/\/harbour-museum\/checkout$/);
  await dropCart(page, "harbour-museum");
});

test("renew before the renewal window: the summary says from when renewal is possible", async ({ page }) => {
  await login(page, "harbour-museum", {
    credential_type: "password",
    username: "demo@harbour-museum.example",
    password: "Harbour-2026",
  });
  const form = await openForm(page, "/harbour-museum/events/hm-membership/renew");
  const previous = form.getByRole("region", { name: "Your membership" });
  await expect(previous).toContainText("Individual");
  await expect(
    previous.getByText(/^You can renew from [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/),
  ).toBeVisible();
});

test("a member buying again: the form says what they hold with a link to renew, and the server refuses a second, parallel membership", async ({
  page,
}) => {
  // Regression: a member buying another level got a second membership with new member IDs and no warning.
  await login(page, "harbour-museum", {
    credential_type: "password",
    username: "demo@harbour-museum.example",
    password: "Harbour-2026",
  });
  const form = await openForm(page, "/harbour-museum/events/hm-membership");
  const held = form.getByTestId("membership-held");
  await expect(held).toHaveText(
    /^You already hold an Individual membership, valid until [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\. Renew your membership$/,
  );
  await expect(held.getByRole("link", { name: "Renew your membership" })).toHaveAttribute(
    "href",
    "/harbour-museum/membership/renew",
  );
  await page.screenshot({ path: test.info().outputPath("held-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("held-390.png"), fullPage: true });
  await form.getByRole("radio", { name: /^Dual/ }).check();
  await fillMember(page, "Member", "Ada", "Lovelace");
  await fillMember(page, "Second cardholder", "Charles", "Babbage");
  await form.getByRole("button", { name: "Continue" }).click();
  await expect(form.getByRole("alert")).toContainText(
    /^You already hold an Individual membership, valid until .+\. You can renew it from .+\.$/,
  );
  await expect(page).toHaveURL(/\/harbour-museum\/events\/hm-membership$/);
});

test("no layout shift: a guest's form comes with the page (its levels in the server's HTML), so nothing loads or moves after hydration", async ({
  page,
}) => {
  const html = await (await page.request.get("/riverside-zoo/events/rz-membership")).text();
  expect(html).toContain('data-testid="buy-membership-form"');
  expect(html).not.toContain("membership-form__loading");
  const rulesReads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("membership_rules")) rulesReads.push(r.url());
  });
  const form = await openForm(page, "/riverside-zoo/events/rz-membership");
  await expect(form.getByRole("radio", { name: /^Joint/ })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBe(0);
  expect(rulesReads).toEqual([]);
});
