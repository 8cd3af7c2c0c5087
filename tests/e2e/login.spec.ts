/**
 * Login screens, the header state, the login query parameters and the login-or-guest modal
 * (spec 1 §2, §4, §5, §8; spec 2 §2). Demo accounts: README "Demo accounts".
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { admissionCart } from "./helpers/cart.ts";

const HM = "/harbour-museum";
const RZ = "/riverside-zoo";
const HM_USER = "demo@harbour-museum.example";
const RZ_USER = { email: "demo@riverside-zoo.example", password: "Riverside-2026" };

async function waitForLogin(page: Page) {
  const island = page.locator("astro-island").first();
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
}

/** The newest login code mailed to `to`, read from the mailbox page (/_mail). */
async function mailedCode(page: Page, to: string, notThis?: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
        const subject = await page
          .getByRole("link", { name: /^Your login code for / })
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => "");
        code = /([A-Za-z0-9]{6})\s*$/.exec(subject ?? "")?.[1] ?? "";
        return code !== "" && code !== notThis;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code;
}

async function passcodeStep(page: Page, email: string) {
  await page.goto(`${HM}/login?redirect=${encodeURIComponent(`${HM}/events`)}`);
  await waitForLogin(page);
  await page.getByLabel("Email address").fill(email);
  // 'Continue' leads to the password; the passcode is asked for explicitly.
  await page.getByRole("button", { name: "Email me a login code instead" }).click();
  const heading = page.getByRole("heading", { name: "Check your email" });
  await expect(heading).toBeFocused();
}

test.describe("password login and logout", () => {
  test("e-mail step, then the password step with the shown e-mail, forgot link and back; header and logout", async ({
    page,
  }) => {
    await page.goto(`${RZ}/login?redirect=${encodeURIComponent(`${RZ}/events`)}`);
    await waitForLogin(page);
    await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
    const email = page.getByLabel("Email address");
    await expect(email).toHaveAttribute("maxlength", "100");
    await email.fill(RZ_USER.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Enter your password" })).toBeFocused();
    await expect(page.getByText(`Logging in as ${RZ_USER.email}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      `${RZ}/user/forgot-password`,
    );
    // Back returns to the e-mail step; on again.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Log in with your email address" })).toBeFocused();
    await page.getByRole("button", { name: "Continue" }).click();

    // incorrect_password: the spec's text with a forgot-password link, in an alert.
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "That is not the correct password. Please try again" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("link", { name: "Forgot password?" })).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(RZ_USER.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${RZ}/events`);
    const account = page.getByTestId("account-nav");
    await expect(account.getByText("Hi, Jane")).toBeVisible();
    await expect(account.getByRole("link", { name: "My account" })).toHaveAttribute("href", `${RZ}/my`);

    // A page with the logged-in header is personal: never cached.
    const personal = await page.request.get(`${RZ}/events`);
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    expect(await personal.text()).toContain("Hi, Jane");

    await account.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByTestId("account-nav").getByRole("link", { name: "Log in" })).toBeVisible();
    const anonymous = await page.request.get(`${RZ}/events`);
    expect(anonymous.headers()["cache-control"]).toMatch(/^public/);
    expect(await anonymous.text()).not.toContain("Hi, Jane");
  });

  test("guest_account: the spec's set-a-password text", async ({ page }) => {
    await page.goto(`${RZ}/login`);
    await waitForLogin(page);
    await page.getByLabel("Email address").fill("guest@riverside-zoo.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill("whatever-it-is");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({
        hasText:
          "Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.",
      }),
    ).toBeVisible();
  });
});

