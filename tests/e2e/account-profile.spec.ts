/**
 * /my/profile for both tenants (spec 2 §3 "Name, e-mail and first_name/last_name are
 * read-only on the profile; only state may be cleared", §5, spec 1 §5 custom fields "state or
 * province is a select required only where the country has a list (Canada uses the word province)"):
 * edit and save shows what was saved and survives a reload; a bad ZIP is refused by its field; the
 * saved card of an enrolled membership cannot be removed until auto-renew is cancelled, then it can.
 * axe on the page.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { buyWithAutoRenew, newUser } from "./helpers/account-profile.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const TENANTS = [
  { seller: "harbour-museum", level: "hm-membership-individual", info: { zip_code: "02110" } },
  { seller: "riverside-zoo", level: "rz-membership-adult", info: { zip_code: "EH1 1YZ" } },
] as const;

async function hydrated(page: Page) {
  const islands = page.locator("astro-island");
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    // client:visible islands hydrate once they are on screen.
    await island.evaluate((el) => el.firstElementChild?.scrollIntoView());
    await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const tenant of TENANTS) {
  test(`${tenant.seller}: the profile shows name and e-mail read-only, edits phone, address, city, country, province and ZIP, and says what was saved`, async ({
    page,
  }) => {
    const email = await newUser(page.request, tenant.seller);
    const res = await page.goto(`/${tenant.seller}/my/profile`);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    const readOnly = page.getByTestId("profile-read-only");
    await expect(readOnly).toContainText("Rosalind Franklin");
    await expect(readOnly).toContainText(email);
    await expect(page.getByRole("textbox", { name: /name/i })).toHaveCount(0);

    const form = page.getByRole("form", { name: "Your details" });
    await form.getByLabel("Phone").fill("+1 416 555 0100");
    await form.getByLabel("Address").fill("100 Queen St W");
    await form.getByLabel("City").fill("Toronto");
    await form.getByLabel("Country").selectOption("CA");
    // Canada has a list: the select is called Province and is required.
    await form.getByLabel("ZIP code").fill("M5H!");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("Choose a province.")).toBeVisible();
    await expect(
      form.getByText("Enter a valid ZIP or post code (4 to 10 letters and digits)."),
    ).toBeVisible();
    await expect(form.getByRole("alert")).toHaveText(
      "There were errors found in the information you submitted. Please address the errors and re-submit the form.",
    );
    await expectNoSeriousAxe(page);

    await form.getByLabel("Province").selectOption("ON");
    await form.getByLabel("ZIP code").fill("M5H 2N2");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByRole("status")).toHaveText(
      "Your details have been saved: Phone, Address, City, Country, Province, ZIP code.",
    );
    await page.reload();
    await hydrated(page);
    await expect(form.getByLabel("City")).toHaveValue("Toronto");
    await expect(form.getByLabel("Province")).toHaveValue("ON");
    // 'only state may be cleared': the city cannot be emptied.
    await form.getByLabel("City").fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("This field cannot be cleared.")).toBeVisible();
    await expectNoSeriousAxe(page);
  });

  test(`${tenant.seller}: a saved card is shown by its identifier; removing it is refused while auto-renew uses it, then it goes`, async ({
    page,
  }) => {
    await newUser(page.request, tenant.seller, tenant.info);
    const orderId = await buyWithAutoRenew(page.request, tenant.seller, tenant.level);
    await page.goto(`/${tenant.seller}/my/profile`);
    await hydrated(page);
    const card = page.getByTestId("saved-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Visa ending 4242");
    await card.getByRole("button", { name: "Remove Visa ending 4242" }).click();
    await card.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(
      page.getByText("This card pays for the automatic renewal of your membership."),
    ).toBeVisible();
    await expectNoSeriousAxe(page);

    // Cancel auto-renew from the page, a same-origin DELETE (a cross-site one is refused).
    const cancelled = await page.evaluate(
      async (url) => (await fetch(url, { method: "DELETE" })).status,
      `/api/ticket_order/${orderId}/auto_renew?_seller=${tenant.seller}`,
    );
    expect(cancelled).toBe(200);
    await page.reload();
    await hydrated(page);
    await card.getByRole("button", { name: "Remove Visa ending 4242" }).click();
    await card.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "removed" })).toHaveText(
      "Visa ending 4242 has been removed.",
    );
    await expect(page.getByText("You have no saved payment methods.")).toBeVisible();
  });
}
