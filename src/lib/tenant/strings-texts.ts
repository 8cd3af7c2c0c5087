/**
 * Visitor-facing texts that the domain and the islands used to write in English in code: the
 * password requirements, the wait a rate-limited visitor is told, a place in the waiting list's
 * line, the membership already held, and the membership form's refusals the API answers. The English
 * is the text the code wrote, byte for byte (ICU plurals and ordinals give the same words); the
 * translations are locales/<lang>/texts.json. The keys sit under the prefixes of the islands that
 * show them, so each island's string subset carries them.
 */
export const visitorTextStrings = {
  // The password requirements list (domain/password-rules.ts PASSWORD_REQUIREMENTS).
  "account.password.rule.length": "At least {min} characters",
  "account.password.rule.noEdgeSpace": "No spaces at the start or end",
  "account.password.rule.printable": "Only letters, digits, spaces and symbols found on a keyboard",
  "account.password.rule.classes":
    "At least {count} of: an uppercase letter, a lowercase letter, a digit, a special character",

  // A rate limit's real wait (domain/retry-wait.ts); a minute is the generic text's. English picks
  // `.one` or `.other` by the count; the languages' `.other` are ICU plurals with their own forms.
  "login.error.rateLimited.seconds.one": "Too many attempts. Please wait 1 second and try again.",
  "login.error.rateLimited.seconds.other": "Too many attempts. Please wait {count} seconds and try again.",
  "login.error.rateLimited.minutes.other": "Too many attempts. Please wait {count} minutes and try again.",
  "login.error.rateLimited.anHour": "Too many attempts. Please wait an hour and try again.",
  "login.error.rateLimited.hours.other": "Too many attempts. Please wait {count} hours and try again.",
  "account.error.rateLimited.seconds.one": "Too many attempts. Please wait 1 second and try again.",
  "account.error.rateLimited.seconds.other": "Too many attempts. Please wait {count} seconds and try again.",
  "account.error.rateLimited.minutes.other": "Too many attempts. Please wait {count} minutes and try again.",
  "account.error.rateLimited.anHour": "Too many attempts. Please wait an hour and try again.",
  "account.error.rateLimited.hours.other": "Too many attempts. Please wait {count} hours and try again.",

  // The waiting list: the visitor's place, an English ordinal ("3rd") in English.
  "waitingList.position.ordinal":
    "You are {position, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} in line.",

  // The membership form: a level already held, with English's article for the level's name.
  "membershipForm.previous.heldLevel":
    "You already hold {article, select, an {an} other {a}} {level} membership, valid until {date}.",

  // The membership reserve's refusals (domain/membership/members.ts), said by the API.
  "apiError.members.atLeastOne": "At least one member is required to purchase a membership",
  "apiError.members.notARole": '"{role}" is not a member role of this membership level.',
  "apiError.members.oneCard": "A membership has one {role} card.",
  "apiError.members.between": "Choose between {min} and {max} {role} tickets.",
  "apiError.memberLimit.reached":
    "You have reached your member limit of {limit} tickets for this membership term.",
  "apiError.memberLimit.allows.one":
    "Your membership allows 1 more ticket of this kind (limit {limit} per membership term).",
  "apiError.memberLimit.allows.other":
    "Your membership allows {available} more tickets of this kind (limit {limit} per membership term).",
  "apiError.memberEventLimit.reached.one":
    "You have reached your member limit of 1 ticket for {event} this membership term.",
  "apiError.memberEventLimit.reached.other":
    "You have reached your member limit of {limit} tickets for {event} this membership term.",
  "apiError.memberEventLimit.allows.one":
    "Your membership allows 1 ticket more for {event} this membership term (limit {limit} per event).",
  "apiError.memberEventLimit.allows.other":
    "Your membership allows {available} tickets more for {event} this membership term (limit {limit} per event).",
  // A membership's renewal and term, the dates written in the call's language.
  "apiError.renewal_not_open.from": "Your membership can be renewed from {date}, {days} days before it ends.",
  "apiError.membership_extend_prompt.ended":
    "Your membership has ended. Do you want to renew it, keeping your member ID?",
  "apiError.membership_extend_prompt.until":
    "Your membership is valid until {date}. Do you want to extend it, so the new term starts when it ends?",
  "apiError.membership_already_held.level":
    "You already hold {article, select, an {an} other {a}} {level} membership, valid until {date}. You can renew it from {opens}.",
  "apiError.membership_already_held.some":
    "You already hold a membership, valid until {date}. You can renew it from {opens}.",
  "apiError.reserve.outsideMinMax": "Value entered is outside min/max",
  "apiError.invalid_citypass.format": "Does not match the expected format. Please check your CityPASS code.",
} as const;
