/**
 * UI strings. The defaults are the specification's exact texts; a tenant overrides any of them in
 * its content file (`strings`). `{name}` placeholders are filled from `vars`.
 */
import type { Message } from "../domain/messages.ts";
import { messageText } from "../domain/messages.ts";
import { formatText, islandText } from "./icu.ts";
import type { Tenant } from "./schema.ts";
import { ISLAND_SHARED_KEYS, type StringVars } from "./string-format.ts";
import { myAccountStrings } from "./strings-account.ts";
import { accountProfileStrings } from "./strings-account-profile.ts";
import { apiErrorStrings } from "./strings-api-errors.ts";
import { checkoutStrings } from "./strings-checkout.ts";
import { errorScreenStrings } from "./strings-errors.ts";
import { eventDetailStrings } from "./strings-event-detail.ts";
import { externalLoginStrings } from "./strings-external-login.ts";
import { mailStrings } from "./strings-mail.ts";
import { manageStrings } from "./strings-manage.ts";
import { messageStrings } from "./strings-messages.ts";
import { passStrings } from "./strings-passes.ts";
import { rescheduleStrings } from "./strings-reschedule.ts";
import { reserveIslandStrings } from "./strings-reserve.ts";
import { visitorTextStrings } from "./strings-texts.ts";
import { ticketStrings } from "./strings-tickets.ts";
import { transferStrings } from "./strings-transfer.ts";
import { waitingListStrings } from "./strings-waiting-list.ts";
import { waitingRoomStrings } from "./strings-waiting-room.ts";

export { format, ISLAND_SHARED_KEYS, type IslandSharedKey, isIslandSharedKey } from "./string-format.ts";

