/** A fixed "today" so seeded sessions and assertions line up: noon UTC, 2026-11-22 is a Sunday. */
export const TEST_NOW = new Date("2026-11-22T12:00:00Z");
