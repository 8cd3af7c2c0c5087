/** axe-core finds no serious or critical violations on any browsing page. */
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousAxe } from "./helpers/axe.ts";

const pages: Array<[string, string, number]> = [
  ["tenant list", "/", 200],
  ["harbour home", "/harbour-museum", 200],
  ["zoo home", "/riverside-zoo", 200],
  ["harbour listing", "/harbour-museum/events", 200],
  ["zoo listing", "/riverside-zoo/events", 200],
  ["listing, filtered", "/harbour-museum/events?category=Support&date=today&time.start=09:00", 200],
  ["listing, no match", "/harbour-museum/events?meta.reserve_flow=nothing-matches", 200],
  ["event detail", "/harbour-museum/events/hm-general-admission", 200],
  ["members-only event", "/harbour-museum/events/hm-members-preview", 200],
  ["anchor-required event", "/harbour-museum/events/hm-special-exhibition", 200],
  ["hidden event by link", "/harbour-museum/events/hm-hidden-event", 200],
  ["gift action", "/harbour-museum/events/hm-membership/gift", 200],
  ["zoo event detail", "/riverside-zoo/events/rz-day-admission", 200],
  ["404 page", "/harbour-museum/events/does-not-exist", 404],
  ["404 page, no tenant", "/nowhere", 404],
];

for (const [name, path, status] of pages) {
  test(`a11y: ${name}`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectNoSeriousAxe(page);
  });
}
