/**
 * Against the flags-off server (tests/e2e/flags-off-run.ts): the Harbour Museum has every my_account_pages flag
 * off, the Riverside Zoo its ticket pages off and its profile on; both have
 * prevent_membership_updates. Spec 2 §2: "Profile, upcoming tickets and recent orders each depend
 * on a my_account_pages configuration flag"; spec 2 §5: "member name edits are disabled when
 * prevent_membership_updates is set".
 */
import { expect, type Page, test } from "./fixtures.ts";
import { newUser } from "./helpers/account-profile.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const HM = "harbour-museum";
const RZ = "riverside-zoo";

async function login(page: Page, seller: string, username: string, password: string) {
  const res = await page.request.post(`/api/login?_seller=${seller}`, { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Account sections" });

test("'Profile, upcoming tickets and recent orders each depend on a my_account_pages flag' (spec 2 §2): all off, a member sees Membership and Logout, and the pages answer 404", async ({
  page,
}) => {
  await login(page, HM, "demo@harbour-museum.example", "Harbour-2026");
  await page.goto(`/${HM}/my`);
  await expect(page).toHaveURL(`/${HM}/my/membership`);
  await expect(nav(page).getByRole("link")).toHaveText(["Membership", "Logout"]);
  await expectNoSeriousAxe(page);
  for (const path of [
    "my/profile",
    "my/upcoming",
    "my/orders",
    "my/orders/hm-demo-account-past-order",
    "my/upcoming/session/any",
  ]) {
    const res = await page.request.get(`/${HM}/${path}`, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
  }
});

test("all off and no membership: /my has no section left and answers 404 (spec 2 §2 '/my ... else to /my/profile', which is off)", async ({
  page,
}) => {
  await newUser(page.request, HM);
  const res = await page.goto(`/${HM}/my`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops, We could not find anything at this URL")).toBeVisible();
});

test("the ticket pages off, the profile on: Membership, Profile, Logout; 'member name edits are disabled when prevent_membership_updates is set' (spec 2 §5) for a member, not for a non-member", async ({
  page,
  browser,
}) => {
  await login(page, RZ, "demo@riverside-zoo.example", "Riverside-2026");
  await page.goto(`/${RZ}/my`);
  await expect(page).toHaveURL(`/${RZ}/my/membership`);
  await expect(nav(page).getByRole("link")).toHaveText(["Membership", "Profile", "Logout"]);
  expect((await page.request.get(`/${RZ}/my/upcoming`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.get(`/${RZ}/my/orders`, { maxRedirects: 0 })).status()).toBe(404);

  await nav(page).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(`/${RZ}/my/profile`);
  await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/);
  const form = page.getByRole("form", { name: "Your details" });
  await expect(form.getByLabel("Phone")).toBeDisabled();
  await expect(form.getByLabel("City")).toBeDisabled();
  await expect(
    page.getByText("Your member details cannot be changed online. Please contact us to change them."),
  ).toBeVisible();
  await expect(form.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expectNoSeriousAxe(page);

  // A non-member's details are theirs to change: /my goes to the profile, whose fields are enabled.
  const context = await browser.newContext();
  const other = await context.newPage();
  await newUser(other.request, RZ);
  await other.goto(`/${RZ}/my`);
  await expect(other).toHaveURL(`/${RZ}/my/profile`);
  await expect(nav(other).getByRole("link")).toHaveText(["Profile", "Logout"]);
  await expect(other.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/);
  await expect(other.getByRole("form", { name: "Your details" }).getByLabel("Phone")).toBeEnabled();
  await context.close();
});