export const defaultStrings = {
  ...apiErrorStrings,
  ...visitorTextStrings,
  ...accountProfileStrings,
  ...mailStrings,
  ...passStrings,
  ...transferStrings,
  ...waitingListStrings,
  ...waitingRoomStrings,
  ...externalLoginStrings,
  ...manageStrings,
  ...rescheduleStrings,
  ...ticketStrings,
  ...errorScreenStrings,
  ...eventDetailStrings,
  ...messageStrings,
  "nav.skip": "Skip to main content",
  "nav.main": "Main",
  "nav.language": "Language",
  "nav.events": "Events",
  "nav.membership": "Membership",
  "footer.poweredBy": "Tickets by Foyer",

  "home.welcome": "Welcome",
  "home.intro": "",
  "home.hero.cta": "Buy tickets",
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
  "events.card.cta.donate": "Donate",
  "events.card.cta.giftCard": "Buy a gift card",
  "events.card.cta.membership": "Become a member",
  "events.card.from": "From {price}",

  "image.alt": "Image for {name}",

  "event.membersOnly": "Sorry! This event is members only",
  "event.membersOnly.login": "Log in",
  "event.membersOnly.signup": "Become a member",
  /** Renewal messages (spec 1 §6 names them 'expires in' and 'expired'; the wording is ours). */
  "event.renewal.expires":
    "Your membership expires on {expiry}, before the next date for these tickets ({date}).",
  "event.renewal.expired": "Your membership has expired. Renew it to book member tickets for {date}.",
  "event.renewal.link": "Renew your membership",
  "event.unavailable": "Sorry, tickets are not available for this event.",
  /** Spec 2 §8 "No available memberships shows a configured message": this is its default. */
  "membership.unavailable": "Sorry, memberships are not available at the moment.",
  /** /manage/{ticketOrderId}/cancel-auto-renew (spec 2 §2, §4, §8). */
  "autoRenew.title": "Cancel automatic renewal",
  "autoRenew.intro":
    "Memberships enrolled in automatic renewal are renewed at the end of their term and charged to the saved card. If you cancel, your membership stays valid until its end date and is not renewed.",
  "autoRenew.order": "Order {number}",
  "autoRenew.level": "Level",
  "autoRenew.memberId": "Member ID",
  "autoRenew.validUntil": "Valid until",
  "autoRenew.state": "Automatic renewal",
  "autoRenew.card": "Saved card",
  "autoRenew.enrolled": "Enrolled",
  "autoRenew.cancelled": "Cancelled",
  "autoRenew.notEnrolledState": "Not enrolled",
  "autoRenew.cancel": "Cancel automatic renewal",
  "autoRenew.confirmTitle": "Cancel automatic renewal?",
  "autoRenew.confirmBody":
    "Your membership will not be renewed automatically and your card will not be charged. It stays valid until its end date.",
  "autoRenew.confirmYes": "Yes, cancel automatic renewal",
  "autoRenew.confirmNo": "Keep automatic renewal",
  "autoRenew.cancelling": "Cancelling…",
  "autoRenew.done": "Automatic renewal has been cancelled. Your membership stays valid until its end date.",
  "autoRenew.notEnrolled": "This membership does not appear to be enrolled in automatic renewal.",
  "autoRenew.notFound": "We could not find that order.",
  "autoRenew.failed": "Oops! Sorry, something went wrong. Please try again.",
  "autoRenew.myAccount": "Go to my account",
  "event.anchorRequired": "Add an admission event to your cart first.",
  "event.back": "Back to events",
  "event.venue": "Venue",
  "event.tickets": "Tickets and prices",
  "price.free": "Free",

  "notFound.title": "Oops, We could not find anything at this URL",
  "notFound.home": "Go to the home page",

  // cart
  "dialog.close": "Close",
  "cart.title": "Your cart",
  "cart.empty": "Your cart is empty.",
  "cart.open": "Cart",
  "cart.open.count": "{count} tickets",
  "cart.ticketLine": "{count} × {name}",
  // A membership level is one membership, however many cardholders' tickets it holds ('Dual membership', not '2 × Dual').
  "cart.membershipLine": "{name} membership",
  "cart.anyDate": "Any date",
  "cart.allDay": "{date}, all day",
  "cart.giftRecipient": "For {name}",
  // A seated ticket's seat, 'Section Stalls, Row B, Seat 12' (domain/seat-label.ts).
  "cart.seat.section": "Section",
  "cart.seat.row": "Row",
  "cart.seat.number": "Seat",
  "cart.seats": "Seats",
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
  // A redeemed gift of membership: its value off the level, neither a promo nor an applied code.
  "cart.discount.gift": "Gift of membership",
  "cart.giftMembership": "Gift of membership {code}",
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
  "cart.paid.giftCard": "Paid by gift card {card}",
  "cart.paid.card": "Paid by card",
  "cart.remaining": "Remaining to pay",
  "promo.button": "Promo code",
  "promo.title": "Enter a promo code",
  "promo.field": "Code",
  "promo.apply": "Apply",
  "promo.applying": "Applying…",
  "promo.code_exhausted": "This promo code has been used up.",
  "promo.code_not_found": '"{code}" is not a valid promo code.',
  "promo.code_expired": "This promo code has expired.",
  "promo.code_not_yet_valid": "This promo code is not valid yet.",
  "promo.code_held": "This code is in use in another cart. It is freed if that cart is not checked out.",
  "promo.remove": "Remove",
  "promo.remove.label": "Remove code {code}",
  "promo.removeFailed": "Sorry, we could not remove that code. Please try again.",
  "promo.no_code_benefit": "This promo code does not apply to the tickets in your cart.",
  "promo.invalid_citypass": "Does not match the expected format. Please check your CityPASS code.",
  "promo.duplicate_code": "This promo code is already applied to your cart.",
  "promo.validation_failed": "Please enter a code of 2 to 35 characters.",
  "promo.invalid": '"{code}" is not a valid promo code.',
  "promo.unknown": "Sorry. Please try again later.",

  ...reserveIslandStrings,
  ...checkoutStrings,
  ...myAccountStrings,
  // header and login (spec 1 §2 "Login screens", "Login-or-guest modal")
  "header.greeting": "Hi, {name}",
  "header.login": "Log in",
  "header.myAccount": "My account",
  "header.logout": "Log out",
  "login.title": "Log in",
  "login.email.heading": "Log in with your email address",
  "login.email.label": "Email address",
  "login.email.invalid": "Enter a valid email address.",
  "login.email.continue": "Continue",
  "login.password.heading": "Enter your password",
  "login.password.for": "Logging in as {email}",
  "login.password.label": "Password",
  "login.password.required": "Enter your password.",
  "login.password.forgot": "Forgot password?",
  "login.password.submit": "Log in",
  "login.password.submitting": "Logging in…",
  "login.password.usePasscode": "Email me a login code instead",
  "login.back": "Back",
  "login.passcode.heading": "Check your email",
  "login.passcode.sent": "If {email} has an account, we sent a 6-character code to it.",
  "login.passcode.label": "6-character code",
  "login.passcode.submit": "Log in",
  "login.passcode.submitting": "Checking…",
  "login.passcode.sending": "Sending…",
  "login.passcode.waiting": "Your code is on its way. Trying again in a few seconds…",
  "login.passcode.hint":
    "The code possibly hasn't arrived yet. Check your spam folder, or request a new code.",
  "login.passcode.requestNew": "Request new code",
  "login.passcode.requested": "We sent you a new code.",
  "login.passcode.usePassword": "Log in with your password instead",
  "login.otpUnavailable.heading": "Your login code",
  "login.otpUnavailable.body":
    "This login link was opened in another browser than the one that asked for it. Copy the code and enter it in the browser where you requested it.",
  "login.otpUnavailable.code": "Login code",
  "login.otpUnavailable.copy": "Copy code",
  "login.otpUnavailable.copied": "Copied!",
  "login.member.heading": "Log in with your member ID",
  "login.member.scanCode": "Member ID",
  "login.member.zipCode": "ZIP code",
  "login.member.lastName": "Last name",
  "login.member.password": "Password",
  "login.member.required": "Fill in both fields.",
  "login.member.submit": "Log in with member ID",
  "login.member.forgot": "Forgot your membership ID?",
  "login.suggest": "Log in to use your member benefits, or continue as a guest.",
  "login.guest.continue": "Continue as a guest",
  "login.dialog.title": "Log in or shop as a guest",
  "login.dialog.login": "Log in",
  "login.guest.title": "Shop as a Guest",
  "login.guest.body": "You can shop as a guest without having to register.",
  "login.guest.cta": "Shop as a Guest",
  "login.success": "You are logged in.",
  "membership.start": "Buy a membership",
  "membership.start.gift": "Gift a membership",
  "membership.start.redeem": "Redeem your gift",
  /** The membership purchase form (spec 1 §2, §4, §5, §8; islands/membership). */
  "membershipForm.heading": "Choose your membership",
  "membershipForm.heading.gift": "Choose a membership to give",
  "membershipForm.heading.renew": "Renew your membership",
  "membershipForm.loading": "Loading membership levels…",
  "membershipForm.loadError": "Sorry! Something unexpected happened. Please try again.",
  "membershipForm.previous.heading": "Your membership",
  "membershipForm.previous.level": "Level",
  "membershipForm.previous.validTo": "Valid until",
  "membershipForm.previous.renewalOpens": "You can renew from {date}.",
  "membershipForm.previous.held": "You already hold {level} membership, valid until {date}.",
  "membershipForm.previous.held.someLevel": "a",
  "membershipForm.previous.held.renew": "Renew your membership",
  "membershipForm.levels.legend": "Membership level",
  "membershipForm.extend": "Extend my current membership",
  "membershipForm.extend.hint": "The new term starts when your current membership ends.",
  "membershipForm.extend.hintEnded": "Your membership has ended, so the new term starts today.",
  "membershipForm.members.heading": "Member details",
  "membershipForm.members.hint": "Each named member gets their own membership card.",
  "membershipForm.member.first": "First name",
  "membershipForm.member.last": "Last name",
  "membershipForm.member.email": "Email address",
  "membershipForm.member.optional": "optional",
  "membershipForm.member.numbered": "{role} {n}",
  "membershipForm.role.member": "Member",
  "membershipForm.role.second-card": "Second cardholder",
  "membershipForm.role.third-card": "Third cardholder",
  "membershipForm.role.additional-member": "Additional member",
  "membershipForm.role.youth-member": "Youth member",
  "membershipForm.role.child-member": "Child member",
  "membershipForm.role.caregiver": "Caregivers",
  "membershipForm.role.youth": "Youths",
  "membershipForm.role.child": "Children",
  "membershipForm.role.guest": "Guests",
  "membershipForm.unnamed.range": "{min} to {max}",
  "membershipForm.stepper.increase": "Add one to {role}",
  "membershipForm.stepper.decrease": "Remove one from {role}",
  "membershipForm.stepper.quantity": "Number of {role}",
  "membershipForm.recipient.heading": "Who is this gift for?",
  "membershipForm.recipient.hint": "We e-mail the gift to them with a code to redeem it.",
  "membershipForm.recipient.first": "Recipient's first name",
  "membershipForm.recipient.last": "Recipient's last name",
  "membershipForm.recipient.email": "Recipient's email address",
  "membershipForm.recipient.emailConfirm": "Confirm recipient's email address",
  "membershipForm.emailMismatch": "Email addresses must match.",
  "membershipForm.survey.heading": "A few questions",
  "membershipForm.autoRenew.legend": "Renew this membership automatically at the end of each term?",
  "membershipForm.autoRenew.yes": "Yes",
  "membershipForm.autoRenew.no": "No",
  "membershipForm.autoRenew.hint":
    "We keep your card for the renewal. You can cancel automatic renewal at any time.",
  "membershipForm.footnote":
    "Membership cards are e-mailed to the members after checkout. Physical membership cards take 3 to 5 weeks.",
  "membershipForm.total": "Total",
  "membershipForm.submit": "Continue",
  "membershipForm.submit.gift": "Continue to checkout",
  "membershipForm.submitting": "Adding to your cart…",
  "membershipForm.back": "Back",
  "membershipForm.footer.skip": "Skip",
  "membershipForm.footer.cart": "Cart",
  "membershipForm.atLeastOne": "At least one member is required to purchase a membership",
  "membershipForm.giftToSelf":
    "You can not gift membership to yourself. Do you want to buy or renew membership for yourself?",
  "membershipForm.giftToSelf.link": "Buy or renew your own membership",
  "membershipForm.giftPrompt.title": "Gift a Membership",
  "membershipForm.giftPrompt.message":
    "You need to take action on your current cart before you can gift a membership.",
  "membershipForm.ruleBlocks": "This membership can't be added to your cart.",
  "membershipForm.prompt.title": "Please confirm",
  "membershipForm.prompt.yes": "Yes",
  "membershipForm.prompt.no": "No",
  "membershipForm.redeem.note": "You are redeeming the gift of membership {code}.",
  /** /membership/redeem (spec 2 §2, §8, §9). */
  "membership.redeem.title": "Redeem a gift of membership",
  "membership.redeem.intro":
    "Enter the 10-character code from your gift e-mail, then choose your membership.",
  "membership.redeem.code": "Gift code",
  "membership.redeem.codeHint": "10 letters and numbers, as in your e-mail.",
  "membership.redeem.submit": "Redeem",
  "membership.redeem.checking": "Checking your code…",
  "membership.redeem.invalid": "You must enter a valid code.",
  "membership.redeem.expired": "This code has expired",
  "membership.redeem.exhausted": "This code has already been redeemed",
  /** Spec 2 §8 "No available memberships shows a configured message": the redeem page's default. */
  "membership.redeem.noneAvailable": "Sorry, there are no memberships available for this code at the moment.",
  "membership.redeem.error": "Sorry. Please try again later.",
  "membership.redeem.choose": "Choose your membership",
  "membership.redeem.validUntil": "Redeem by {date}.",
  "membership.redeem.covered": "Covered by your gift",
  "membership.redeem.youPay": "You pay {amount}",
  "membership.redeem.price": "Usual price {amount}",
  "membership.redeem.select": "Choose {name}",
} as const;

