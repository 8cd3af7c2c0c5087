/**
 * Upcoming tickets and recent orders (spec 2 §2, §3, §4, §8), for both tenants: the demo
 * member (README "Demo accounts") sees their upcoming visit and its tickets with QR codes, their
 * recent orders newest first, an order with its payments (Paid and Refund) and, at the Harbour
 * Museum, the membership on a payment plan with its Overdue instalment, paid with "Pay now" through
 * the checkout screen; they resend an
 * order. A user without orders sees 'You have no upcoming tickets' and 'You have no recent orders';
 * another's order is 'Order not found'. A visitor who is not logged in goes to the login page. axe
 * finds nothing serious on any page.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { newUser } from "./helpers/account-profile.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const TENANTS = [
  {
    seller: "harbour-museum",
    prefix: "hm",
    email: "demo@harbour-museum.example",
    password: "Harbour-2026",
    plan: true,
  },
  {
    seller: "riverside-zoo",
    prefix: "rz",
    email: "demo@riverside-zoo.example",
    password: "Riverside-2026",
    plan: false,
  },
] as const;

async function login(page: Page, seller: string, username: string, password: string) {
  const res = await page.request.post(`/api/login?_seller=${seller}`, { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const tenant of TENANTS) {
  test.describe(`${tenant.seller}: my tickets and orders`, () => {
    test("'/my/upcoming: upcoming sessions ... soonest first' and a session's tickets with QR codes", async ({
      page,
    }) => {
      await login(page, tenant.seller, tenant.email, tenant.password);
      const res = await page.goto(`/${tenant.seller}/my/upcoming`);
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Upcoming tickets" })).toBeVisible();
      const card = page.getByTestId("upcoming-session").filter({ hasText: "900000" });
      await expect(card.first()).toContainText(/\w{3}, \w+ \d{1,2} \d{4}/);
      await expect(card.first()).toContainText("2");
      await expectNoSeriousAxe(page);
      await card.first().getByRole("link").click();
      await expect(page).toHaveURL(/\/my\/upcoming\/session\//);
      const tickets = page.getByTestId("session-ticket");
      await expect(tickets).toHaveCount(2);
      await expect(tickets.first().getByRole("img")).toHaveJSProperty("complete", true);
      expect(
        await tickets
          .first()
          .getByRole("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(page.getByText("Ada Lovelace")).toBeVisible();
      await expectNoSeriousAxe(page);
      await page.goto(`/${tenant.seller}/my/upcoming/session/nope`);
      await expect(page.getByRole("heading", { name: "Session not found" })).toBeVisible();
    });

    test("'/my/orders: recent orders, newest first', an order's payments and scheduled payments ('an overdue one can be paid now through the checkout screen'), resend", async ({
      page,
    }) => {
      await login(page, tenant.seller, tenant.email, tenant.password);
      await page.goto(`/${tenant.seller}/my/orders`);
      await expect(page.getByRole("heading", { level: 1, name: "Recent orders" })).toBeVisible();
      const numbers = await page.getByTestId("my-order").allTextContents();
      const upcomingAt = numbers.findIndex((t) =>
        t.includes(`${tenant.prefix === "hm" ? "900000312" : "900000412"}`),
      );
      const pastAt = numbers.findIndex((t) =>
        t.includes(`${tenant.prefix === "hm" ? "900000311" : "900000411"}`),
      );
      expect(upcomingAt).toBeGreaterThanOrEqual(0);
      expect(pastAt).toBeGreaterThan(upcomingAt);
      await expectNoSeriousAxe(page);

      await page.goto(`/${tenant.seller}/my/orders/${tenant.prefix}-demo-account-past-order`);
      const tickets = page.getByTestId("order-tickets");
      await expect(tickets).toContainText("Redeemed");
      await expect(tickets).toContainText("Past Event");
      await expect(tickets).toContainText("Cancelled");
      const payments = page.getByTestId("order-payments");
      await expect(payments).toContainText("Paid");
      await expect(payments).toContainText("Refund");
      await expectNoSeriousAxe(page);
      await page.getByRole("button", { name: "Resend this order" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "We have sent this order to your email address again.",
      );

      if (tenant.plan) {
        await page.goto(`/${tenant.seller}/my/orders/${tenant.prefix}-demo-account-plan-order`);
        const scheduled = page.getByTestId("order-scheduled");
        await expect(scheduled).toContainText("Overdue");
        await expect(scheduled).toContainText("Upcoming");
        // The membership ticket shows its validity, not "–".
        await expect(page.getByTestId("order-tickets")).toContainText(
          /[A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2} \d{4} – [A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2} \d{4}/,
        );
        await expectNoSeriousAxe(page);

        // 'an overdue one can be paid now through the checkout screen': the due amount, by test card.
        const overdueRow = scheduled.getByRole("row").filter({ hasText: "Overdue" });
        const dueAmount = (await overdueRow.locator(".my-table__amount").textContent())?.trim() ?? "";
        await overdueRow.getByRole("link", { name: "Pay now" }).click();
        await expect(page).toHaveURL(
          new RegExp(`/${tenant.seller}/checkout/${tenant.prefix}-demo-account-plan-cart$`),
        );
        await expect(page.locator(".checkout[data-hydrated]")).toBeVisible();
        const amount = page.getByRole("group", { name: "Amount to pay" });
        await expect(amount.getByRole("radio", { name: `Amount due (${dueAmount})` })).toBeChecked();
        await expectNoSeriousAxe(page);
        await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
        await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
        await page.getByLabel("Security code (CVC)").fill("123");
        const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
        if (await terms.count()) await terms.check();
        await page.getByRole("button", { name: `Pay ${dueAmount}` }).click();

        // Back on the order page: the instalment is Paid, and the payment is in the audit.
        await expect(page).toHaveURL(
          new RegExp(`/${tenant.seller}/my/orders/${tenant.prefix}-demo-account-plan-order$`),
        );
        await expect(scheduled.getByRole("row").filter({ hasText: "Overdue" })).toHaveCount(0);
        await expect(scheduled.getByRole("row").filter({ hasText: "Paid" })).toHaveCount(2);
        await expect(
          scheduled.getByRole("row").filter({ hasText: "Upcoming" }).getByRole("link", { name: "Pay now" }),
        ).toBeVisible();
        await expect(
          page.getByTestId("order-payments").getByRole("row").filter({ hasText: dueAmount }),
        ).toHaveCount(1);
      }
    });

    test("a user without orders sees the empty texts; another's order is 'Order not found'", async ({
      page,
    }) => {
      await newUser(page.request, tenant.seller);
      await page.goto(`/${tenant.seller}/my/upcoming`);
      await expect(page.getByText("You have no upcoming tickets")).toBeVisible();
      await expectNoSeriousAxe(page);
      await page.goto(`/${tenant.seller}/my/orders`);
      await expect(page.getByText("You have no recent orders")).toBeVisible();
      await expectNoSeriousAxe(page);
      const res = await page.goto(`/${tenant.seller}/my/orders/${tenant.prefix}-demo-account-past-order`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
      await expect(page.getByText("Charles Babbage")).toHaveCount(0);
    });

    test("not logged in: the login page, and back after logging in", async ({ page }) => {
      await page.goto(`/${tenant.seller}/my/orders`);
      await expect(page).toHaveURL(new RegExp(`/${tenant.seller}/login\\?redirect=`));
      expect(decodeURIComponent(page.url())).toContain(`/${tenant.seller}/my/orders`);
    });
  });
}
