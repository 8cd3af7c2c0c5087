/**
 * Members and their benefits (spec 1 §6), for both tenants: a new member (bought through
 * the API, logged in by the new member ID) buys members-only tickets and meets the benefit's limit —
 * the steppers stop at the remaining benefit (spec 1 §5 quantities) and a stale tab is refused with
 * member_limit_exceeded:reserve; the expired demo member sees the 'expired' renewal message with
 * its renew link.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { openSessions, pickFirstDate, serverCart, waitForReserveIsland } from "./helpers/reserve.ts";

const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" };

const TENANTS = [
  {
    seller: "harbour-museum",
    level: "hm-membership-individual",
    event: "hm-members-preview",
    // "Members may bring one guest each": the Individual level allows one Member's guest a term.
    limited: "Member's guest",
    limit: 1,
    alsoAdd: "Member",
    login: (memberId: string) => ({ credential_type: "scan_code", scan_code: memberId, zip_code: "02139" }),
    expired: { username: "expired@harbour-museum.example", password: "Harbour-2026" },
    membersOnlyEvent: true,
  },
  {
    seller: "riverside-zoo",
    level: "rz-membership-adult",
    event: "rz-keeper-talk",
    // The Adult level allows 4 members-only tickets a term (the "Members' front row").
    limited: "Member",
    limit: 4,
    alsoAdd: undefined,
    login: (memberId: string) => ({ credential_type: "scan_code", scan_code: memberId, last_name: "Anning" }),
    expired: { username: "expired@riverside-zoo.example", password: "Riverside-2026" },
    membersOnlyEvent: false,
  },
] as const;

/** Buys the level as a guest and answers the new member ID. */
async function newMember(request: APIRequestContext, seller: string, level: string): Promise<string> {
  const created = await request.post(`/api/my/cart/modify?_seller=${seller}`, {
    data: { add: [{ ticket_type_id: level, party_role: "member" }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const cartId = ((await created.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id;
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout`, {
    data: {
      gateway_id: "test",
      gateway_data: CARD,
      identity: {
        first_name: "Mary",
        last_name: "Anning",
        email: `benefit-${randomUUID()}@example.com`,
        additional_info: { zip_code: "02139", post_code: "SW1A 1AA" },
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const orderId = ((await paid.json()) as { ticket_order: { _data: Array<{ id: string }> } }).ticket_order
    ._data[0]?.id;
  const order = await request.get(`/api/ticket_order?id._in=${orderId}&_embed=membership`);
  const memberId = ((await order.json()) as { membership: { _data: Array<{ scan_code: string }> } })
    .membership._data[0]?.scan_code;
  expect(memberId).toMatch(/^(HM|RZ)\d{6}$/);
  return memberId ?? "";
}

async function openFirstSession(page: Page) {
  const reserve = await waitForReserveIsland(page);
  await pickFirstDate(reserve);
  await openSessions(reserve).first().check();
  return reserve;
}

for (const t of TENANTS) {
  test(`${t.seller}: a new member buys members-only tickets and meets the benefit limit's message (${t.limit} × ${t.limited} a term)`, async ({
    page,
    request,
  }) => {
    const memberId = await newMember(request, t.seller, t.level);
    const login = await page.request.post(`/api/login?_seller=${t.seller}`, { data: t.login(memberId) });
    expect(login.status(), await login.text()).toBe(200);
    const url = `/${t.seller}/events/${t.event}`;
    // A second tab opened now still offers the whole benefit (its remaining count at page load).
    const stale = await page.context().newPage();
    await stale.goto(url);
    await page.goto(url);
    await expect(page.getByText("Sorry! This event is members only")).toHaveCount(0);
    await expect(page.getByTestId("membership-renewal")).toHaveCount(0);
    const reserve = await openFirstSession(page);
    if (t.alsoAdd) await reserve.getByRole("button", { name: `Add one ${t.alsoAdd}`, exact: true }).click();
    const add = reserve.getByRole("button", { name: `Add one ${t.limited}`, exact: true });
    for (let i = 0; i < t.limit; i++) await add.click();
    // Spec 1 §5: the type's stepper stops at the remaining member benefit.
    await expect(add).toBeDisabled();
    await reserve.getByRole("button", { name: "Add to cart" }).click();
    await expect(reserve.getByRole("status").filter({ hasText: "Added to your cart." })).toBeVisible();
    const held = (await serverCart(page, t.seller)).ticket._data.length;
    expect(held).toBe(t.limit + (t.alsoAdd ? 1 : 0));

    // Reloaded, nothing is left of the benefit.
    await page.goto(url);
    const again = await openFirstSession(page);
    await expect(again.getByRole("button", { name: `Add one ${t.limited}`, exact: true })).toBeDisabled();

    // The stale tab still offers one: the server refuses it with member_limit_exceeded:reserve.
    const staleReserve = await openFirstSession(stale);
    await staleReserve.getByRole("button", { name: `Add one ${t.limited}`, exact: true }).click();
    await staleReserve.getByRole("button", { name: "Add to cart" }).click();
    await expect(
      stale.getByText(`You have reached your member limit of ${t.limit} tickets for this membership term.`),
    ).toBeVisible();
    expect((await serverCart(page, t.seller)).ticket._data).toHaveLength(held);
  });

  test(`${t.seller}: the expired member sees the 'expired' renewal message with the ticket date and a renew link`, async ({
    page,
  }) => {
    const login = await page.request.post(`/api/login?_seller=${t.seller}`, {
      data: { credential_type: "password", ...t.expired },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto(`/${t.seller}/events/${t.event}`);
    // No current membership: a members-only event shows its notice too.
    await expect(page.getByText("Sorry! This event is members only")).toHaveCount(t.membersOnlyEvent ? 1 : 0);
    const notice = page.getByTestId("membership-renewal");
    await expect(notice).toContainText(
      /^Your membership has expired\. Renew it to book member tickets for \w{3}, (\w{3} \d{1,2}|\d{1,2} \w{3}),? \d{4}\./,
    );
    await expectNoSeriousAxe(page);
    const renew = notice.getByRole("link", { name: "Renew your membership" });
    await expect(renew).toHaveAttribute("href", `/${t.seller}/membership/renew`);
    await renew.click();
    await expect(page).toHaveURL(new RegExp(`/${t.seller}/events/(hm|rz)-membership/renew$`));
  });
}