export type StringKey = keyof typeof defaultStrings;

/** The tenant's text for `key` (its override, else the spec default), placeholders filled. */
export function t(
  tenant: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined,
  key: StringKey,
  vars?: StringVars,
): string {
  const override = tenant?.strings[key];
  return formatText(override ?? defaultStrings[key], vars, tenant?.locale ?? "en");
}

/** The tenant's words for a message the domain returned (its id and placeholder values). */
export function tMessage(
  tenant: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined,
  message: Message<StringKey>,
): string {
  return messageText(message, (key, vars) => t(tenant, key, vars));
}

/** The resolved subsets, per tenant (a reloaded tenant is a new object) and per key filter. */
const subsetsByTenant = new WeakMap<
  object,
  Map<(key: string) => boolean, Readonly<Record<string, string>>>
>();

/**
 * The tenant's words for every key `isKey` picks: an island's strings, passed to it as one prop.
 * Resolved once per tenant and filter (a page asked for them on every request: a pass over the whole
 * table), and frozen, since every page of the tenant shares the object.
 */
export function stringSubset<K extends string>(
  tenant: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
  isKey: (key: string) => key is K,
): Readonly<Record<K, string>> {
  let subsets = subsetsByTenant.get(tenant);
  if (!subsets) {
    subsets = new Map();
    subsetsByTenant.set(tenant, subsets);
  }
  let subset = subsets.get(isKey);
  if (!subset) {
    // A filter is a module's named function; a new one on every call would only grow the map.
    if (subsets.size >= 32) subsets.clear();
    subset = Object.freeze(
      Object.fromEntries(
        (Object.keys(defaultStrings) as StringKey[])
          .filter(isKey)
          .map((key) => [key, islandTextOf(tenant, key)]),
      ),
    );
    subsets.set(isKey, subset);
  }
  return subset as Readonly<Record<K, string>>;
}

