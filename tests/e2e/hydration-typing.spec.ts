/**
 * Typed or autofilled text is not wiped: text entered right after a page loads, before the
 * island hydrates (about 0.1–0.3 s), was sometimes wiped. Each test types into the server-rendered
 * fields while the islands' JavaScript is held back, then lets it load, waits for hydration (Astro
 * removes the `ssr` attribute) and checks the islands kept and use the typed text.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { newUser } from "./helpers/account-profile.ts";
import { SELLER, seededCheckoutPath } from "./helpers/cart.ts";
import { holdIslandScripts } from "./helpers/hold-islands.ts";

const HM = `/${SELLER}`;

/** Opens `path` with the islands held back; answers the release. */
async function openUnhydrated(page: Page, path: string) {
  const hold = await holdIslandScripts(page);
  // 'commit': the held module scripts would keep the load events from firing.
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.locator("astro-island[ssr]").first()).toBeAttached();
  return hold;
}

async function hydrate(page: Page, release: () => Promise<void>) {
  await release();
  // A cart widget with no cart stays asleep as served (`client:cart`): not one to wait for.
  await expect(page.locator("astro-island[ssr]:not([data-cart-asleep])")).toHaveCount(0, { timeout: 15_000 });
}

test("'Islands must adopt the values already in the server-rendered fields': checkout names and e-mail", async ({
  page,
  request,
}) => {
  // Regression: checkout names typed before hydration were wiped (3 of 8 tries).
  const { release } = await openUnhydrated(page, await seededCheckoutPath(page, request));
  const typed = {
    "First name": "Ada",
    "Last name": "Lovelace",
    "Email address": "ada@example.test",
    "Confirm email address": "ada@example.test",
  };
  for (const [label, value] of Object.entries(typed)) {
    await page.getByLabel(label, { exact: true }).pressSequentially(value);
  }
  await hydrate(page, release);
  // The island re-renders once it is ready; a field it had not adopted would be emptied here.
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  for (const [label, value] of Object.entries(typed)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  // And the state holds them: paying complains about the card only, not about the identity.
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  for (const label of Object.keys(typed)) {
    await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  }
});

test("a checkout sent before its island is ready never puts the card into the address; without JavaScript it is a POST", async ({
  page,
  browser,
  request,
}) => {
  const path = await seededCheckoutPath(page, request);
  const navigations: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest()) navigations.push(`${r.method()} ${r.url()}`);
  });
  const { release } = await openUnhydrated(page, path);
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.locator('input[name="card_number"]').fill("4242 4242 4242 4242");
  await page.locator('input[name="card_cvc"]').fill("123");
  await page.locator('input[name="card_cvc"]').press("Enter");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForTimeout(300);
  expect(navigations).toHaveLength(1);
  expect(page.url()).not.toContain("card_number");
  // Ready: the typed card is still there, adopted by the island.
  await hydrate(page, release);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(page.locator('input[name="card_number"]')).toHaveValue("4242 4242 4242 4242");
  // The held submission is sent by the island, not the browser: it checks the fields (no expiry
  // date was typed) and the page stays.
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Ada");
  expect(navigations).toHaveLength(1);

  // No JavaScript at all: the form is sent as a POST, never with its fields in the address.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(path);
  await expect(bare.getByTestId("checkout-noscript")).toHaveText(
    "Checkout needs JavaScript. Please turn it on in your browser to pay.",
  );
  await bare.locator('input[name="card_number"]').fill("4242 4242 4242 4242");
  const [sent] = await Promise.all([
    bare.waitForRequest((r) => r.isNavigationRequest()),
    bare.locator('input[name="card_number"]').press("Enter"),
  ]);
  expect(sent.method()).toBe("POST");
  expect(sent.url()).not.toContain("card_number");
  await noScript.close();
});

