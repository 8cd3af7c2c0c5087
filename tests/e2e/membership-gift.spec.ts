/**
 * Gifting and redeeming a membership, on both tenants:
 * - a guest (harbour-museum) and a logged-in member (riverside-zoo) gift a membership through the
 *   membership form (`/events/{id}/gift`): the completion page is the gift variant, and the
 *   giftee's mail in the mailbox carries a 10-character gift code and the redeem link;
 * - the giftee opens the link (`/membership/redeem?code=…`), chooses the gifted level, fills in the
 *   member details, checks out free and sees the member card on the completion page;
 * - the demo codes HMGIFT0001 and RZGIFT0001 redeem the same way, and the page says the spec's
 *   texts for a bad, expired or used code (spec 2 §8).
 */
import type { Browser } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { seriousAxeViolations as seriousAxe } from "./helpers/axe.ts";

interface Tenant {
  seller: string;
  event: string;
  level: string;
  levelId: string;
  currency: RegExp;
  user: { username: string; password: string };
}

const HARBOUR: Tenant = {
  seller: "harbour-museum",
  event: "hm-membership",
  level: "Individual",
  levelId: "hm-membership-individual",
  currency: /\$/,
  user: { username: "demo@harbour-museum.example", password: "Harbour-2026" },
};
const ZOO: Tenant = {
  seller: "riverside-zoo",
  event: "rz-membership",
  level: "Adult",
  levelId: "rz-membership-adult",
  currency: /£/,
  user: { username: "demo@riverside-zoo.example", password: "Riverside-2026" },
};

const uniqueEmail = (who: string) => `${who}-${crypto.randomUUID()}@example.com`;

const form = (page: Page) => page.getByTestId("buy-membership-form");

/** Opens a membership page and waits for the form (hydrated, rules loaded). */
async function openForm(page: Page, path: string) {
  await page.goto(path);
  const island = page.locator("#reserve-root astro-island");
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  await expect(form(page)).toBeVisible({ timeout: 15_000 });
}

/** The form's start button; a visitor not logged in then meets the login-or-guest modal. */
async function start(page: Page, label: string, guest: boolean) {
  // A logged-in visitor with an empty cart goes straight to the form.
  if (!guest) return;
  await form(page).getByRole("button", { name: label }).click();
  const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Shop as a Guest" }).click();
  await expect(dialog).toBeHidden();
}

async function fillMember(page: Page, first: string, last: string, email: string) {
  const member = form(page).getByRole("group", { name: "Member", exact: true });
  await member.getByLabel("First name").fill(first);
  await member.getByLabel("Last name").fill(last);
  const mail = member.getByLabel("Email address");
  if (await mail.count()) await mail.fill(email);
}

async function fillCard(page: Page) {
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
}

async function agreeToTerms(page: Page) {
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  if (await terms.count()) await terms.check();
}

async function fillGuestIdentity(page: Page, first: string, last: string, email: string) {
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  // A harbour membership asks the buyer's ZIP code (the group's identity_form).
  const zip = page.getByLabel("ZIP code");
  if (await zip.count()) await zip.fill("02110");
}

