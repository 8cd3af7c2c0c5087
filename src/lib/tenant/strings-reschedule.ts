/**
 * Default texts of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm.
 * Spread into strings.ts's defaultStrings. Spec 2 §8 gives "Please contact us to reschedule
 * your tickets." and the fallback "Oops! Sorry, something went wrong."; the rest is worded here.
 */
export const rescheduleStrings = {
  "reschedule.title": "Reschedule your tickets",
  "reschedule.current": "Your tickets for {event} on {when}:",
  "reschedule.ticket": "{count} × {name}",
  "reschedule.choose": "Choose a new date and time",
  "reschedule.loading": "Loading...",
  "reschedule.sameSession": "Choose a different time from your current one.",
  "reschedule.difference.more": "Price difference to pay: {amount}",
  "reschedule.difference.less": "Price difference: {amount} less",
  "reschedule.difference.refund": "The difference will be refunded to your original payment.",
  "reschedule.difference.none": "No price difference.",
  "reschedule.difference.failed":
    "We could not work out the price difference. You will see it before you pay.",
  "reschedule.seats":
    "Choose your new seats, or leave it to us: we keep your seats when they are free, else seat you together as close as we can.",
  "reschedule.confirm": "Confirm new time",
  "reschedule.working": "Saving...",
  "reschedule.restart": "Your changes could not be saved. Please start again.",
  "reschedule.backToOrder": "Back to your booking",
  "reschedule.contactUs": "Please contact us to reschedule your tickets.",
  "reschedule.error": "Oops! Sorry, something went wrong.",
  "reschedule.calendarFailed": "We could not load the dates. Please try again.",
  "reschedule.confirmTitle": "Pay for your changes",
  "reschedule.confirmExpired": "Your changes have expired. Please start again.",
} as const;
