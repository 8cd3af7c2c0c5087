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

  // cart
  "cart.title": "Your cart",
  "cart.empty": "Your cart is empty.",
  "cart.open": "Cart",
  "cart.open.label": "Open cart, {count} tickets",
  "cart.ticketLine": "{count} × {name}",
  "cart.anyDate": "Any date",
  "cart.remove": "Remove",
  "cart.remove.label": "Remove {name} from cart",
  "cart.remove.title": "Remove from cart?",
  "cart.remove.body": "Remove {name} from your cart?",
  "cart.remove.bodyAll": "Removing {name} empties your whole cart.",
  "cart.remove.confirm": "Remove",
  "cart.cancel": "Cancel",
  "cart.subtotal": "Subtotal",
  "cart.fees": "Fees",
  "cart.discount": "Promo discount",
  "cart.total": "Total",
  "cart.amountDue": "Amount due by card",
  "cart.codes": "Applied codes",
  "cart.checkout": "Proceed to checkout",
  "cart.moreEvents": "More events",
  "cart.timer": "Time left: {time}",
  "cart.timer.label": "Time left to check out",
  "cart.timer.warning": "Less than 5 minutes left to check out.",
  "cart.timer.error": "Less than 2 minutes left to check out.",
  "cart.timer.critical": "Less than 30 seconds left to check out.",
  "cart.extend.title": "Need more time?",
  "cart.extend.body": "Your tickets are held for {time} more. Do you want 2 more minutes?",
  "cart.extend.confirm": "Add 2 minutes",
  "cart.extend.decline": "No, thanks",
  "cart.extend.failed": "Sorry, we could not extend your cart. Please try again.",
  "cart.expired.title": "Your cart has expired",
  "cart.expired.body": "Your tickets have been released. Please choose your tickets again.",
  "cart.expired.ok": "OK",
  "cart.discard.title": "You have tickets in your cart",
  "cart.discard.body": "You need to take action on your current cart before you continue.",
  "cart.discard.checkout": "Checkout",
  "cart.discard.discard": "Discard cart",
  "cart.upsell.title": "Add to your visit",
  "cart.upsell.body": "Make the most of your visit with these add-ons.",
  "cart.upsell.skip": "Skip",
  "cart.error": "Sorry! Something unexpected happened. Please try again.",
  "promo.button": "Promo code",
  "promo.title": "Enter a promo code",
  "promo.field": "Code",
  "promo.apply": "Apply",
  "promo.applying": "Applying…",
  "promo.code_exhausted": "This promo code has been used up.",
  "promo.code_not_found": '"{code}" is not a valid promo code.',
  "promo.no_code_benefit": "This promo code does not apply to the tickets in your cart.",
  "promo.invalid_citypass": "Does not match the expected format. Please check your CityPASS code.",
  "promo.duplicate_code": "This promo code is already applied to your cart.",
  "promo.validation_failed": "Please enter a code of 2 to 35 characters.",
  "promo.invalid": '"{code}" is not a valid promo code.',
  "promo.unknown": "Sorry. Please try again later.",

  // reserve
  "reserve.heading": "Get tickets",
  "reserve.loading": "Loading available dates…",
  "reserve.loadFailed": "Sorry! Something unexpected happened. Please try again.",
  "reserve.mode.legend": "When would you like to visit?",
  "reserve.mode.dated": "Choose a date",
  "reserve.mode.anyDate": "Flexible tickets (any date)",
  "reserve.date.heading": "Choose a date",
  "reserve.date.showMore": "Show more dates",
  "reserve.date.change": "Change",
  "reserve.date.chosen": "Date",
  "reserve.calendar.label": "Calendar",
  "reserve.calendar.previous": "Previous month",
  "reserve.calendar.next": "Next month",
  "reserve.calendar.available": "Available",
  "reserve.calendar.soldOut": "Sold out",
  "reserve.calendar.unavailable": "Unavailable",
  "reserve.calendar.selected": "Selected",
  "reserve.session.heading": "Choose a time",
  "reserve.session.none": "No times available.",
  "reserve.session.conflicting": "Hidden because they overlap with sessions in your cart:",
  "reserve.session.soldOut": "Sold out",
  "reserve.tickets.heading": "Choose tickets",
  "reserve.stepper.increase": "Add one {name}",
  "reserve.stepper.decrease": "Remove one {name}",
  "reserve.stepper.quantity": "{name} quantity",
  "reserve.flexible.label": "{name} amount",
  "reserve.flexible.range": "Between {min} and {max}",
  "reserve.flexible.outside": "Value entered is outside min/max",
  "reserve.flexible.required": "Enter an amount.",
  "reserve.oneTicket.legend": "Choose an amount",
  "reserve.oneTicket.other": "Other amount",
  "reserve.survey.heading": "A few questions",
  "reserve.survey.required": "Please answer this question.",
  "reserve.survey.invalid": "Please enter a number in the allowed range.",
  "reserve.admit.heading": "Ticket holders",
  "reserve.admit.name": "Full name, ticket {n}",
  "reserve.admit.email": "E-mail, ticket {n}",
  "reserve.admit.nameRequired": "Enter the name for this ticket.",
  "reserve.admit.emailRequired": "Enter an e-mail address for this ticket.",
  "reserve.admit.emailInvalid": "Enter a valid e-mail address.",
  "reserve.total": "Total",
  "reserve.submit": "Add to cart",
  "reserve.submitting": "Adding to cart…",
  "reserve.added": "Added to your cart.",
  "reserve.footer.cart": "Cart",
  "reserve.footer.skip": "Skip add-on",
  "reserve.quantityFirst.continue": "Find dates",
  "reserve.quantityFirst.change": "Change tickets",
  "reserve.code.title": "Code required",
  "reserve.code.intro": "These tickets need a code. Enter it to add them to your cart.",
  "reserve.code.label": "Code",
  "reserve.code.apply": "Apply",
  "reserve.code.applying": "Applying…",
  "reserve.code.cancel": "Cancel",
  "reserve.code.length": "A code has 2 to 35 characters.",
  "reserve.soldOutSession":
    "Tickets have sold out for the session at {time}. Please select another session and try again.",
  "reserve.soldOutDate":
    "Tickets have sold out for the session at {time}. Please select another date and try again.",
  "reserve.sessionAndDate": "Choose either a session or a date in the link, not both.",
  "reserve.unavailableOnDate": "Sorry, tickets are not available on the date of your visit.",
  "reserve.sessionUnavailable": "Sorry, tickets are not available at the selected time.",
  "reserve.sessionNotFound": "Sorry, the selected time is not found.",
  "reserve.ticketTypesNotFound": "Sorry, the selected ticket types are not available.",

  // seats
  "reserve.seats.heading": "Seats",
  "reserve.seats.find": "Find Seats",
  "reserve.seats.change": "Change Selected Seats",
  "reserve.seats.selected": "Selected seats",
  "reserve.seats.groupSeats": "{group}: {seats}",
  "reserve.seats.title": "Select your seats",
  "reserve.seats.info":
    "Select a seat for each ticket. Neighbouring seats are added for you; select a chosen seat again to release it. Use the arrow keys to move between seats and Enter or Space to choose.",
  "reserve.seats.progress": "{group}: {count} of {quantity} seats selected",
  "reserve.seats.changeTickets": "Change Tickets",
  "reserve.seats.filter": "Show seats for",
  "reserve.seats.all": "All",
  "reserve.seats.zoomIn": "Zoom in",
  "reserve.seats.zoomOut": "Zoom out",
  "reserve.seats.legend": "Legend",
  "reserve.seats.available": "Available",
  "reserve.seats.soldOut": "Sold out",
  "reserve.seats.unavailable": "Unavailable",
  "reserve.seats.selectedState": "Selected",
  "reserve.seats.map": "Seat map",
  "reserve.seats.seat": "Seat {name}, {group}, {state}",
  "reserve.seats.confirm": "Confirm Selection",
  "reserve.seats.loading": "Loading the seat map…",
  "reserve.seats.loadFailed": "Sorry, the seat map could not be loaded. Please try again.",
  "reserve.seats.notEnough": "Not enough seats for {name}",
  "reserve.seats.tooMany": "Too many seats for {name}",
  "reserve.seats.taken":
    "Sorry, some of the selected seats are no longer available. Please choose your seats again.",
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

/** The strings of the reserve island (every "reserve." key plus the shared ones it shows), resolved for a tenant. */
const RESERVE_SHARED = ["event.unavailable", "event.anchorRequired", "price.free"] as const;
type ReserveStringKey = Extract<StringKey, `reserve.${string}`> | (typeof RESERVE_SHARED)[number];
export type ReserveStrings = Record<ReserveStringKey, string>;

export function reserveStrings(tenant: Pick<Tenant, "strings"> | undefined): ReserveStrings {
  const keys = (Object.keys(defaultStrings) as StringKey[]).filter(
    (k): k is ReserveStringKey =>
      k.startsWith("reserve.") || (RESERVE_SHARED as readonly string[]).includes(k),
  );
  return Object.fromEntries(keys.map((k) => [k, tenant?.strings[k] ?? defaultStrings[k]])) as ReserveStrings;
}
