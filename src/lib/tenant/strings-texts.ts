/**
 * Visitor-facing texts that the domain and the islands used to write in English in code (form
 * checks, membership and account labels, a place in a line, a wait). The English is the text the
 * code wrote, byte for byte; locales/<lang>/texts.json translates them.
 */
export const visitorTextStrings = {} as const;
