/**
 * Default texts of the waiting list: the join page, a place in the line, the offer page, and the
 * mails (joined, offered). Spread into strings.ts's defaultStrings; a tenant overrides any of them.
 */
export const waitingListStrings = {
  "waitingList.tickets.one": "1 ticket",
  "waitingList.tickets.other": "{count} tickets",
  "waitingList.link": "Sold out? Join the waiting list",
  "waitingList.join.title": "Join the waiting list",
  "waitingList.join.intro":
    "When places come back for a sold-out session, we offer them to the waiting list in the order people joined, by e-mail.",
  "waitingList.join.date": "Date",
  "waitingList.join.showSessions": "Show sessions",
  "waitingList.join.session": "Session on {date}",
  "waitingList.join.soldOut": "{time} (sold out)",
  "waitingList.join.noSoldOut": "No session of this date is sold out: you can book it now.",
  "waitingList.join.book": "Book tickets",
  "waitingList.join.tickets": "How many tickets of each type?",
  "waitingList.join.ticketsNeeded": "Choose at least one ticket.",
  "waitingList.join.tooMany": "At most {max} tickets.",
  "waitingList.join.email": "E-mail",
  "waitingList.join.emailInvalid": "Enter a valid e-mail address.",
  "waitingList.join.emailRequired": "Enter your e-mail address.",
  "waitingList.error": "Sorry, something went wrong. Please try again.",
  // The API's refusals, in the tenant's words (the join form, the leave and decline buttons).
  "waitingList.refused.waiting_list_already_joined":
    "This e-mail address is already on the waiting list for this session.",
  "waitingList.refused.waiting_list_not_sold_out":
    "There are places left for this session: book them instead of waiting.",
  "waitingList.refused.waiting_list_closed": "The waiting list closed when the session started.",
  "waitingList.refused.waiting_list_off": "This event has no waiting list.",
  "waitingList.refused.waiting_list_offer_ended": "This offer has ended.",
  "waitingList.refused.not_found": "This link is no longer valid.",
  "waitingList.refused.rate_limited": "Too many tries from here. Please wait a few minutes and try again.",
  "waitingList.join.submit": "Join the waiting list",
  "waitingList.join.memberSubmit": "Join as {email}",
  "waitingList.join.working": "Joining…",
  "waitingList.join.closed": "The waiting list for this event is closed.",
  "waitingList.joined.title": "You are on the waiting list",
  "waitingList.position": "You are {position} in line.",
  "waitingList.notGuarantee":
    "This is not a guarantee of tickets: places go to the list in the order people joined, as they come back.",
  "waitingList.offerTerms":
    "If places come back, we hold them for you for {hours} hours (less on the day of the visit) and e-mail you a link to pay.",
  "waitingList.noLongerWaiting": "This entry is no longer waiting.",
  "waitingList.leave": "Leave the waiting list",
  "waitingList.leaving": "Leaving…",
  "waitingList.left": "You have left the waiting list.",
  "waitingList.offer.title": "Tickets held for you",
  "waitingList.offer.held": "{tickets} for {event} on {when} are held for you until {until}.",
  "waitingList.offer.pay": "Continue to checkout",
  "waitingList.offer.decline": "I don't want them",
  "waitingList.offer.declining": "Declining…",
  "waitingList.offer.declined": "You declined the offer. The places go to the next person on the list.",
  "waitingList.offer.ended": "This offer has ended.",
  "waitingList.mail.joined.subject": "You are on the waiting list for {event}",
  "waitingList.mail.joined.body":
    "You are on the waiting list for {event} on {when}, for {tickets}. You are {position} in line.",
  "waitingList.mail.leave": "To leave the waiting list:",
  "waitingList.mail.offer.subject": "Tickets for {event} are held for you",
  "waitingList.mail.offer.body":
    "Places came back for {event} on {when}. {tickets} are held for you until {until}.",
  "waitingList.mail.offer.pay": "Pay for them here:",
  "waitingList.mail.offer.decline": "Not going? Let the next person have them:",
  "waitingList.mail.offer.after": "After {until} the places go to the next person on the list.",
} as const;
