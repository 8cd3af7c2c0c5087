/**
 * Browsing: the listing and its filters, event detail variants, the 404 page and tenant theming.
 * Listing expectations are checked against the API itself (same seeded data, same clock), so the
 * tests hold whatever day of the week they run on.
 */

import { buildEventQuery, parseListingFilters } from "../../src/lib/domain/event-filters.ts";
import { CLOCK_TAG } from "./clock-runs.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { testNow } from "./helpers/clock.ts";

const HM = "/harbour-museum";
const HM_TZ = "America/New_York";

async function cardIds(page: Page): Promise<string[]> {
  return page.locator("article.event-card").evaluateAll((cards) =>
    // Hidden (link-only) events are in the markup but hidden until the cart has an anchor.
    cards.filter((c) => !c.closest("[hidden]")).map((c) => c.getAttribute("data-event-id") ?? ""),
  );
}

/** The event ids the API lists for the same filters (the page's query in the tenant time zone). */
async function apiIds(page: Page, qs: string): Promise<string[]> {
  const query = buildEventQuery(parseListingFilters(new URLSearchParams(qs)), HM_TZ, testNow());
  const params = new URLSearchParams({ _seller: "harbour-museum", ...query });
  const res = await page.request.get(`/api/events/available?${params}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { event_template: { _data: Array<{ id: string }> } };
  return body.event_template._data.map((e) => e.id);
}

test.describe("event listing", () => {
  test("a card's button names what it sells: 'Donate', 'Buy a gift card', 'Become a member', else 'Get tickets'", async ({
    page,
  }) => {
    // Regression: donation and membership cards on the listing said 'Get tickets'.
    await page.goto(`${HM}/events`);
    const cta = (id: string) => page.locator(`article.event-card[data-event-id="${id}"] .event-card__cta`);
    await expect(cta("hm-donation")).toHaveText("Donate");
    await expect(cta("hm-gift-card")).toHaveText("Buy a gift card");
    await expect(cta("hm-membership")).toHaveText("Become a member");
    await expect(cta("hm-general-admission")).toHaveText("Get tickets");
  });

  test("renders the tenant's events as cards, without the hidden event", { tag: CLOCK_TAG }, async ({
    page,
  }) => {
    const res = await page.goto(`${HM}/events`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    const ids = await cardIds(page);
    expect(ids).toContain("hm-general-admission");
    expect(ids).toContain("hm-members-preview");
    expect(ids).not.toContain("hm-hidden-event");
    await expect(page.getByRole("link", { name: "General Admission" })).toHaveAttribute(
      "href",
      `${HM}/events/hm-general-admission`,
    );
    // 'Missing image alt text falls back to Image for {event name}' or the meta alt text
    for (const alt of await page
      .locator("article.event-card img")
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))) {
      expect(alt?.trim()).toBeTruthy();
    }
  });

  test("ships no JavaScript", async ({ page }) => {
    await page.goto(`${HM}/events`);
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
  });

  test("category buttons become a 'Filter by' dropdown when they wrap past two rows", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${HM}/events?category=Exhibitions`);
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeVisible();
    await expect(page.getByLabel("Filter by")).toBeHidden();
    await page.setViewportSize({ width: 260, height: 900 });
    const select = page.getByLabel("Filter by");
    await expect(select).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
    await expect(select).toHaveValue("Exhibitions");
    await select.selectOption("Support");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/category=Support/);
    expect(new URL(page.url()).searchParams.getAll("category")).toEqual(["Support"]);
  });

  test("the dropdown switches back to buttons when the screen widens again", async ({ page }) => {
    await page.setViewportSize({ width: 260, height: 900 });
    await page.goto(`${HM}/events?category=Support`);
    const nav = page.getByRole("navigation", { name: "Categories" });
    await expect(page.getByLabel("Filter by")).toBeVisible();
    await expect(nav).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(nav).toBeVisible();
    await expect(page.getByLabel("Filter by")).toBeHidden();
    await expect(page.getByLabel("Filter by")).toBeDisabled();
    // the button-chosen category still travels with the form
    await page.getByLabel("Date").selectOption("today");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/date=today/);
    expect(new URL(page.url()).searchParams.getAll("category")).toEqual(["Support"]);
  });

  test("category buttons filter, with an 'All' option", async ({ page }) => {
    await page.goto(`${HM}/events`);
    const nav = page.getByRole("navigation", { name: "Categories" });
    await expect(nav.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Support" }).click();
    await expect(page).toHaveURL(/category=Support/);
    await expect(nav.getByRole("link", { name: "Support" })).toHaveAttribute("aria-current", "page");
    expect((await cardIds(page)).sort()).toEqual((await apiIds(page, "category=Support")).sort());
    expect(await cardIds(page)).toContain("hm-donation");
    expect(await cardIds(page)).not.toContain("hm-general-admission");
    // the other categories stay available while filtered
    await expect(nav.getByRole("link", { name: "Admission" })).toBeVisible();
  });

  for (const date of ["today", "tomorrow"] as const) {
    test(`date filter '${date}' through the form`, { tag: CLOCK_TAG }, async ({ page }) => {
      await page.goto(`${HM}/events`);
      await page.getByLabel("Date").selectOption(date);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(new RegExp(`date=${date}`));
      await expect(page.getByLabel("Date")).toHaveValue(date);
      const expected = await apiIds(page, `date=${date}`);
      if (expected.length > 0) expect(await cardIds(page)).toEqual(expected);
      else
        await expect(page.getByText("We could not find any events that match your filters.")).toBeVisible();
    });
  }

  test("time window filter", { tag: CLOCK_TAG }, async ({ page }) => {
    await page.goto(`${HM}/events`);
    await page.getByLabel("Date").selectOption("today");
    await page.getByLabel("From").fill("18:00");
    await page.getByLabel("Until").fill("23:00");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/time\.start=18%3A00/);
    await expect(page.getByLabel("From")).toHaveValue("18:00");
    const expected = await apiIds(page, "date=today&time.start=18:00&time.end=23:00");
    const all = await apiIds(page, "date=today");
    expect(expected.length).toBeLessThanOrEqual(all.length);
    if (expected.length > 0) expect(await cardIds(page)).toEqual(expected);
    else await expect(page.getByText("We could not find any events that match your filters.")).toBeVisible();
  });

  test("metadata filter and 'See all'", async ({ page }) => {
    await page.goto(`${HM}/events?category=Exhibitions&meta.reserve_flow=quantity_first`);
    expect(await cardIds(page)).toEqual(["hm-special-exhibition"]);
    await page.getByRole("link", { name: "See all" }).click();
    await expect(page).toHaveURL(`${HM}/events?category=Exhibitions`);
    await expect(page.getByRole("link", { name: "See all" })).toHaveCount(0);
    expect((await cardIds(page)).sort()).toEqual((await apiIds(page, "category=Exhibitions")).sort());
  });

  test("no match: the message and 'Clear filters'", async ({ page }) => {
    await page.goto(`${HM}/events?code=SPRING&meta.reserve_flow=nothing-matches`);
    await expect(page.getByText("We could not find any events that match your filters.")).toBeVisible();
    await expect(page.locator("article.event-card")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(`${HM}/events?code=SPRING`);
    expect(await cardIds(page)).toContain("hm-general-admission");
  });

  test("a card opens its event, by pointer anywhere on the card and by keyboard", async ({ page }) => {
    await page.goto(`${HM}/events`);
    const card = page.locator('article.event-card[data-event-id="hm-general-admission"]');
    // The image corner: the stretched title link covers the whole card.
    await card.click({ position: { x: 12, y: 12 } });
    await expect(page).toHaveURL(`${HM}/events/hm-general-admission`);
    await expect(page.getByRole("heading", { level: 1, name: "General Admission" })).toBeVisible();

    await page.goto(`${HM}/events`);
    await page.getByRole("link", { name: "Special exhibition" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${HM}/events/hm-special-exhibition`);
  });

  test("a trailing slash is stripped, keeping the query", async ({ page }) => {
    await page.goto(`${HM}/events/?category=Support`);
    await expect(page).toHaveURL(`${HM}/events?category=Support`);
    const res = await page.request.get(`${HM}/events/?category=Support`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe(`${HM}/events?category=Support`);
  });
});

test.describe("event detail", () => {
  test("members-only event shows the notice with login and signup links", async ({ page }) => {
    await page.goto(`${HM}/events/hm-members-preview`);
    await expect(page.getByText("Sorry! This event is members only")).toBeVisible();
    const notice = page.getByTestId("members-only");
    await expect(notice.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      /\/harbour-museum\/login/,
    );
    await expect(notice.getByRole("link", { name: "Become a member" })).toHaveAttribute(
      "href",
      `${HM}/membership`,
    );
    await expect(page.locator("#reserve-root")).toHaveCount(0);
  });

  test("anchor-required event shows the anchor notice", async ({ page }) => {
    await page.goto(`${HM}/events/hm-special-exhibition`);
    await expect(page.getByText("Add an admission event to your cart first.")).toBeVisible();
  });

  test("detail query values reach the reserve mount point", async ({ page }) => {
    await page.goto(`${HM}/events/hm-general-admission?tg=hm-ga-general&select=hm-ga-adult&price=12.50`);
    const root = page.locator("#reserve-root");
    await expect(root).toHaveAttribute("data-event-id", "hm-general-admission");
    await expect(root).toHaveAttribute("data-tg", "hm-ga-general");
    await expect(root).toHaveAttribute("data-select", "hm-ga-adult");
    await expect(root).toHaveAttribute("data-price", "12.50");
  });

  test("the detail page lists ticket types and prices without JavaScript, member-only groups hidden", {
    tag: CLOCK_TAG,
  }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${HM}/events/hm-general-admission`);
    const tickets = page.getByRole("region", { name: "Tickets and prices" });
    await expect(tickets.getByRole("listitem").filter({ hasText: "Adult" }).first()).toContainText("$25.00");
    await expect(tickets).not.toContainText("Member Adult");
    await page.goto("/riverside-zoo/events/rz-keeper-talk");
    await expect(page.getByRole("region", { name: "Tickets and prices" })).toContainText("Free");
    await page.goto(`${HM}/events/hm-donation`);
    await expect(page.getByRole("region", { name: "Tickets and prices" })).toContainText("$1.00 – $1,000.00");
    await context.close();
  });

  test("gift and renew actions render; any other action is a 404", async ({ page }) => {
    const gift = await page.goto(`${HM}/events/hm-membership/gift`);
    expect(gift?.status()).toBe(200);
    await expect(page.locator("#reserve-root")).toHaveAttribute("data-action", "gift");
    const bad = await page.goto(`${HM}/events/hm-membership/steal`);
    expect(bad?.status()).toBe(404);
  });

  test("the hidden event is not listed but reachable by its link", async ({ page }) => {
    const res = await page.goto(`${HM}/events/hm-hidden-event`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown event is the 404 page with status 404", async ({ page }) => {
    const res = await page.goto(`${HM}/events/does-not-exist?x=1`);
    expect(res?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops, We could not find anything at this URL" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", HM);
    await expect(page).toHaveURL(/x=1/);
  });

  test("an unknown seller and an unknown path are 404s", async ({ page }) => {
    expect((await page.goto("/no-such-seller/events"))?.status()).toBe(404);
    expect((await page.goto(`${HM}/no/such/page`))?.status()).toBe(404);
    await expect(page.getByText("Oops, We could not find anything at this URL")).toBeVisible();
  });
});

test.describe("page cache", () => {
  test("a public page is served again from the 5 s page cache; a request with a cookie never is", async ({
    request,
  }) => {
    // A URL no other test uses, so no entry stored by another test can expire between the reads.
    const url = `${HM}/events?category=Support&utm_source=page-cache-${crypto.randomUUID()}`;
    const first = await request.get(url);
    expect(first.headers()["x-cache"]).toBeUndefined();
    const second = await request.get(url);
    expect(second.headers()["x-cache"]).toBe("hit");
    expect(second.headers()["cache-control"]).toMatch(/^public/);
    const personal = await request.get(url, { headers: { cookie: "foyer_session=abc" } });
    expect(personal.headers()["x-cache"]).toBeUndefined();
    expect(await personal.text()).toBe(await second.text());
  });
});

test.describe("tenants", () => {
  test("each tenant wears its own theme and currency", async ({ page }) => {
    const look = async (slug: string) => {
      await page.goto(`/${slug}/events`);
      return page.evaluate(() => ({
        primary: getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
        header: getComputedStyle(document.querySelector("header") as Element).backgroundColor,
        font: getComputedStyle(document.body).fontFamily,
        lang: document.documentElement.lang,
        prices: [...document.querySelectorAll(".event-card__price")].map((p) => p.textContent ?? ""),
      }));
    };
    const harbour = await look("harbour-museum");
    const zoo = await look("riverside-zoo");
    expect(harbour.primary).not.toBe(zoo.primary);
    expect(harbour.header).not.toBe(zoo.header);
    expect(harbour.font).not.toBe(zoo.font);
    expect(harbour.lang).toBe("en-US");
    expect(zoo.lang).toBe("en-GB");
    expect(harbour.prices.length).toBeGreaterThan(0);
    expect(harbour.prices.every((p) => p.includes("$"))).toBe(true);
    expect(zoo.prices.length).toBeGreaterThan(0);
    expect(zoo.prices.every((p) => p.includes("£"))).toBe(true);
  });

  test("home opens with a hero: the featured photograph, the tenant's headline and one 'Buy tickets' link", async ({
    page,
  }) => {
    // Regression: the home page had no hero and no clear 'Buy tickets'.
    for (const [path, headline] of [
      [HM, "Welcome to the Harbour Museum"],
      ["/riverside-zoo", "Welcome to Riverside Zoo"],
    ] as const) {
      await page.goto(path);
      const hero = page.locator("section.home-hero");
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(headline);
      const buy = hero.getByRole("link", { name: "Buy tickets" });
      await expect(buy).toHaveAttribute("href", `${path}/events`);
      await expect(page.getByRole("link", { name: "Buy tickets" })).toHaveCount(1);
      // The photograph is the page's LCP element: eager, high priority, laid out in its own box.
      const image = hero.locator("img.home-hero__image");
      await expect(image).toHaveAttribute("fetchpriority", "high");
      await expect(image).toHaveAttribute("loading", "eager");
      await expect(image).toHaveAttribute("width", "1500");
      await expect(image).toHaveAttribute("height", "900");
      await expect(image).toHaveAttribute("alt", /\S/);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // The headline sits on the photograph, inside the hero's box.
      const heroBox = await hero.boundingBox();
      const titleBox = await hero.getByRole("heading", { level: 1 }).boundingBox();
      expect(
        titleBox &&
          heroBox &&
          titleBox.y >= heroBox.y &&
          titleBox.y + titleBox.height <= heroBox.y + heroBox.height,
      ).toBe(true);
    }
  });

  test("home shows the three panels in the configured order and the resend link", { tag: CLOCK_TAG }, async ({
    page,
  }) => {
    await page.goto(HM);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Already a member?",
      "Become a member",
      "Continue as a guest",
    ]);
    await expect(page.getByRole("link", { name: "Continue as a guest" })).toHaveAttribute(
      "href",
      `${HM}/events`,
    );
    await expect(page.getByRole("link", { name: "Join" })).toHaveAttribute("href", `${HM}/membership`);
    await expect(page.getByRole("link", { name: "Resend my tickets" })).toHaveAttribute(
      "href",
      `${HM}/resend`,
    );
    await page.goto("/riverside-zoo");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Continue as a guest",
      "Become a member",
      "Already a member?",
    ]);
  });
});