test.describe("passcode", () => {
  test.describe.configure({ mode: "serial" });

  test("passcode login, reading the code from the mailbox page", async ({ page, context }) => {
    await passcodeStep(page, HM_USER);
    await expect(page.getByLabel("6-character code")).toHaveAttribute("maxlength", "6");
    const mailbox = await context.newPage();
    const code = await mailedCode(mailbox, HM_USER);
    await mailbox.close();
    // The format rule first: 'Enter your 6-character code'.
    await page.getByLabel("6-character code").fill("abc");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Enter your 6-character code")).toBeVisible();
    await page.getByLabel("6-character code").fill(code);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${HM}/events`);
    await expect(page.getByTestId("account-nav").getByText("Hi, Ada")).toBeVisible();
  });

  test("the otp parameter prefills the code, leaves the address and is submitted at once", async ({
    page,
  }) => {
    const mailbox = await page.context().newPage();
    const before = await mailedCode(mailbox, HM_USER).catch(() => "");
    await passcodeStep(page, HM_USER);
    const code = await mailedCode(mailbox, HM_USER, before);
    await mailbox.close();
    // The link of the mail, opened in the tab that asked for the code (its token is in sessionStorage).
    await page.goto(
      `${HM}/login?otp=${code}&redirect=${encodeURIComponent(`${HM}/events/hm-general-admission`)}`,
    );
    await expect(page).toHaveURL(`${HM}/events/hm-general-admission`);
    await expect(page.getByTestId("account-nav").getByText("Hi, Ada")).toBeVisible();
  });

  test("a wrong passcode three times: attempts text, then a new code must be requested", async ({ page }) => {
    // An unknown address answers like a real one (every code is otp_incorrect), and mails nothing.
    await passcodeStep(page, `nobody-${crypto.randomUUID()}@harbour-museum.example`);
    const field = page.getByLabel("6-character code");
    const submit = page.getByRole("button", { name: "Log in", exact: true });
    await field.fill("AAAAAA");
    await submit.click();
    await expect(page.getByText("The passcode you entered is invalid.")).toBeVisible();
    await expect(
      page.getByText("You have 2 more attempts before you need to request a new login link."),
    ).toBeVisible();
    await field.fill("BBBBBB");
    await submit.click();
    await expect(
      page.getByText("You have 1 more attempt before you need to request a new login link."),
    ).toBeVisible();
    await field.fill("CCCCCC");
    await submit.click();
    await expect(
      page.getByText(
        "You need to request a new login link before attempting to log in with a passcode again.",
      ),
    ).toBeVisible();
    await expect(field).toBeDisabled();
    await expect(submit).toBeDisabled();
    await expectNoSeriousAxe(page);
    // A new code unlocks the form.
    await page.getByRole("button", { name: "Request new code" }).click();
    await expect(page.getByText("We sent you a new code.")).toBeVisible();
    await expect(field).toBeEnabled();
  });

  test("a login link opened in another browser shows the code to copy (otp_unavailable)", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`${HM}/login?otp=Q7X2PL`);
    await waitForLogin(page);
    await expect(page.getByRole("heading", { name: "Your login code" })).toBeFocused();
    await expect(page).not.toHaveURL(/otp=/);
    await expect(page.getByTestId("otp-code")).toHaveText("Q7X2PL");
    await expectNoSeriousAxe(page);
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Q7X2PL");
  });
});

test.describe("member ID", () => {
  test("member ID with ZIP code: not found text, then logged in", async ({ page }) => {
    await page.goto(`${HM}/login?redirect=${encodeURIComponent(`${HM}/events`)}`);
    await waitForLogin(page);
    const zip = page.getByLabel("ZIP code");
    await expect(zip).toHaveAttribute("type", "tel");
    await expect(zip).toHaveAttribute("maxlength", "5");
    await expect(page.getByRole("link", { name: "Forgot your membership ID?" })).toHaveAttribute(
      "href",
      `${HM}/user/forgot-membership`,
    );
    await page.getByLabel("Member ID").fill("HM100002");
    await zip.fill("99999");
    await page.getByRole("button", { name: "Log in with member ID" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Member details not found. Please check your member ID and ZIP code." }),
    ).toBeVisible();
    await zip.fill("10001");
    await page.getByRole("button", { name: "Log in with member ID" }).click();
    await expect(page).toHaveURL(`${HM}/events`);
    await expect(page.getByTestId("account-nav").getByRole("link", { name: "My account" })).toBeVisible();
  });

  test("member_code + zip_code log in on the server and come back without them", async ({ page }) => {
    await page.goto(`${HM}/events?member_code=HM100002&zip_code=10001&date=today`);
    await expect(page).toHaveURL(`${HM}/events?date=today`);
    await expect(page.getByTestId("account-nav").getByRole("link", { name: "My account" })).toBeVisible();
  });

  test("a wrong member_code goes to the login page with the member ID prefilled and the not-found text", async ({
    page,
  }) => {
    await page.goto(`${HM}/events?member_code=HM100002&zip_code=99999`);
    await expect(page).toHaveURL(new RegExp(`${HM}/login\\?`));
    await waitForLogin(page);
    await expect(
      page.getByText("Member details not found. Please check your member ID and ZIP code."),
    ).toBeVisible();
    await expect(page.getByLabel("Member ID")).toHaveValue("HM100002");
  });
});

test.describe("login query parameters (spec 2 §2)", () => {
  test("requirelogin sends a visitor to the login page and back to the path without it", async ({ page }) => {
    await page.goto(`${RZ}/events?requirelogin=1&date=today`);
    await expect(page).toHaveURL(`${RZ}/login?redirect=${encodeURIComponent(`${RZ}/events?date=today`)}`);
    await waitForLogin(page);
    await page.getByLabel("Email address").fill(RZ_USER.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(RZ_USER.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${RZ}/events?date=today`);
    // Logged in: the parameter is only dropped.
    await page.goto(`${RZ}/events?requirelogin=1`);
    await expect(page).toHaveURL(`${RZ}/events`);
  });

  test("login suggests the login page with a way back as a guest; login.* prefill", async ({ page }) => {
    await page.goto(`${RZ}/events?login=1&login.email=someone%40example.test`);
    await waitForLogin(page);
    await expect(page.getByLabel("Email address")).toHaveValue("someone@example.test");
    await page.getByRole("link", { name: "Continue as a guest" }).click();
    await expect(page).toHaveURL(`${RZ}/events?login.email=someone%40example.test`);
  });
});

