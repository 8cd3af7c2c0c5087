/**
 * UI strings. The defaults are the specification's exact texts; a tenant overrides any of them in
 * its content file (`strings`). `{name}` placeholders are filled from `vars`.
 */
import type { Tenant } from "./schema.ts";

export const defaultStrings = {
  "nav.skip": "Skip to main content",
  "nav.main": "Main",
  "nav.events": "Events",
  "nav.membership": "Membership",
  "footer.poweredBy": "Tickets by Foyer",

  "home.welcome": "Welcome",
  "home.intro": "",
  "home.login.title": "Already a member?",
  "home.login.body": "Log in to use your member benefits and book members-only events.",
  "home.login.cta": "Log in",
  "home.join.title": "Become a member",
  "home.join.body": "Free admission all year, member previews and more.",
  "home.join.cta": "Join",
  "home.guest.title": "Continue as a guest",
  "home.guest.body": "Buy tickets without an account.",
  "home.guest.cta": "Continue as a guest",
  "home.resend": "Resend my tickets",

  "events.listing.title": "Events",
  "events.noMatch": "We could not find any events that match your filters.",
  "events.clearFilters": "Clear filters",
  "events.seeAll": "See all",
  "events.filterBy": "Filter by",
  "events.categories": "Categories",
  "events.allCategories": "All",
  "events.filters": "Filters",
  "events.date": "Date",
  "events.date.all": "All dates",
  "events.date.today": "Today",
  "events.date.tomorrow": "Tomorrow",
  "events.time.start": "From",
  "events.time.end": "Until",
  "events.apply": "Apply filters",
  "events.card.cta": "Get tickets",
  "events.card.from": "From {price}",

  "image.alt": "Image for {name}",

  "event.membersOnly": "Sorry! This event is members only",
  "event.membersOnly.login": "Log in",
  "event.membersOnly.signup": "Become a member",
  "event.unavailable": "Sorry, tickets are not available for this event.",
  "event.anchorRequired": "Add an admission event to your cart first.",
  "event.back": "Back to events",
  "event.venue": "Venue",
  "event.tickets": "Tickets and prices",
  "price.free": "Free",

  "notFound.title": "Oops, We could not find anything at this URL",
  "notFound.home": "Go to the home page",
} as const;

type StringKey = keyof typeof defaultStrings;
type StringVars = Record<string, string | number>;

export function format(template: string, vars: StringVars = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

/** The tenant's text for `key` (its override, else the spec default), placeholders filled. */
export function t(tenant: Pick<Tenant, "strings"> | undefined, key: StringKey, vars?: StringVars): string {
  const override = tenant?.strings[key];
  return format(override ?? defaultStrings[key], vars);
}

/** A bound translator for one tenant, handy in .astro templates. */
export function translator(tenant: Pick<Tenant, "strings"> | undefined) {
  return (key: StringKey, vars?: StringVars) => t(tenant, key, vars);
}
