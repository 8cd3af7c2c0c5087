/**
 * External login with OpenID Connect,
 * in Chromium against a real `oidc-provider` this spec starts on the port playwright.config.ts
 * gives Harbour Museum's issuer (tests/e2e/helpers/oidc.ts). The provider's development login and
 * consent forms stand in for the tenant's identity provider.
 */
import { startOidcProvider, type TestProvider } from "../helpers/oidc-provider.ts";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { E2E_OIDC_CLIENT_ID, e2eOidcPort } from "./helpers/oidc.ts";

const HM = "/harbour-museum";
// One provider on one port for the file: its tests run in one worker, one after the other.
test.describe.configure({ mode: "serial" });
let provider: TestProvider | undefined;

test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider({
    port: e2eOidcPort(),
    clients: [
      {
        client_id: E2E_OIDC_CLIENT_ID,
        redirect_uris: [`${baseURL}${HM}/login/callback`],
        token_endpoint_auth_method: "none",
      },
    ],
    // The demo member (README "Demo accounts"), as the provider knows them: linked by the e-mail.
    accounts: { "demo-member": { email: "demo@harbour-museum.example", email_verified: true } },
  });
});

test.afterAll(async () => {
  await provider?.close();
});

test("'Log in with Harbour ID' from the login form to the member's account page, by keyboard; Riverside Zoo shows no such button", async ({
  page,
  context,
}) => {
  // The provider's development pages pull a web font; nothing leaves 127.0.0.1.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());

  await page.goto(`/riverside-zoo/login`);
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  await expect(page.getByRole("link", { name: /^Log in with / })).toHaveCount(0);

  await page.goto(`${HM}/login?redirect=${encodeURIComponent(`${HM}/my`)}`);
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  const button = page.getByRole("link", { name: "Log in with Harbour ID" });
  await expect(button).toBeVisible();
  await expect(page.getByText("or", { exact: true })).toBeVisible();
  await expectNoSeriousAxe(page);

  await button.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.port === String(e2eOidcPort()));
  await page.locator('input[name="login"]').fill("demo-member");
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  // The callback logs the member in and goes on to /my, which opens their membership.
  await page.waitForURL(`**${HM}/my/membership`);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Membership", exact: true })).toBeVisible();
  await expect(page.getByTestId("my-membership").first()).toBeVisible();
  await expect(page.getByTestId("account-nav").getByRole("link", { name: "Log in" })).toHaveCount(0);

  // 'An Invalid state error navigates forward, with the session message shown for about 5 seconds'.
  // 'Stay on this page' stops the move (WCAG 2.2.1); left alone, the page goes on after 5 s.
  const forged = `${HM}/login/callback?code=made-up&state=made-up-state`;
  await page.goto(forged);
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your login session has expired or was already used.");
  await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", `${HM}/events`);
  await expectNoSeriousAxe(page);
  await page.clock.runFor(6_000);
  expect(new URL(page.url()).pathname).toBe(`${HM}/login/callback`);

  await page.goto(forged);
  await expect(page.getByText("Taking you on in 5 seconds.")).toBeVisible();
  await page.clock.runFor(5_000);
  await page.waitForURL(`**${HM}/events`);
});

test("the membership form's login-or-guest modal offers 'Log in with Harbour ID' too, returning to the membership page", async ({
  page,
}) => {
  await page.goto(`${HM}/events/hm-membership`);
  await page.getByRole("button", { name: "Buy a membership" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in or shop as a guest" });
  await expect(dialog).toBeVisible();
  const button = dialog.getByRole("link", { name: "Log in with Harbour ID" });
  await expect(button).toBeVisible();
  const href = new URL((await button.getAttribute("href")) ?? "", page.url());
  expect(href.pathname).toBe("/api/login/external/start");
  expect(href.searchParams.get("return")).toBe(`${HM}/events/hm-membership`);
  await expectNoSeriousAxe(page);
});
