/**
 * Spec 1 §6, §9: a `?code=` link parameter is carried into the cart. A shopper who
 * follows a link with a promo code sees its discount in the cart: on the cart the next add
 * creates, or at once on the cart already held. The demo's FIVEOFF is $5 off the order.
 */
import { expect, test } from "./fixtures.ts";
import { admissionCart, cartWidget, SELLER, seedCart } from "./helpers/cart.ts";
import { addOneAdult, serverCart } from "./helpers/reserve.ts";

test("a ?code= link on the listing: the cart created by the next add carries the code and its discount", async ({
  page,
}) => {
  await page.goto(`/${SELLER}/events?code=fiveoff`);
  await cartWidget(page);
  // No cart yet: the code waits in the tab (sessionStorage), not in the address.
  expect(await page.evaluate(() => sessionStorage.getItem("foyer.linkCode.harbour-museum"))).toContain(
    "FIVEOFF",
  );

  await page.goto(`/${SELLER}/events/hm-general-admission`);
  await addOneAdult(page);

  const cart = (await serverCart(page, SELLER)) as unknown as {
    cart: { _data: { codes: { code: string }[] }[] };
  };
  expect(cart.cart._data[0]?.codes.map((c) => c.code)).toEqual(["FIVEOFF"]);
  await page.goto(`/${SELLER}/events`);
  const widget = await cartWidget(page);
  await expect(widget.getByText("FIVEOFF", { exact: true })).toBeVisible();
  await expect(widget.getByText("Promo discount")).toBeVisible();
  await expect(widget.getByText("−$5.00").first()).toBeVisible();
});

test("a ?code= link on an event page with a cart already held: applied at once, and only once", async ({
  page,
  request,
}) => {
  const answer = await admissionCart(request, 2);
  await seedCart(page, answer);
  const applies: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/apply_code")) applies.push(r.url());
  });
  await page.goto(`/${SELLER}/events/hm-general-admission?code=FIVEOFF`);
  const widget = await cartWidget(page);
  await expect(widget.getByText("FIVEOFF", { exact: true })).toBeVisible();
  await expect(widget.getByText("−$5.00").first()).toBeVisible();
  await expect(widget.getByText("$48.00")).toBeVisible(); // 2 x 25 + 2 x 1.50 fees - 5
  expect(applies).toHaveLength(1);

  // The same link again (a reload): nothing is applied twice, the discount stays.
  await page.reload();
  const again = await cartWidget(page);
  await expect(again.getByText("$48.00")).toBeVisible();
  expect(applies).toHaveLength(1);
});
