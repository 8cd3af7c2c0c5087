/**
 * Default texts of the event page's promos and description dialog (spec 1 §2: "a promo
 * banner, a membership promo"; "Modals: ... description (rich text, full screen on mobile)") and
 * of all-day sessions (spec 1 §9). The spec gives no words for them: these are ours. Spread into
 * strings.ts's defaultStrings; a tenant overrides any of them in its content file.
 */
export const eventDetailStrings = {
  /** The promo banner's landmark name (its words are the tenant's `promo` content blocks). */
  "event.promo.label": "Offers",
  "event.memberPromo.label": "Membership",
  "event.memberPromo.text": "Members get free admission all year.",
  "event.memberPromo.link": "Become a member",
  "event.description.more": "Read more",
  "event.description.title": "About {name}",
  "event.description.close": "Close",
  /** The session display of an all-day visit (spec 1 §9), in place of the time picker. */
  "reserve.session.allDay.heading": "Time",
  "reserve.session.allDay": "All day",
} as const;
