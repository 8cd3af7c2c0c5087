/**
 * Every tenant in its visitors' languages (DESIGN §13): a purchase in Spanish at the museum, in
 * Welsh at the zoo and in Arabic at the science centre, each with its page in that language, an
 * axe check, and its confirmation mail in that language; a first visit follows Accept-Language and
 * the switcher's choice is remembered.
 */
import type { Browser, Page } from "@playwright/test";
import { format } from "../../src/lib/tenant/string-format.ts";
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";
import { escapeRegExp, lead, localeStrings, openSessionOf } from "./helpers/languages.ts";
import { openSessions, pickFirstDate, waitForReserveIsland } from "./helpers/reserve.ts";

interface Shop {
  seller: string;
  lang: "es" | "cy" | "ar";
  /** The language's address prefix ("" when it is the shop's default). */
  prefix: string;
  event: string;
  type: string;
  /** The html lang and dir the page has. */
  htmlLang: string;
  dir: "ltr" | "rtl";
}

const SHOPS: Shop[] = [
  {
    seller: "harbour-museum",
    lang: "es",
    prefix: "/es",
    event: "hm-general-admission",
    type: "hm-ga-adult",
    htmlLang: "es-US",
    dir: "ltr",
  },
  {
    seller: "riverside-zoo",
    lang: "cy",
    prefix: "/cy",
    event: "rz-day-admission",
    type: "rz-day-adult",
    htmlLang: "cy-GB",
    dir: "ltr",
  },
  {
    seller: "sidra-science",
    lang: "ar",
    prefix: "",
    event: "ss-entry",
    type: "ss-entry-adult",
    htmlLang: "ar-KW",
    dir: "rtl",
  },
];

/**
 * The test browser asks for English first: a shop whose default is another language would send it
 * to its English pages. Choosing the language, as the switcher does, keeps it on the default's.
 */
async function speak(page: Page, shop: Shop): Promise<void> {
  if (shop.prefix) return;
  await page.goto(`/${shop.seller}?choose_language=${shop.lang}`);
  await expect(page.locator("html")).toHaveAttribute("lang", shop.htmlLang);
}