test("'Islands must adopt the values already in the server-rendered fields': login e-mail", async ({
  page,
}) => {
  const email = "demo@harbour-museum.example";
  const { release } = await openUnhydrated(page, `${HM}/login`);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await hydrate(page, release);
  await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(email);
  await page.getByRole("button", { name: "Continue" }).click();
  // The next step names the address it continues with; an unadopted field would be refused as empty.
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toHaveCount(0);
});

test("'Islands must adopt the values already in the server-rendered fields': member ID and ZIP", async ({
  page,
}) => {
  // Regression: a member ID typed before hydration was wiped.
  const { release } = await openUnhydrated(
    page,
    `${HM}/login?redirect=${encodeURIComponent(`${HM}/events`)}`,
  );
  await page.getByLabel("Member ID").pressSequentially("HM100002");
  await page.getByLabel("ZIP code").pressSequentially("10001");
  await hydrate(page, release);
  await expect(page.getByLabel("Member ID")).toHaveValue("HM100002");
  await page.getByRole("button", { name: "Log in with member ID" }).click();
  await expect(page).toHaveURL(`${HM}/events`);
});

test("an Enter pressed before the island is ready is not lost: the guard holds it and sends it once the island hydrates", async ({
  page,
}) => {
  const navigations: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest()) navigations.push(`${r.method()} ${r.url()}`);
  });
  const { release } = await openUnhydrated(page, `${HM}/membership/redeem`);
  const field = page.getByLabel("Gift code");
  await field.fill("HMGIFT001");
  await field.press("Enter");
  await field.press("Enter");
  await page.waitForTimeout(300);
  await expect(page.getByText("You must enter a valid code.", { exact: true })).toHaveCount(0);
  await hydrate(page, release);
  // The held Enter is sent once the island is ready, with the typed code: the spec's answer to it.
  await expect(page.getByText("You must enter a valid code.", { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(navigations).toHaveLength(1);
});

test("'a click before the island is ready is not lost': 'Email me a login code instead' clicked before hydration sends the code to the typed address", async ({
  page,
}) => {
  const email = "demo@harbour-museum.example";
  const { release } = await openUnhydrated(page, `${HM}/login`);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email me a login code instead" }).click();
  await page.waitForTimeout(300);
  await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0);
  await hydrate(page, release);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toHaveCount(0);
});

test("'a box ticked before the island is ready stays ticked': checkout's terms and its donation amount, chosen before hydration, are the island's once it hydrates", async ({
  page,
  request,
}) => {
  // Regression: hydration unticked the terms box and put the donation back on its first amount,
  // so Pay then said the terms were not accepted.
  const path = await seededCheckoutPath(page, request);

  const first = await openUnhydrated(page, path);
  const amount = page.getByRole("radio", { name: "$25.00" });
  await amount.click();
  await hydrate(page, first.release);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(amount).toBeChecked();
  await expect(page.getByRole("radio", { name: "$10.00" })).not.toBeChecked();

  const second = await openUnhydrated(page, path);
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  await terms.click();
  await hydrate(page, second.release);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(terms).toBeChecked();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("This field is required.").first()).toBeVisible();
  await expect(page.locator("#checkout-terms-error")).toHaveCount(0);
  await expect(terms).toBeChecked();
});

test("'an option selected before the island is ready stays selected': my profile's Country chosen before hydration is the island's (Canada asks for its Province)", async ({
  page,
}) => {
  await newUser(page.request, SELLER);
  const { release } = await openUnhydrated(page, `${HM}/my/profile`);
  const form = page.getByRole("form", { name: "Your details" });
  await form.getByLabel("Country").selectOption("CA");
  await release();
  // The page's other islands are client:visible (below the fold): only the form's is waited for.
  await expect(page.locator("astro-island", { has: form })).not.toHaveAttribute("ssr", /.*/, {
    timeout: 15_000,
  });
  // The island knows the country: it shows Canada's Province select, and saving without one says so.
  await expect(form.getByLabel("Country")).toHaveValue("CA");
  await expect(form.getByLabel("Province")).toBeVisible();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Choose a province.")).toBeVisible();
});
