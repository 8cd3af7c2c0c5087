/**
 * The catalogue in each language (DESIGN §13): an event page at `/{seller}/{lang}/…` shows the
 * event's name and texts in that language; the default language's address shows them as written.
 */
import { expect, test } from "./fixtures.ts";

test("the Spanish event page shows the Spanish event name; the English page the English", async ({
  page,
}) => {
  await page.goto("/harbour-museum/es/events/hm-general-admission");
  await expect(page.getByRole("heading", { level: 1, name: "Entrada general" })).toBeVisible();
  await page.goto("/harbour-museum/events/hm-general-admission");
  await expect(page.getByRole("heading", { level: 1, name: "General Admission" })).toBeVisible();
});

test("the Spanish listing: event names, the category's label and the price prefix in Spanish", async ({
  page,
}) => {
  await page.goto("/harbour-museum/es/events");
  await expect(
    page.getByRole("heading", { name: "Canciones marineras a la luz de las velas" }),
  ).toBeVisible();
  const categories = page.getByRole("navigation", { name: /categor/i });
  // The label is Spanish; the filter value in the address stays the catalogue's.
  await expect(categories.getByRole("link", { name: "Exposiciones" })).toHaveAttribute(
    "href",
    /category=Exhibitions/,
  );
  await expect(page.getByText(/^Desde /).first()).toBeVisible();
});

test("Sidra Science Centre's default language is Arabic; its English pages show the English", async ({
  page,
}) => {
  // Chosen in the switcher: an English-speaking browser is otherwise sent to the English address.
  await page.goto("/sidra-science/events/ss-entry?choose_language=ar");
  await expect(page.getByRole("heading", { level: 1, name: "الدخول العام" })).toBeVisible();
  await page.goto("/sidra-science/en/events/ss-entry");
  await expect(page.getByRole("heading", { level: 1, name: "General entry" })).toBeVisible();
});
