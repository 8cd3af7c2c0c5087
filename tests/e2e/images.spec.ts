/**
 * "the cover and card images are served as responsive srcset in AVIF or WebP through the
 * image endpoint ... The hero is prioritised, so it is the LCP element and loads first."
 */
import type { Response } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";

const HM = "/harbour-museum";

/** The image endpoint's answers the page received, in request order. */
function imageResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/api/image/")) seen.push(res);
  });
  return seen;
}

/** The `<img>`'s chosen source once it has loaded (it must have decoded to a real size). */
async function loadedSource(page: Page, selector: string): Promise<string> {
  const img = page.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

test.describe("responsive images", () => {
  test("the event page's hero is an AVIF from a srcset, requested first, and is the LCP element", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const images = imageResponses(page);
    await page.goto(`${HM}/events/hm-general-admission`);
    const hero = page.locator("img.event-detail__cover");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    await expect(hero).toHaveAttribute(
      "srcset",
      /sizex=750&sizey=250.* 750w, .*sizex=1500&sizey=500.* 1500w/,
    );
    // The box it is laid out in: no shift when it loads.
    await expect(hero).toHaveAttribute("width", "1500");
    await expect(hero).toHaveAttribute("height", "500");
    await expect(page.locator("picture source[type='image/avif']")).toHaveAttribute(
      "srcset",
      /format=avif 750w/,
    );
    await expect(page.locator("picture source[type='image/webp']")).toHaveAttribute(
      "srcset",
      /format=webp 750w/,
    );

    const src = await loadedSource(page, "img.event-detail__cover");
    // 412 CSS px wide at 1x: the 750 wide AVIF.
    expect(src).toContain("sizex=750&sizey=250");
    expect(src).toContain("format=avif");
    const first = images[0];
    expect(first?.url()).toBe(src);
    expect(first?.status()).toBe(200);
    expect(first?.headers()["content-type"]).toBe("image/avif");

    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            resolve(entries.at(-1)?.element?.className ?? "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(lcp).toContain("event-detail__cover");
  });

  test("a listing card's image is an AVIF from a srcset, with a WebP source and a jpg fallback; the first is eager and high priority", async ({
    page,
  }) => {
    const images = imageResponses(page);
    await page.goto(`${HM}/events`);
    const card = page.locator("article.event-card img.event-card__image").first();
    await expect(card).toHaveAttribute("loading", "eager");
    await expect(card).toHaveAttribute("fetchpriority", "high");
    await expect(card).toHaveAttribute("srcset", /272w, .* 408w, .* 544w/);
    await expect(card).toHaveAttribute("src", /sizex=544&sizey=432&shrinkonly=1$/);
    await expect(card).toHaveAttribute("alt", /\S/);
    const picture = page.locator("article.event-card picture").first();
    await expect(picture.locator("source[type='image/avif']")).toHaveAttribute("srcset", /format=avif 272w/);
    await expect(picture.locator("source[type='image/webp']")).toHaveAttribute("srcset", /format=webp 272w/);

    const src = await loadedSource(page, "article.event-card img.event-card__image");
    expect(src).toContain("format=avif");
    const res = images.find((r) => r.url() === src);
    expect(res?.headers()["content-type"]).toBe("image/avif");
    // The card keeps its box: the image fills the card's width at the 272:216 ratio.
    // (Inside the card's border: the article's client width, not its border box.)
    const box = await card.boundingBox();
    const inner = await page
      .locator("article.event-card")
      .first()
      .evaluate((el) => el.clientWidth);
    expect(box?.width).toBeCloseTo(inner, 0);
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(272 / 216, 1);
  });

  test("every shown card's image has loaded without scrolling, so a full-page capture has no empty box", async ({
    page,
  }) => {
    // Regression: the listing's last two cards (Membership, Members-only preview) showed empty image
    // boxes in a full-page capture: every card's image was lazy.
    // A phone stacks the cards: the last ones are thousands of pixels below the first screen,
    // beyond any lazy-loading margin.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${HM}/events`);
    const cards = page.locator("li:not([hidden]) > article.event-card img.event-card__image");
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    // Whether a browser fetches a lazy image far below the screen depends on its network estimate
    // (this headless one may, a visitor's phone on 4G does not): the cards do not leave it to that.
    expect(
      await cards.evaluateAll((imgs) => imgs.filter((img) => img.getAttribute("loading") === "lazy").length),
    ).toBe(0);
    await expect
      .poll(() =>
        cards.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[])
            .filter((img) => !(img.complete && img.naturalWidth > 0))
            .map((img) => img.alt),
        ),
      )
      .toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A link-only card stays hidden and lazy: its image is not fetched.
    const hidden = page.locator("li[hidden] img.event-card__image");
    await expect(hidden.first()).toHaveAttribute("loading", "lazy");
  });
});