/**
 * A text as an island gets it, its placeholders left for the island to fill: plain, or an ICU
 * plural or select encoded for string-format.ts (an island can't run the ICU parser); a text too
 * rich for that (the strings test keeps them out of islands) goes as the English default.
 */
function islandTextOf(
  tenant: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
  key: StringKey,
): string {
  const template = tenant.strings[key] ?? defaultStrings[key];
  return islandText(template, tenant.locale ?? "en") ?? defaultStrings[key];
}

/** A bound translator for one tenant, handy in .astro templates. */
export function translator(tenant: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined) {
  return (key: StringKey, vars?: StringVars) => t(tenant, key, vars);
}

/** The strings of the reserve island (every "reserve." key plus the shared ones it shows), resolved for a tenant. */

const RESERVE_SHARED = [
  "event.unavailable",
  "event.anchorRequired",
  "price.free",
  ...ISLAND_SHARED_KEYS,
] as const;
type ReserveStringKey = Extract<StringKey, `reserve.${string}`> | (typeof RESERVE_SHARED)[number];
export type ReserveStrings = Record<ReserveStringKey, string>;

export function reserveStrings(
  tenant: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
): ReserveStrings {
  return stringSubset(tenant, isReserveStringKey);
}

function isReserveStringKey(key: string): key is ReserveStringKey {
  return key.startsWith("reserve.") || (RESERVE_SHARED as readonly string[]).includes(key);
}

/** "1 ticket", "3 tickets", in the tenant's words (the waiting list's pages and mails). */
export function waitingListTickets(
  tenant: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
  count: number,
): string {
  return count === 1
    ? t(tenant, "waitingList.tickets.one")
    : t(tenant, "waitingList.tickets.other", { count });
}

/** A seat's words ('Section', 'Row', 'Seat') in the tenant's words, for domain/seat-label.ts. */
export function seatWords(tenant: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined) {
  return {
    section: t(tenant, "cart.seat.section"),
    row: t(tenant, "cart.seat.row"),
    seat: t(tenant, "cart.seat.number"),
  };
}
