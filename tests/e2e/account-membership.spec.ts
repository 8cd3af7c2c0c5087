/**
 * /my and /my/membership for both tenants (spec 2 §2 "/my redirects to /my/membership if the
 * user has a membership, else to /my/profile", §3, §4 "scheduled means Enrolled", §6 "The membership
 * page shows only if the user has a membership"): a member enrolled in auto-renew (a new account that
 * buys a level with auto-renew, so the demo accounts stay as they are) lands on the membership page
 * and sees the card holders with their QR codes, Enrolled and the cancel link; the renewal-window demo
 * member (README) sees the renew button; a non-member lands on the profile. axe on every page.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { buyWithAutoRenew, newUser } from "./helpers/account-profile.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const TENANTS = [
  {
    seller: "harbour-museum",
    level: "hm-membership-individual",
    levelName: "Individual",
    renewalMember: { scan_code: "HM100002", zip_code: "10001" },
    info: { zip_code: "02110" },
  },
  {
    seller: "riverside-zoo",
    level: "rz-membership-adult",
    levelName: "Adult",
    renewalMember: { scan_code: "RZ200002", last_name: "Attenborough" },
    info: { zip_code: "EH1 1YZ" },
  },
] as const;

async function qrCodesLoaded(page: Page, count: number) {
  const images = page.getByTestId("card-holder").getByRole("img");
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("src", /\/api\/membership\/[^/]+\/qrcode\?margin=2$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
}

for (const tenant of TENANTS) {
  test(`${tenant.seller}: a member enrolled in auto-renew lands on /my/membership: level, card holder with QR, Enrolled with the cancel link`, async ({
    page,
  }) => {
    await newUser(page.request, tenant.seller, tenant.info);
    const orderId = await buyWithAutoRenew(page.request, tenant.seller, tenant.level);
    const res = await page.goto(`/${tenant.seller}/my`);
    await expect(page).toHaveURL(`/${tenant.seller}/my/membership`);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    const nav = page.getByRole("navigation", { name: "Account sections" });
    await expect(nav.getByRole("link")).toHaveText(["Membership", "Profile", "Tickets", "Logout"]);
    await expect(nav.getByRole("link", { name: "Membership" })).toHaveAttribute("aria-current", "page");
    const card = page.getByTestId("my-membership");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { name: tenant.levelName })).toBeVisible();
    await expect(card.getByTestId("auto-renew-state")).toContainText("Enrolled");
    await expect(card.getByRole("link", { name: "Cancel automatic renewal" })).toHaveAttribute(
      "href",
      `/${tenant.seller}/manage/${orderId}/cancel-auto-renew`,
    );
    await expect(card.getByTestId("card-holder")).toContainText("Rosalind Franklin");
    await qrCodesLoaded(page, 1);
    // A new term is far from its end: no renew button yet.
    await expect(page.getByRole("link", { name: "Renew membership" })).toHaveCount(0);
    await expectNoSeriousAxe(page);

    // Resend my membership email (POST my/ticket_order/resend, memberships_only).
    const resend = page.getByRole("button", { name: "Resend my membership email" });
    await resend.scrollIntoViewIfNeeded(); // the island hydrates when visible
    await expect(page.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
    await resend.click();
    await expect(page.getByRole("status").filter({ hasText: "membership email" })).toHaveText(
      "We have sent your membership email again. Please check your inbox.",
    );
  });

  test(`${tenant.seller}: the member in the renewal window sees the renew button (to /membership/renew)`, async ({
    page,
  }) => {
    const login = await page.request.post(`/api/login?_seller=${tenant.seller}`, {
      data: { credential_type: "scan_code", ...tenant.renewalMember },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto(`/${tenant.seller}/my/membership`);
    const renew = page.getByRole("link", { name: "Renew membership" });
    await expect(renew).toHaveAttribute("href", `/${tenant.seller}/membership/renew`);
    await expect(page.getByTestId("card-holder")).toHaveCount(2);
    await qrCodesLoaded(page, 2);
    await expect(page.getByTestId("auto-renew-state")).toHaveText("Not enrolled");
    await expectNoSeriousAxe(page);
  });

  test(`${tenant.seller}: a non-member lands on /my/profile, has no Membership section, and /my/membership sends them there; logged out goes to the login page`, async ({
    page,
  }) => {
    const anonymous = await page.request.get(`/${tenant.seller}/my/membership`, { maxRedirects: 0 });
    expect(anonymous.headers().location).toBe(
      `/${tenant.seller}/login?redirect=${encodeURIComponent(`/${tenant.seller}/my/membership`)}`,
    );
    await newUser(page.request, tenant.seller);
    await page.goto(`/${tenant.seller}/my`);
    await expect(page).toHaveURL(`/${tenant.seller}/my/profile`);
    const nav = page.getByRole("navigation", { name: "Account sections" });
    await expect(nav.getByRole("link")).toHaveText(["Profile", "Tickets", "Logout"]);
    await page.goto(`/${tenant.seller}/my/membership`);
    await expect(page).toHaveURL(`/${tenant.seller}/my/profile`);
    await expectNoSeriousAxe(page);
  });
}