test.describe("login-or-guest modal", () => {
  test("before the membership purchase: guest continues; a login closes it and continues logged in", async ({
    page,
  }) => {
    await page.goto(`${HM}/events/hm-membership`);
    const start = page.getByRole("button", { name: "Buy a membership" });
    await expect(page.locator("astro-island").filter({ has: start })).not.toHaveAttribute("ssr", /.*/, {
      timeout: 15_000,
    });
    await start.click();
    const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Shop as a Guest", exact: true })).toBeVisible();
    await expect(dialog.getByText("You can shop as a guest without having to register.")).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Forgot/ })).toHaveCount(0);
    await expectNoSeriousAxe(page);
    await dialog.getByRole("button", { name: "Shop as a Guest" }).click();
    await expect(dialog).toBeHidden();
    // The membership form goes on, its heading focused.
    await expect(page.getByRole("heading", { name: "Choose your membership" })).toBeFocused();

    // A new tab session (the guest choice is kept per tab) meets the modal again.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.locator("astro-island").filter({ has: start })).not.toHaveAttribute("ssr", /.*/, {
      timeout: 15_000,
    });
    await start.click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Member ID").fill("HM100001");
    await dialog.getByLabel("ZIP code").fill("02110");
    await dialog.getByRole("button", { name: "Log in with member ID" }).click();
    await expect(page.getByTestId("account-nav").getByText("Hi, Ada")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Choose your membership" })).toBeFocused();
    // Not shown when logged in: the form needs no start.
    await expect(page.getByRole("button", { name: "Buy a membership" })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("a logged-in user's cart cannot be changed from a logged-out browser", async ({ page, browser }) => {
  const request: APIRequestContext = page.request;
  const login = await request.post(`/api/login?_seller=harbour-museum`, {
    data: { credential_type: "scan_code", scan_code: "HM100002", zip_code: "10001" },
  });
  expect(login.status(), await login.text()).toBe(200);
  const cart = await admissionCart(request, 1);
  const cartId = cart.cart._data[0]?.id ?? "";
  const ticketId = cart.ticket._data[0]?.id ?? "";
  const other = await browser.newContext();
  try {
    const read = await other.request.get(`/api/my/cart/${cartId}`);
    expect(read.status()).toBe(403);
    const change = await other.request.post(`/api/my/cart/${cartId}/modify?_seller=harbour-museum`, {
      data: { remove: [ticketId] },
    });
    expect(change.status()).toBe(403);
    const remove = await other.request.delete(`/api/my/cart/${cartId}`);
    expect(remove.status()).toBe(403);
  } finally {
    await other.close();
  }
  // The owner still can.
  expect((await request.get(`/api/my/cart/${cartId}`)).status()).toBe(200);
});

test.describe("axe on every login screen", () => {
  for (const [name, path] of [
    ["harbour e-mail and member ID", `${HM}/login`],
    ["zoo e-mail and member ID (last name)", `${RZ}/login`],
    ["login suggested", `${RZ}/login?guest=1&redirect=${encodeURIComponent(`${RZ}/events`)}`],
  ] as const) {
    test(`a11y: ${name}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await waitForLogin(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoSeriousAxe(page);
    });
  }

  test("a11y: password step and passcode step", async ({ page }) => {
    await page.goto(`${RZ}/login`);
    await waitForLogin(page);
    await page.getByLabel("Email address").fill("someone@example.test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Enter your password" })).toBeFocused();
    await expectNoSeriousAxe(page);
    await passcodeStep(page, `nobody-a11y-${crypto.randomUUID()}@harbour-museum.example`);
    await expectNoSeriousAxe(page);
  });
});
