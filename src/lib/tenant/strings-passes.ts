/**
 * Default texts of the wallet passes and the calendar file, in the order's language (the labels
 * the tickets page shares are its keys, strings-tickets.ts). English as the passes and the
 * calendar said before they had a language.
 */
export const passStrings = {
  "passes.event": "Event",
  "passes.valid": "Valid",
  "passes.venue": "Venue",
  "passes.soldBy": "Sold by",
  "passes.welcome": "Welcome to {venue}",
  "passes.calendar.description": "{when}. Order {number}, {count} tickets. {seller}.",
  "passes.calendar.descriptionOne": "{when}. Order {number}, 1 ticket. {seller}.",
} as const;
