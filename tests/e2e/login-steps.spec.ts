/**
 * Password login does not depend on the passcode step, and its neighbours on the login screens:
 * the e-mail step leads to the password or the passcode (spec 1 §2), the real wait of a rate
 * limit, the passcode texts, the forgot-password prefill, one Log out per place on the account page
 * and the header on a phone and on a desktop.
 */
import type { Browser } from "@playwright/test";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";

const HM = "/harbour-museum";
const RZ = "/riverside-zoo";
const RZ_USER = { email: "demo@riverside-zoo.example", password: "Riverside-2026" };
const PASSWORD = "Harbour-Steps-2026";

async function hydrated(page: Page) {
  const islands = page.locator("astro-island");
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

/** A fresh harbour-museum account with a password, made in a context of its own (not logged in here). */
async function freshAccount(browser: Browser): Promise<string> {
  const email = `steps-${crypto.randomUUID()}@harbour-museum.example`;
  const other = await browser.newContext();
  try {
    const res = await other.request.post(`/api/user?_seller=harbour-museum`, {
      data: { first_name: "Grace", last_name: "Hopper", email, password: PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await other.close();
  }
  return email;
}

/** Asks for passcodes for `email` until the server refuses; returns the refusal's retry_after. */
async function exhaustPasscodeRequests(request: APIRequestContext, email: string): Promise<number> {
  // Per account 20 / 15 min, then an address past its under-attack count (scaled for e2e) is refused.
  for (let i = 0; i < 400; i++) {
    const res = await request.post(`/api/login/request_otp?_seller=harbour-museum`, { data: { email } });
    if (res.status() === 429) {
      const body = (await res.json()) as { _data: Array<{ _extra: { retry_after: number } }> };
      return body._data[0]?._extra.retry_after ?? 0;
    }
    expect(res.status()).toBe(200);
  }
  throw new Error("request_otp was never rate limited");
}

async function loginCodeMails(page: Page, email: string) {
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  return page.getByRole("link", { name: /^Your login code for / }).count();
}

async function passwordStep(page: Page, email: string) {
  await page.goto(`${HM}/login?redirect=${encodeURIComponent(`${HM}/events`)}`);
  await hydrated(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Enter your password" })).toBeFocused();
  await expect(page.getByText(`Logging in as ${email}`)).toBeVisible();
}

test.describe("'the e-mail step leads to password or passcode' (spec 1 §2)", () => {
  test("'Never send a passcode that the user did not ask for': password login mails no passcode", async ({
    page,
    browser,
  }) => {
    const email = await freshAccount(browser);
    const passcodeCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/login/request_otp")) passcodeCalls.push(request.url());
    });
    await passwordStep(page, email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${HM}/events`);
    await expect(page.getByTestId("account-nav").getByText("Hi, Grace")).toBeVisible();
    expect(passcodeCalls).toEqual([]);
    expect(await loginCodeMails(page, email)).toBe(0);
  });

  test("'a user who knows the password' still logs in when passcode requests are rate limited (429), and is told the real wait", async ({
    page,
    browser,
  }) => {
    const email = await freshAccount(browser);
    const retryAfter = await exhaustPasscodeRequests(page.request, email);
    expect(retryAfter).toBeGreaterThan(0);
    // The mailbox does list login codes for this address: the zero of the test above is real.
    expect(await loginCodeMails(page, email)).toBeGreaterThan(0);

    await passwordStep(page, email);
    // Asking for a code now is refused with the wait, and the password form stays.
    await page.getByRole("button", { name: "Email me a login code instead" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many attempts." })).toHaveText(
      /Too many attempts\. Please wait (\d+ minutes|a minute|\d+ seconds?) and try again\./,
    );
    await expect(page.getByRole("heading", { name: "Enter your password" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${HM}/events`);
    await expect(page.getByTestId("account-nav").getByText("Hi, Grace")).toBeVisible();
  });

  test("'Show the real wait': retry_after 179 s says 'Please wait 3 minutes', not 'a minute'", async ({
    page,
  }) => {
    await page.route("**/api/login/request_otp**", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "Retry-After": "179" },
        body: JSON.stringify({
          _data: [
            {
              _code: "rate_limited",
              _context: "rate_limit",
              _description: "Too many attempts. Please wait a minute and try again.",
              _extra: { retry_after: 179 },
            },
          ],
        }),
      }),
    );
    await page.goto(`${HM}/login`);
    await hydrated(page);
    await page.getByLabel("Email address").fill("someone@example.test");
    await page.getByRole("button", { name: "Email me a login code instead" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Too many attempts. Please wait 3 minutes and try again." }),
    ).toBeVisible();
    await expect(page.getByText("wait a minute")).toHaveCount(0);
    // The e-mail step stays, with the password way in.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Enter your password" })).toBeFocused();
  });
});

test("'The forgot-password form is not prefilled with the e-mail already typed': it is, and the e-mail stays out of the address", async ({
  page,
}) => {
  await page.goto(`${RZ}/login`);
  await hydrated(page);
  await page.getByLabel("Email address").fill(RZ_USER.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${RZ}/user/forgot-password`);
  await hydrated(page);
  await expect(page.getByLabel("Email address")).toHaveValue(RZ_USER.email);
});

test("''Log out' appears three times on the account page': once in the header (Log out) and once as the account navigation's Logout item (spec 2 §2 names it Logout)", async ({
  page,
}) => {
  const login = await page.request.post(`/api/login?_seller=riverside-zoo`, {
    data: { credential_type: "password", username: RZ_USER.email, password: RZ_USER.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${RZ}/my/profile`);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  const logOut = { name: "Log out", exact: true };
  await expect(page.getByTestId("account-nav").getByRole("button", logOut)).toHaveCount(1);
  await expect(
    page
      .getByRole("navigation", { name: "Account sections" })
      .getByRole("link", { name: "Logout", exact: true }),
  ).toHaveCount(1);
  await expect(page.getByRole("button", logOut).or(page.getByRole("link", logOut))).toHaveCount(1);
});

test.describe("header", () => {
  test("'On a phone 'Log in' wraps to a second line': at 390 px it sits on one line beside the logo", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const seller of [HM, RZ]) {
      await page.goto(`${seller}/events`);
      const login = page.getByTestId("account-nav").getByRole("link", { name: "Log in" });
      await expect(login).toBeVisible();
      // One line box: the words are not broken apart.
      expect(await login.evaluate((el) => el.getClientRects().length)).toBe(1);
      const logo = await page.locator(".site-logo").boundingBox();
      const link = await login.boundingBox();
      if (!logo || !link) throw new Error("header not laid out");
      // On the logo's row, not pushed below it.
      expect(Math.abs(link.y + link.height / 2 - (logo.y + logo.height / 2))).toBeLessThan(logo.height / 2);
      expect(link.x + link.width).toBeLessThanOrEqual(390);
      await testInfo.attach(`header-390${seller.replace("/", "-")}.png`, {
        body: await page.locator("header.site-header").screenshot(),
        contentType: "image/png",
      });
    }
  });

  test("'The desktop navigation shifts when the Log in link is absent': it stays put", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const navX = async (path: string) => {
      await page.goto(path);
      const box = await page.getByRole("navigation", { name: "Main" }).boundingBox();
      if (!box) throw new Error("no main navigation");
      return box.x;
    };
    await page.goto(`${RZ}/events`);
    await expect(page.getByTestId("account-nav").getByRole("link", { name: "Log in" })).toBeVisible();
    const withLogin = await navX(`${RZ}/events`);
    // The login page has no Log in link.
    await page.goto(`${RZ}/login`);
    await expect(page.getByTestId("account-nav").getByRole("link", { name: "Log in" })).toHaveCount(0);
    const withoutLogin = await navX(`${RZ}/login`);
    expect(Math.abs(withLogin - withoutLogin)).toBeLessThan(1);
  });
});
