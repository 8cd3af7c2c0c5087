/**
 * The password, e-mail, resend, logout and my-account pages (spec 2 §2, §5, §7, §8): forgot and
 * reset password end to end through the mailbox (/_mail), then a login with the new password and
 * a dead link on the second visit; forgot membership; resend for a guest order and the 404 text;
 * set e-mail and its 409; logout without JavaScript; axe on every page.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { seriousAxeViolations as axe } from "./helpers/axe.ts";
import { admissionCart, SELLER } from "./helpers/cart.ts";

const BASE = `/${SELLER}`;
const PASSWORD = "Harbour-2031";
const SUCCESS_FORGOT =
  "If an account uses that email address, we have sent it a link to set a new password. Please check your inbox.";
const INVALID_LINK = "This reset link is not valid. It may have expired.";
/** The seeded demo user (README "Demo accounts"): logging it in and out changes nothing of it. */
const DEMO_EMAIL = "demo@harbour-museum.example";
const DEMO_PASSWORD = "Harbour-2026";

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

/** POST user: a new account with a password (the context's cookie jar gets its session). */
async function createUser(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post(`/api/user?_seller=${SELLER}`, {
    data: { first_name: "Ada", last_name: "Byron", email, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { identity: { _data: Array<{ id: string }> } };
}

/** POST login with a password; answers the status. */
async function passwordLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post(`/api/login?_seller=${SELLER}`, {
    data: { credential_type: "password", username, password },
  });
  return res.status();
}

/** Logs the demo user in with this cookie jar (a page's context, or a context's request). */
async function demoLogin(request: APIRequestContext) {
  expect(await passwordLogin(request, DEMO_EMAIL, DEMO_PASSWORD)).toBe(200);
}

/** Waits until every island on the page has hydrated (Astro removes `ssr` then). */
async function hydrated(page: Page) {
  const islands = page.locator("astro-island");
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
}

/** Serious and critical axe violations, as "rule: targets" lines. */
/** The text body of the newest mail to `to` whose subject matches, read from the mailbox page. */
async function newestMailText(page: Page, to: string, subject: RegExp): Promise<string> {
  await page.goto(`/_mail?to=${encodeURIComponent(to)}`);
  await page.getByRole("link", { name: subject }).first().click();
  return (await page.locator(".mail-text").textContent()) ?? "";
}

test("forgot and reset password end to end: the mailed link sets a new password once ('Invalid password', 'Passwords must match.', live requirements)", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("reset");
  await createUser(request, email);

  const res = await page.goto(`${BASE}/user/forgot-password`);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // 'E-mail fields on submit forms: required'.
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toBeFocused();
  // No enumeration: an unknown e-mail gets the same success text.
  await page.getByLabel("Email address").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(SUCCESS_FORGOT);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(SUCCESS_FORGOT);

  const text = await newestMailText(page, email, /^Reset your .+ password$/);
  const path = text.match(/\/harbour-museum\/user\/reset-password\?token=[^\s"<>]+/)?.[0];
  expect(path, text).toBeTruthy();
  const link = path ?? "";

  const reset = await page.goto(link);
  expect(reset?.headers()["cache-control"]).toBe("private, no-store");
  expect(reset?.headers()["referrer-policy"]).toBe("no-referrer");
  await hydrated(page);
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  // 'The requirements list turns green or red only once the field is non-empty.'
  const requirements = page.locator(".password-requirements li");
  await expect(requirements).toHaveCount(4);
  await expect(page.locator('.password-requirements li[data-state="neutral"]')).toHaveCount(4);
  await expect(page.locator(".password-requirements")).not.toContainText("not yet");
  expect(await axe(page)).toEqual([]);

  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  await password.fill("harbour");
  await expect(requirements.filter({ hasText: "At least 8 characters" })).toHaveAttribute(
    "data-state",
    "unmet",
  );
  await expect(requirements.filter({ hasText: "At least 8 characters" })).toContainText("(not yet)");
  await expect(requirements.filter({ hasText: "No spaces at the start or end" })).toHaveAttribute(
    "data-state",
    "met",
  );
  await confirm.fill("harbour");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Invalid password", { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await password.fill("Harbour-2032!");
  await expect(page.locator('.password-requirements li[data-state="met"]')).toHaveCount(4);
  await confirm.fill("Harbour-2032?");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Passwords must match.")).toBeVisible();
  await confirm.fill("Harbour-2032!");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your password has been changed. You can now log in with your new password.",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    `${BASE}/login`,
  );

  // The new password logs in; the old one no longer does.
  expect(await passwordLogin(request, email, "Harbour-2032!")).toBe(200);
  expect(await passwordLogin(request, email, PASSWORD)).toBe(401);

  // The link is single use.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(INVALID_LINK);
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
    "href",
    `${BASE}/user/forgot-password`,
  );
  expect(await axe(page)).toEqual([]);
});

test("reset-password 'Requires a token query parameter, otherwise redirects home'; a made-up token is an invalid link", async ({
  page,
  request,
}) => {
  const bare = await request.get(`${BASE}/user/reset-password`, { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe(BASE);
  await page.goto(`${BASE}/user/reset-password?token=${"x".repeat(40)}`);
  await expect(page.getByRole("alert")).toHaveText(INVALID_LINK);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  // Regression: the header's Log in link copied the reset token into its redirect parameter.
  const login = await page.getByRole("link", { name: "Log in" }).first().getAttribute("href");
  expect(login).toBe(`${BASE}/login?redirect=${encodeURIComponent(`${BASE}/user/reset-password`)}`);
});

test("'Logged-in users are redirected home' from forgot password, forgot membership and reset password", async ({
  page,
}) => {
  await demoLogin(page.request);
  for (const path of [
    "/user/forgot-password",
    "/user/forgot-membership",
    `/user/reset-password?token=${"y".repeat(40)}`,
  ]) {
    const res = await page.request.get(`${BASE}${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(BASE);
  }
});

test("forgot membership: the same success text for any e-mail (a 404 'is treated as success')", async ({
  page,
}) => {
  await page.goto(`${BASE}/user/forgot-membership`);
  await hydrated(page);
  expect(await axe(page)).toEqual([]);
  const sent =
    "If a membership uses that email address, we have sent the membership details to it. Please check your inbox.";
  for (const email of [uniqueEmail("nomember"), "member@harbour-museum.example"]) {
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send my membership details" }).click();
    await expect(page.getByRole("status")).toHaveText(sent);
  }
  await expect(page.getByRole("alert")).toHaveText("");
});

test("resend: a guest's order is mailed again; an unknown e-mail gives 'No orders could be found for this email address.'", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("buyer");
  const cart = await admissionCart(request, 1);
  const cartId = cart.cart._data[0]?.id ?? "";
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: { first_name: "Ada", last_name: "Lovelace", email },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The home page's resend link leads here.
  await page.goto(BASE);
  await page.getByRole("link", { name: "Resend my tickets" }).click();
  await expect(page).toHaveURL(`${BASE}/resend`);
  await hydrated(page);
  expect(await axe(page)).toEqual([]);

  await page.getByLabel("Email address").fill(uniqueEmail("noorders"));
  await page.getByRole("button", { name: "Resend tickets" }).click();
  await expect(page.getByRole("alert")).toHaveText("No orders could be found for this email address.");
  expect(await axe(page)).toEqual([]);

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Resend tickets" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "We have sent your tickets again. Please check your inbox.",
  );
  await expect(page.getByRole("alert")).toHaveText("");
  await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("cell", { name: "resend", exact: true })).toHaveCount(1);
});

test("set e-mail: not logged in goes to login and back; 'Email address is not valid.', 'Email addresses must match.', the 409 text; a new address needs the current password, and the old address's notice undoes it", async ({
  page,
  request,
}) => {
  const anonymous = await request.get(`${BASE}/user/set-email-address`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(
    `${BASE}/login?redirect=${encodeURIComponent(`${BASE}/user/set-email-address`)}`,
  );

  const original = uniqueEmail("setemail");
  await createUser(page.request, original);
  const res = await page.goto(`${BASE}/user/set-email-address`);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page);
  expect(await axe(page)).toEqual([]);

  const email = page.getByLabel("Email address", { exact: true });
  const confirm = page.getByLabel("Confirm email address");
  const save = page.getByRole("button", { name: "Save email address" });
  await email.fill("ada@example");
  await confirm.fill("ada@example");
  await save.click();
  await expect(page.getByText("Email address is not valid.")).toBeVisible();
  await expect(email).toBeFocused();

  await email.fill("ada@example.com");
  await confirm.fill("ada@example.org");
  await save.click();
  await expect(page.getByText("Email addresses must match.")).toBeVisible();

  // Spec 2 §8 "Set-email 409: another user account uses that e-mail; contact us to merge accounts".
  await email.fill(DEMO_EMAIL);
  await confirm.fill(DEMO_EMAIL);
  await save.click();
  await expect(page.getByRole("alert")).toHaveText(
    "Another user account already uses that email address. Please contact us to merge your accounts.",
  );
  expect(await axe(page)).toEqual([]);

  // A new address needs more than the session: the current password or a code to the current address.
  const fresh = uniqueEmail("newaddress");
  await email.fill(fresh);
  await confirm.fill(fresh.toUpperCase());
  await save.click();
  const proof = page.getByRole("group", { name: "Confirm it's you" });
  await expect(proof).toBeFocused();
  await expect(proof.getByRole("button", { name: "Email me a code" })).toBeVisible();
  await proof.getByLabel("Current password").fill("Wrong-pass-2031");
  await save.click();
  await expect(proof.getByText("Your current password is not correct.")).toBeVisible();
  await expect(proof.getByLabel("Current password")).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await proof.getByLabel("Current password").fill(PASSWORD);
  await save.click();
  await expect(proof).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText("Your email address has been saved.");
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${BASE}/my/profile`);
  await expect(page.getByText(fresh, { exact: true })).toBeVisible();

  // The old address is told, with a link that undoes the change and logs everyone out.
  const notice = await newestMailText(page, original, /email address of your .* account was changed/);
  expect(notice).toContain("was changed to n***@e***.com");
  const link = /https?:\/\/\S+\/user\/undo-email-change\?token=\S+/.exec(notice)?.[0] ?? "";
  const undo = new URL(link);
  await page.goto(`${undo.pathname}${undo.search}`);
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Undo the change of your email address" }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Undo the change" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `The change has been undone. Your email address is ${original} again, and everyone using your account has been logged out.`,
  );
  await expect(page.getByRole("link", { name: "Choose a new password" })).toBeFocused();
  const profile = await page.request.get(`${BASE}/my/profile`, { maxRedirects: 0 });
  expect(profile.status()).toBe(302);
  expect(await passwordLogin(page.request, original, PASSWORD)).toBe(200);
});

test("set e-mail with 'Email me a code': the code mailed to the current address confirms the change; a wrong code is said by its field", async ({
  page,
}) => {
  const original = uniqueEmail("bycode");
  await createUser(page.request, original);
  await page.goto(`${BASE}/user/set-email-address`);
  await hydrated(page);
  const fresh = uniqueEmail("codeaddress");
  await page.getByLabel("Email address", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm email address").fill(fresh);
  const save = page.getByRole("button", { name: "Save email address" });
  await save.click();
  const proof = page.getByRole("group", { name: "Confirm it's you" });
  await proof.getByRole("button", { name: "Email me a code" }).click();
  await expect(proof.getByRole("status")).toHaveText(
    "We have sent a code to b***@e***.com. It can be used once, within 10 minutes.",
  );
  await proof.getByLabel("Code from the email").fill("AAAAAA");
  await save.click();
  await expect(
    proof.getByText("This code is not correct. Please check the email and try again."),
  ).toBeVisible();
  await expect(proof.getByLabel("Code from the email")).toHaveAttribute("aria-invalid", "true");
  await expect(proof.getByLabel("Code from the email")).toBeFocused();
  expect(await axe(page)).toEqual([]);

  // The mailbox in another tab, so the form keeps what was typed.
  const mailbox = await page.context().newPage();
  const mail = await newestMailText(mailbox, original, /confirmation code/);
  await mailbox.close();
  const code = /account is ([A-Z0-9]{6})/.exec(mail)?.[1] ?? "";
  expect(code).toHaveLength(6);
  await proof.getByLabel("Code from the email").fill(code.toLowerCase());
  await save.click();
  await expect(proof).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText("Your email address has been saved.");
  expect(await newestMailText(page, original, /email address of your .* account was changed/)).toContain(
    "was changed to c***@e***.com",
  );
});

test("my account and logout without JavaScript: the profile is private, Logout clears the session and goes home", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await demoLogin(context.request);

  // The demo user is a member (HM100001), so /my goes to the membership page.
  const my = await page.request.get(`${BASE}/my`, { maxRedirects: 0 });
  expect(my.headers().location).toBe(`${BASE}/my/membership`);
  const res = await page.goto(`${BASE}/my/profile`);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.getByText(DEMO_EMAIL, { exact: true })).toBeVisible();
  await expect(page.getByText("Ada Lovelace", { exact: true })).toBeVisible();

  // A GET from another site (no Sec-Fetch-Site here) only asks; the session survives it.
  const asked = await context.request.get(`${BASE}/logout`, { maxRedirects: 0 });
  expect(asked.status()).toBe(200);
  expect(await asked.text()).toContain("Do you want to log out?");

  // The account navigation's Logout item (spec 2 §2), a same-site GET: it logs out at once.
  await page.getByRole("main").getByRole("link", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}(/events)?$`));
  expect((await context.cookies()).some((c) => c.name === "foyer_session")).toBe(false);
  const after = await page.request.get(`${BASE}/my/profile`, { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers().location).toBe(`${BASE}/login?redirect=${encodeURIComponent(`${BASE}/my/profile`)}`);
  await context.close();
});

test("a logged-in user resends their tickets in one click (POST my/ticket_order/resend)", async ({
  page,
}) => {
  await demoLogin(page.request);
  await page.goto(`${BASE}/resend`);
  await hydrated(page);
  await expect(page.getByText(`We will send the tickets of your orders to ${DEMO_EMAIL}.`)).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Resend tickets" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "We have sent your tickets again. Please check your inbox.",
  );
});

test("any other /user/ page is the 404 page ('Oops, We could not find anything at this URL')", async ({
  page,
}) => {
  const response = await page.goto(`${BASE}/user/not-a-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops, We could not find anything at this URL").first()).toBeVisible();
});
