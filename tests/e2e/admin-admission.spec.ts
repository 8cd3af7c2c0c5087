/**
 * "Redeemed is shown … on the order pages. Staff can undo an admission, and the undo is logged."
 * A gate admits a ticket through the admin API; the order's page shows it Redeemed with the time
 * and the gate; staff undo it from the page with a reason, and the ticket is Booked again.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { firstOpenSession } from "./helpers/cart.ts";
import { buyGuestOrder } from "./helpers/guest-order.ts";

test("an admitted ticket reads Redeemed on the order's page, and staff undo the admission with a reason", async ({
  page,
  request,
}) => {
  const email = `admit-${randomUUID().slice(0, 8)}@example.com`;
  const session = await firstOpenSession(request, "hm-general-admission", 1);
  const order = await buyGuestOrder(request, {
    session,
    quantity: 1,
    firstName: "Grace",
    lastName: "Hopper",
    email: email,
  });
  const orderId = order.id;

  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("boxoffice@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);

  const detail = await page.request.get(`/api/admin/orders/${orderId}?_seller=harbour-museum`);
  const code =
    ((await detail.json()) as { ticket_order: { _data: { tickets: { scan_code: string }[] }[] } })
      .ticket_order._data[0]?.tickets[0]?.scan_code ?? "";
  const scan = await page.request.post("/api/admin/gate/scans?_seller=harbour-museum", {
    data: {
      scan_id: randomUUID(),
      code,
      gate: "North gate",
      scope: { kind: "today" },
      override: true,
      reason: "e2e",
    },
  });
  expect(scan.status(), await scan.text()).toBe(200);
  expect(await scan.text()).toContain('"light":"green"');

  await page.goto(`/harbour-museum/admin/orders/${orderId}`);
  const row = page.getByRole("row", { name: /Adult/ });
  await expect(row.getByRole("cell", { name: /^Redeemed/ })).toContainText("North gate");
  await expectNoSeriousAxe(page);
  await row.getByRole("button", { name: /^Undo admission of Adult/ }).click();
  await page.getByLabel("Why undo it").fill("Scanned the wrong ticket");
  await page.getByRole("button", { name: "Undo admission" }).click();
  await expect(page.getByRole("row", { name: /Adult/ }).getByRole("cell", { name: "Booked" })).toBeVisible();
  await expect(
    page.getByText(/Bea Box Office, undid a ticket.s admission \(North gate\): Scanned the wrong ticket/),
  ).toBeVisible();
});

test("a gate that was offline and let in a ticket another gate had admitted is a conflict on Today", async ({
  page,
  request,
  foyerNow,
}) => {
  const session = await firstOpenSession(request, "hm-general-admission", 1);
  const placed = await buyGuestOrder(request, {
    session,
    quantity: 1,
    firstName: "Ada",
    lastName: "Twice",
    email: `twice-${randomUUID().slice(0, 8)}@example.com`,
  });
  await page.goto("/harbour-museum/admin/login");
  await page.getByLabel("E-mail address").fill("admin@harbour-museum.example");
  await page.getByLabel("Password").fill("Backoffice-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/admin$/);
  const detail = await page.request.get(`/api/admin/orders/${placed.id}?_seller=harbour-museum`);
  const code =
    ((await detail.json()) as { ticket_order: { _data: { tickets: { scan_code: string }[] }[] } })
      .ticket_order._data[0]?.tickets[0]?.scan_code ?? "";
  const scope = { kind: "today" };
  const online = await page.request.post("/api/admin/gate/scans?_seller=harbour-museum", {
    data: { scan_id: randomUUID(), code, gate: "Main gate", scope, override: true },
  });
  expect(online.status(), await online.text()).toBe(200);
  // The offline gate let the visitor in at the same time; it syncs afterwards.
  const synced = await page.request.post("/api/admin/gate/sync?_seller=harbour-museum", {
    data: {
      scans: [
        {
          scan_id: randomUUID(),
          code,
          gate: "Garden gate",
          scope,
          override: true,
          scanned_at: foyerNow,
          admitted: true,
        },
      ],
    },
  });
  expect(await synced.text()).toContain('"conflict":true');
  await page.goto("/harbour-museum/admin");
  const conflicts = page.getByRole("region", { name: "Gate conflicts" });
  await expect(conflicts).toContainText(`order ${placed.orderNumber}`);
  await expect(conflicts).toContainText("at Main gate, then let in again at");
  await expect(conflicts).toContainText("at Garden gate (Alex Admin, offline)");
});
