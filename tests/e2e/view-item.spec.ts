/**
 * Spec 1 §7 "Analytics events, sent only with a tag-manager container id: ... view_item".
 * Riverside Zoo has a container id in its demo configuration; Harbour Museum has none.
 */
import { expect, type Page, test } from "./fixtures.ts";

type DataLayerEntry = { event?: string; ecommerce?: { event_template_id?: string; items?: unknown[] } };

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? null);

test("an event page of a tenant with a tag-manager id pushes view_item with the event's ticket types", async ({
  page,
}) => {
  await page.goto("/riverside-zoo/events/rz-day-admission");
  await expect
    .poll(async () => (await dataLayer(page))?.filter((e) => e.event === "view_item").length)
    .toBe(1);
  const entry = (await dataLayer(page))?.find((e) => e.event === "view_item");
  expect(entry?.ecommerce?.event_template_id).toBe("rz-day-admission");
  expect(entry?.ecommerce?.items?.length).toBeGreaterThan(0);
  expect(entry?.ecommerce?.items?.[0]).toMatchObject({
    event_template_id: "rz-day-admission",
    ticket_type_id: expect.any(String),
    ticket_group_id: expect.any(String),
    handler: expect.any(String),
    face_value: expect.stringMatching(/^\d+\.\d\d$/),
    fee: expect.stringMatching(/^\d+\.\d\d$/),
  });
});

test("without a tag-manager id nothing is pushed (Harbour Museum)", async ({ page }) => {
  await page.goto("/harbour-museum/events/hm-general-admission");
  await page.locator("#reserve-root astro-island:not([ssr])").waitFor({ state: "attached" });
  expect(await page.locator("[data-view-item]").count()).toBe(0);
  expect(await dataLayer(page)).toBeNull();
});
