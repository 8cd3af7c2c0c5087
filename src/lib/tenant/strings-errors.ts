/**
 * Default texts of the global error screen (spec 1 §8 "Unexpected API errors show a message with a
 * Continue link to the seller home. Unhandled rejections show a general error with Reload."; spec
 * 2 §8 "Unexpected: 'Sorry, something unexpected happened. Please try again later.'"). Spread into
 * strings.ts's defaultStrings.
 */
export const errorScreenStrings = {
  "error.unexpected": "Sorry, something unexpected happened. Please try again later.",
  "error.reload": "Reload",
  "error.continue": "Continue",
} as const;