async function buyIn(page: Page, shop: Shop, email: string): Promise<string> {
  const words = localeStrings(shop.lang);
  await speak(page, shop);
  const session = await openSessionOf(page.request, shop.seller, shop.event);
  const langQuery = shop.prefix ? `&_lang=${shop.lang}` : "";
  const created = await page.request.post(`/api/my/cart/modify?_seller=${shop.seller}${langQuery}`, {
    data: { add: [{ ticket_type_id: shop.type, event_session_id: session, quantity: 2 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const cartId =
    ((await created.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id ?? "";
  await page.goto(`/${shop.seller}${shop.prefix}/checkout/${cartId}`);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(page.locator("html")).toHaveAttribute("lang", shop.htmlLang);
  await expect(page.locator("html")).toHaveAttribute("dir", shop.dir);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["checkout.title"] ?? "");

  await page.getByLabel(words["checkout.identity.firstName"] ?? "", { exact: true }).fill("Ana");
  await page.getByLabel(words["checkout.identity.lastName"] ?? "", { exact: true }).fill("Prueba");
  await page.getByLabel(words["checkout.identity.email"] ?? "", { exact: true }).fill(email);
  await page.getByLabel(words["checkout.identity.emailConfirm"] ?? "", { exact: true }).fill(email);
  await page.getByLabel(words["checkout.card.number"] ?? "", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel(words["checkout.card.expiry"] ?? "", { exact: true }).fill("12/34");
  await page.getByLabel(words["checkout.card.cvc"] ?? "", { exact: true }).fill("123");
  const terms = page.getByRole("checkbox", { name: words["checkout.terms.accept"] ?? "" });
  if (await terms.count()) await terms.check();
  await expectNoSeriousAxe(page);
  await page
    .getByRole("button", { name: new RegExp(`^${escapeRegExp(lead(words["checkout.pay"] ?? ""))}`) })
    .click();

  await expect(page).toHaveURL(new RegExp(`/${shop.seller}${shop.prefix}/checkout/complete\\?orderIds=`));
  const numbered = lead(words["checkout.complete.orderNumber"] ?? "");
  const heading = page.getByRole("heading", { name: new RegExp(`^${escapeRegExp(numbered)}`) });
  await expect(heading).toBeVisible();
  await expectNoSeriousAxe(page);
  return ((await heading.textContent()) ?? "").replace(numbered, "").trim();
}

test("a purchase in Spanish from the event page: the date, the session, 'Agregar uno: Adulto', the cart and the checkout", async ({
  page,
}) => {
  const es = localeStrings("es");
  await page.goto("/harbour-museum/es/events/hm-general-admission");
  const reserve = await waitForReserveIsland(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrada general");
  await pickFirstDate(reserve);
  await openSessions(reserve).first().check();
  await reserve
    .getByRole("button", {
      name: format(es["reserve.stepper.increase"] ?? "", { name: "Adulto" }),
      exact: true,
    })
    .click();
  await reserve.getByRole("button", { name: es["reserve.submit"] }).click();
  await expect(reserve.getByRole("status").filter({ hasText: es["reserve.added"] ?? "-" })).toBeVisible();
  const cart = page.getByRole("complementary", { name: es["cart.title"] });
  await expect(cart.getByText("Adulto")).toBeVisible();
  await cart.getByRole("link", { name: es["cart.checkout"] }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/es\/checkout\//);
  await page.locator('.checkout[data-hydrated="true"]').waitFor();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es["checkout.title"] ?? "-");
  await expectNoSeriousAxe(page);
});

for (const shop of SHOPS) {
  test(`a purchase in ${shop.lang} at ${shop.seller}: the checkout, the order and its e-mail speak ${shop.lang}`, async ({
    page,
  }) => {
    const email = `lang-${shop.lang}-${crypto.randomUUID()}@example.com`;
    const number = await buyIn(page, shop, email);
    expect(number).not.toBe("");

    // The order's mail follows the language it was bought in: not the English subject.
    await page.goto(`/_mail?to=${encodeURIComponent(email)}`);
    const mail = page.getByRole("link", { name: new RegExp(escapeRegExp(number)) }).first();
    await expect(mail).toBeVisible();
    await expect(mail).toHaveText(
      new RegExp(`^${escapeRegExp(lead(localeStrings(shop.lang)["mail.order.subject"] ?? "-"))}`),
    );
    await mail.click();
    const html = page.frameLocator("iframe.mail-html").locator("html");
    await expect(html).toHaveAttribute("lang", new RegExp(`^${shop.lang}`));
    if (shop.dir === "rtl") await expect(html).toHaveAttribute("dir", "rtl");
    else await expect(html).not.toHaveAttribute("dir", "rtl");
    // Its subject and text in the language.
    const words = localeStrings(shop.lang);
    await expect(page.frameLocator("iframe.mail-html").locator("body")).toContainText(
      lead(words["mail.order.thanks"] ?? "-"),
    );
  });
}

async function newVisitor(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test("a first visit follows the visitor's Accept-Language, and the switcher's choice is remembered", async ({
  browser,
}) => {
  const { context, page } = await newVisitor(browser, "es-MX");
  await page.goto("/harbour-museum/events");
  await expect(page).toHaveURL(/\/harbour-museum\/es\/events$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute(
    "href",
    /\/harbour-museum\/events$/,
  );
  await expectNoSeriousAxe(page);

  const switcher = page.getByRole("navigation", { name: "Idioma" });
  await expect(switcher.getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
  await switcher.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/harbour-museum\/events$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  // Remembered: the unprefixed page no longer sends this Spanish browser to Spanish.
  await page.goto("/harbour-museum");
  await expect(page).toHaveURL(/\/harbour-museum$/);
  await expect(page.getByRole("navigation", { name: "Language" })).toBeVisible();
  await context.close();
});

test("a browser in a language the shop doesn't speak gets the shop's default", async ({ browser }) => {
  const { context, page } = await newVisitor(browser, "de-DE");
  await page.goto("/riverside-zoo");
  await expect(page).toHaveURL(/\/riverside-zoo$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await page.goto("/riverside-zoo/cy");
  await expect(page.locator("html")).toHaveAttribute("lang", "cy-GB");
  await expectNoSeriousAxe(page);
  await context.close();
});

const PAGES = ["", "/events", "/login", "/membership"];

for (const shop of SHOPS) {
  test(`axe is clean in ${shop.lang} on ${shop.seller}'s home, listing, event, login and membership pages`, async ({
    page,
  }) => {
    await speak(page, shop);
    for (const path of [...PAGES, `/events/${shop.event}`]) {
      await page.goto(`/${shop.seller}${shop.prefix}${path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", shop.htmlLang);
      await expect(page.locator("html")).toHaveAttribute("dir", shop.dir);
      await expectNoSeriousAxe(page);
    }
  });
}

test("only the current language's strings ship to the browser", async ({ request }) => {
  const spanish = await (await request.get("/harbour-museum/es/events/hm-general-admission")).text();
  const es = localeStrings("es");
  // The cart and reserve islands' words, as props: Spanish, and not the English beside them.
  expect(spanish).toContain(es["cart.empty"] ?? "-");
  expect(spanish).not.toContain("Your cart is empty.");
  expect(spanish).toContain(es["reserve.submit"] ?? "-");
  expect(spanish).not.toContain(">Add to cart<");
  const english = await (await request.get("/harbour-museum/events/hm-general-admission")).text();
  expect(english).toContain("Your cart is empty.");
  expect(english).not.toContain(es["cart.empty"] ?? "-");
});
