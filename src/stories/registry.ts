/**
 * The component gallery's stories (spec 2 §2 "/_stories | Component gallery, outside
 * production only"): one page per story and tenant theme, at /_stories/{tenant}/{story}. Pure data:
 * the pages, the gallery island and the e2e walk (a11y and visual) read this one list.
 */

export const STORY_TENANTS = ["harbour-museum", "riverside-zoo"] as const;
export type StoryTenant = (typeof STORY_TENANTS)[number];

export interface Story {
  id: string;
  title: string;
  /** What the page shows, in one sentence. */
  summary: string;
  /** Where the story is rendered: the Astro page itself (static) or the gallery island. */
  kind: "static" | "island";
}

export const STORIES = [
  {
    id: "basics",
    title: "Buttons, inputs and notices",
    summary: "Primary, secondary and disabled buttons, labelled inputs with and without errors, notices.",
    kind: "static",
  },
  {
    id: "event-cards",
    title: "Event cards",
    summary: "Listing cards with an image and a price, without an image, and with a long summary.",
    kind: "static",
  },
  {
    id: "calendar",
    title: "Calendar",
    summary: "The date calendar with available, low, sold-out and unreleased days and a selected day.",
    kind: "island",
  },
  {
    id: "session-tabs",
    title: "Session tabs",
    summary: "Session tabs with their reasons (sold out, not available), low and sold-out sessions.",
    kind: "island",
  },
  {
    id: "steppers",
    title: "Ticket steppers",
    summary: "Ticket steppers at 0, in between and at their maximum, and a sold-out group.",
    kind: "island",
  },
  {
    id: "seat-map",
    title: "Seat map",
    summary: "The seat selector: available, held, sold and selected seats in three price zones.",
    kind: "island",
  },
  {
    id: "cart-widget",
    title: "Cart widget and timer levels",
    summary: "The cart with its timer at each level (normal, warning, error, critical) and empty.",
    kind: "island",
  },
  {
    id: "dialog-remove-item",
    title: "Dialog: remove item",
    summary: "The remove-item confirmation.",
    kind: "island",
  },
  { id: "dialog-promo-code", title: "Dialog: promo code", summary: "The promo code modal.", kind: "island" },
  {
    id: "dialog-extend-cart",
    title: "Dialog: extend cart",
    summary: "The extend-timer prompt at 45 seconds, with its failure message.",
    kind: "island",
  },
  {
    id: "dialog-cart-expired",
    title: "Dialog: cart expired",
    summary: "The cart-expired modal.",
    kind: "island",
  },
  {
    id: "dialog-discard-or-checkout",
    title: "Dialog: discard or checkout",
    summary: "The discard-cart-or-checkout modal.",
    kind: "island",
  },
  {
    id: "dialog-mobile-cart",
    title: "Dialog: mobile cart",
    summary: "The mobile cart modal with its items and amount due.",
    kind: "island",
  },
  {
    id: "dialog-code-required",
    title: "Dialog: code required",
    summary: "The code-required dialog with a server error.",
    kind: "island",
  },
  {
    id: "dialog-login-or-guest",
    title: "Dialog: login or guest",
    summary: "The login-or-guest modal of the membership form.",
    kind: "island",
  },
  {
    id: "checkout-forms",
    title: "Checkout forms",
    summary: "The purchaser and card forms with their errors, and the fee summary.",
    kind: "island",
  },
  {
    id: "login-steps",
    title: "Login steps",
    summary: "The e-mail, password, passcode, copy-the-code and member ID steps, with errors.",
    kind: "island",
  },
  {
    id: "membership-form",
    title: "Membership form",
    summary: "The membership purchase form with its levels and member details.",
    kind: "island",
  },
] as const satisfies readonly Story[];

export type StoryId = (typeof STORIES)[number]["id"];
/** The stories the gallery island renders (the others are plain Astro markup). */
export type IslandStoryId = Extract<(typeof STORIES)[number], { kind: "island" }>["id"];

export function isIslandStory(id: StoryId): id is IslandStoryId {
  return STORIES.some((s) => s.id === id && s.kind === "island");
}

export function findStory(id: string | undefined): (typeof STORIES)[number] | undefined {
  return STORIES.find((s) => s.id === id);
}

export function isStoryTenant(slug: string | undefined): slug is StoryTenant {
  return (STORY_TENANTS as readonly string[]).includes(slug ?? "");
}

export const storyPath = (tenant: StoryTenant, id: StoryId): string => `/_stories/${tenant}/${id}`;