/** Gifts the tenant's first level through the form; answers once the checkout page is open. */
async function giftThroughForm(
  page: Page,
  t: Tenant,
  giftee: { first: string; last: string; email: string },
  guest: boolean,
) {
  await openForm(page, `/${t.seller}/events/${t.event}/gift`);
  await start(page, "Gift a membership", guest);
  await form(page)
    .getByRole("radio", { name: new RegExp(`^${t.level}`) })
    .check();
  const recipient = form(page).getByRole("region", { name: "Who is this gift for?" });
  await recipient.getByLabel("Recipient's first name").fill(giftee.first);
  await recipient.getByLabel("Recipient's last name").fill(giftee.last);
  await recipient.getByLabel(/^Recipient's email address/).fill(giftee.email);
  await recipient.getByLabel("Confirm recipient's email address").fill(giftee.email);
  await form(page).getByRole("button", { name: "Continue to checkout" }).first().click();
  await page.waitForURL(new RegExp(`/${t.seller}/checkout`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
}

/** The gift code from the giftee's mail in the mailbox, and the redeem link it carries. */
async function giftMail(page: Page, t: Tenant, to: string): Promise<{ code: string; link: string }> {
  await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
  const mail = page.getByRole("link", { name: /has given you a .* membership/ });
  await expect(mail).toBeVisible();
  await mail.click();
  const text = (await page.locator("body").textContent()) ?? "";
  const link = new RegExp(
    `https?://[^\\s"<]+/${t.seller}/membership/redeem\\?code=([2-9A-HJKMNP-Z]{10})`,
  ).exec(text);
  if (!link?.[1]) throw new Error(`no redeem link in the gift mail:\n${text}`);
  return { code: link[1], link: link[0] };
}

/** Redeems `code` for the tenant's first level as a guest, checking out free; answers the page. */
async function redeemAsGuest(browser: Browser, t: Tenant, code: string, path?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path ?? `/${t.seller}/membership/redeem?code=${code}`);
  const choices = page.getByTestId("redeem-choice");
  await expect(choices.first()).toBeVisible();
  expect(await choices.count()).toBeLessThanOrEqual(3);
  await expect(choices.first()).toContainText(t.level);
  await expect(choices.first()).toContainText("Covered by your gift");
  expect(await seriousAxe(page)).toEqual([]);
  await choices
    .first()
    .getByRole("link", { name: `Choose ${t.level}` })
    .click();
  await page.waitForURL(new RegExp(`/${t.seller}/events/${t.event}\\?redeem=${code}&select=${t.levelId}`));
  const island = page.locator("#reserve-root astro-island");
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  await expect(form(page)).toBeVisible({ timeout: 15_000 });
  await start(page, "Redeem your gift", true);
  await expect(form(page).getByRole("radio", { name: new RegExp(`^${t.level}`) })).toBeChecked();
  const email = uniqueEmail("redeemer");
  await fillMember(page, "Rosalind", "Franklin", email);
  await form(page)
    .getByRole("button", { name: /^Continue/ })
    .first()
    .click();
  await page.waitForURL(new RegExp(`/${t.seller}/checkout`));
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await fillGuestIdentity(page, "Rosalind", "Franklin", email);
  await agreeToTerms(page);
  await page.getByRole("button", { name: "Complete order" }).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  await expect(page.getByRole("heading", { name: /^Membership order number / })).toBeVisible();
  const cards = page.getByTestId("order-memberships").getByRole("listitem");
  await expect(cards.first()).toContainText("Rosalind Franklin");
  await expect(cards.first()).toContainText(t.level);
  return { context, page };
}

test("harbour-museum: a guest gifts an Individual membership; the giftee's mail has a 10-character code that redeems once, free", async ({
  page,
  browser,
}) => {
  // A whole purchase and a redemption in a second browser, across several pages: a slow CI machine
  // took over 30 s (both passed in 23-25 s on a quieter one), so these flows get triple time.
  test.slow();
  const giftee = { first: "Grace", last: "Hopper", email: uniqueEmail("giftee") };
  await giftThroughForm(page, HARBOUR, giftee, true);
  const buyer = uniqueEmail("buyer");
  await fillGuestIdentity(page, "Ada", "Lovelace", buyer);
  await agreeToTerms(page);
  // The harbour's membership group has a payment plan: the gift is paid in full.
  await page.getByRole("radio", { name: /^Total outstanding/ }).check();
  await fillCard(page);
  await page.getByRole("button", { name: /^Pay \$75\.00$/ }).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  await expect(page.getByRole("heading", { name: /^Gift order number \S+/ })).toBeVisible();
  const gift = page.getByTestId("order-gift");
  await expect(gift).toContainText("Individual membership");
  await expect(gift).toContainText("Sent to Grace Hopper");
  await expect(gift).toContainText(`We have e-mailed the gift code to ${giftee.email}`);
  expect(await seriousAxe(page)).toEqual([]);

  const { code, link } = await giftMail(page, HARBOUR, giftee.email);
  const { context, page: redeemed } = await redeemAsGuest(
    browser,
    HARBOUR,
    code,
    new URL(link).pathname + new URL(link).search,
  );
  // The code is used up: the redeem page now says so.
  await redeemed.goto(`/${HARBOUR.seller}/membership/redeem?code=${code}`);
  await expect(redeemed.getByText("This code has already been redeemed")).toBeVisible();
  await context.close();
  // The buyer got the receipt, not the code.
  await page.goto(`/_mail?to=${encodeURIComponent(buyer)}`);
  await expect(page.getByRole("link", { name: /^Your order / })).toBeVisible();
  await expect(page.getByRole("link", { name: /has given you/ })).toHaveCount(0);
});

test("spec 2 §5 'You cannot gift a membership to yourself': a guest's gift to their own e-mail is refused at checkout, with a link to buy or renew, and nothing is paid", async ({
  page,
}) => {
  // Regression: with both e-mails greta@example.test the plan's first payment (sent through pay,
  // which names no buyer) went through.
  test.slow();
  const greta = uniqueEmail("greta");
  await giftThroughForm(page, HARBOUR, { first: "Greta", last: "Garbo", email: greta }, true);
  await fillGuestIdentity(page, "Greta", "Garbo", ` ${greta.toUpperCase()} `.trim());
  await agreeToTerms(page);
  await page.getByRole("radio", { name: /^Amount due/ }).check();
  await fillCard(page);
  const calls: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/(my\/)?cart\/[^/]+\/(pay|guest_checkout|checkout|gift_checkout)$/.test(r.url()))
      calls.push(r.url());
  });
  await page.getByRole("button", { name: /^Pay \$25\.50$/ }).click();
  const alert = page.locator(".checkout-message--error");
  await expect(alert).toContainText("You cannot gift a membership to yourself");
  await expect(alert.getByRole("link", { name: "Buy or renew a membership for yourself" })).toHaveAttribute(
    "href",
    `/${HARBOUR.seller}/membership`,
  );
  await page.screenshot({ path: test.info().outputPath("gift-to-self-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("gift-to-self-390.png"), fullPage: true });
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/${HARBOUR.seller}/checkout`));
});

test("riverside-zoo: a logged-in member gifts an Adult membership through gift_checkout and the giftee redeems it", async ({
  page,
  browser,
}) => {
  // A whole purchase and a redemption in a second browser, across several pages: a slow CI machine
  // took over 30 s (both passed in 23-25 s on a quieter one), so these flows get triple time.
  test.slow();
  const login = await page.request.post(`/api/login?_seller=${ZOO.seller}`, {
    data: { credential_type: "password", ...ZOO.user },
  });
  expect(login.status(), await login.text()).toBe(200);
  const giftee = { first: "Dian", last: "Fossey", email: uniqueEmail("zoo-giftee") };
  const giftCheckout = page.waitForRequest((r) => /\/my\/cart\/[^/?]+\/gift_checkout(\?|$)/.test(r.url()));
  await giftThroughForm(page, ZOO, giftee, false);
  await expect(page.getByTestId("checkout-member")).toContainText(ZOO.user.username);
  await agreeToTerms(page);
  await fillCard(page);
  await page.getByRole("button", { name: /^Pay £\d+\.\d{2}$/ }).click();
  await giftCheckout;
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  await expect(page.getByRole("heading", { name: /^Gift order number \S+/ })).toBeVisible();
  await expect(page.getByTestId("order-gift")).toContainText("Sent to Dian Fossey");

  const { code } = await giftMail(page, ZOO, giftee.email);
  const { context } = await redeemAsGuest(browser, ZOO, code);
  await context.close();
});

test("the demo gift codes: HMGIFT0001 and RZGIFT0001 offer their levels and open the form with the code; HMGIFT0002 and RZGIFT0002 redeem free", async ({
  page,
  browser,
}) => {
  // A whole purchase and a redemption in a second browser, across several pages: a slow CI machine
  // took over 30 s (both passed in 23-25 s on a quieter one), so these flows get triple time.
  test.slow();
  for (const [t, code] of [
    [HARBOUR, "HMGIFT0001"],
    [ZOO, "RZGIFT0001"],
  ] as const) {
    // Stops short of checkout: HMGIFT0001 and RZGIFT0001 stay redeemable for the other specs.
    await page.goto(`/${t.seller}/membership/redeem?code=${code.toLowerCase()}`);
    const choices = page.getByTestId("redeem-choice");
    await expect(choices).toHaveCount(3);
    await expect(choices.first()).toContainText(`${t.level}`);
    await expect(choices.first()).toContainText("Covered by your gift");
    await expect(choices.nth(1)).toContainText(/You pay/);
    await choices
      .first()
      .getByRole("link", { name: `Choose ${t.level}` })
      .click();
    await page.waitForURL(new RegExp(`\\?redeem=${code}&select=${t.levelId}$`));
    await expect(page.getByText(`You are redeeming the gift of membership ${code}.`)).toBeVisible();
  }
  for (const [t, code] of [
    [HARBOUR, "HMGIFT0002"],
    [ZOO, "RZGIFT0002"],
  ] as const) {
    const { context } = await redeemAsGuest(browser, t, code);
    await context.close();
  }
});

test("/membership/redeem says the spec's texts: 'You must enter a valid code.', 'This code has expired', 'This code has already been redeemed'", async ({
  page,
}) => {
  await page.goto(`/${HARBOUR.seller}/membership/redeem`);
  await expect(page.getByRole("heading", { level: 1, name: "Redeem a gift of membership" })).toBeVisible();
  const field = page.getByLabel("Gift code");
  await page.locator(".redeem__form").waitFor();
  for (const [code, text] of [
    ["HMGIFT001", "You must enter a valid code."],
    ["NOSUCHCODE", "You must enter a valid code."],
    ["HMGIFTOLD1", "This code has expired"],
    ["HMGIFTUSED", "This code has already been redeemed"],
  ] as const) {
    await field.fill(code);
    await field.press("Enter");
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
  }
  expect(await seriousAxe(page)).toEqual([]);
  // The zoo's codes are its own (GBP).
  await page.goto(`/${ZOO.seller}/membership/redeem?code=RZGIFTOLD1`);
  await expect(page.getByText("This code has expired", { exact: true })).toBeVisible();
});
